"""The clear check's tokens: stateless and signed, so any process of a cluster accepts what another
gave, and nothing is kept per author.

A token is `payload.signature`, both base64url: the payload a compact JSON ticket (what it is, the
maze's fingerprint, when, and the author's time), the signature an HMAC-SHA256 of the payload under a
key derived from the store's daily secret (one per database, so every process of a cluster has it). A
check's start is good for `CHECK_SECONDS`; a pass (the walk accepted) for `CLEARED_SECONDS` to publish.
Times are the server's wall clock (epoch seconds), which every process of a cluster shares.
"""

import base64
import binascii
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Literal

from server.errors import GameError

CHECK_SECONDS = 2 * 3600
"""How long an author has to finish a clear check once it started."""
CLEARED_SECONDS = 24 * 3600
"""How long a passed clear check may be published with."""
MAX_TOKEN_CHARS = 400
"""A token is about 200 characters: anything much longer is not one of ours, and is not decoded."""
SKEW_SECONDS = 60.0
"""A ticket from up to this far in the future is accepted (the clocks of a cluster's machines)."""

Kind = Literal["check", "cleared"]


@dataclass(frozen=True)
class Ticket:
    """What a token vouches for: a check started at `at` on the maze of `fingerprint`, or passed at `at`
    in `clear_ms` (0 for a start)."""

    kind: Kind
    fingerprint: str
    at: float
    clear_ms: int = 0


def token_key(secret: str, purpose: bytes = b"mazerace clear checks") -> bytes:
    """A key for one purpose derived from the store's secret (the daily seeds' secret is never used
    as it is, so a token reveals nothing of it)."""
    return hmac.new(secret.encode("utf-8"), purpose, hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def sign(key: bytes, ticket: Ticket) -> str:
    """The token of `ticket`."""
    fields = {"k": ticket.kind, "f": ticket.fingerprint, "t": round(ticket.at, 3), "c": ticket.clear_ms}
    payload = _b64(json.dumps(fields, separators=(",", ":")).encode("ascii"))
    return f"{payload}.{_b64(hmac.new(key, payload.encode('ascii'), hashlib.sha256).digest())}"


def _forged() -> GameError:
    return GameError("that clear check is not one this server gave", code="bad_check")


def _decode(key: bytes, token: object) -> Ticket:
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_CHARS or not token.isascii():
        raise GameError(
            "a clear check token is needed: race the maze in the editor's test mode first", code="bad_check"
        )
    payload, _, signature = token.partition(".")
    good = _b64(hmac.new(key, payload.encode("ascii"), hashlib.sha256).digest())
    if not hmac.compare_digest(good, signature):
        raise _forged()
    try:
        fields = json.loads(_unb64(payload))
        ticket = Ticket(fields["k"], fields["f"], float(fields["t"]), int(fields["c"]))
    except (ValueError, KeyError, TypeError, binascii.Error):
        raise _forged() from None
    return ticket


def read(key: bytes, token: object, kind: Kind, fingerprint: str, now: float) -> Ticket:
    """The ticket of a token given for the maze of `fingerprint`, or `bad_check` naming what is wrong:
    none, forged, the other kind, another maze's, or expired."""
    ticket = _decode(key, token)
    if ticket.kind != kind:
        wanted = "a started clear check" if kind == "check" else "a passed clear check"
        raise GameError(f"that token is not {wanted}", code="bad_check")
    if not hmac.compare_digest(ticket.fingerprint, fingerprint):
        message = "that clear check was for another maze: any edit needs a new clear check"
        raise GameError(message, code="bad_check")
    lasts = CHECK_SECONDS if kind == "check" else CLEARED_SECONDS
    if now - ticket.at > lasts:
        raise GameError(
            f"that clear check has expired ({lasts // 3600} hours): race the maze again", code="bad_check"
        )
    if ticket.at > now + SKEW_SECONDS:
        raise _forged()
    return ticket
