"""Who a request comes from, when a trusted proxy stands in front.

Behind nginx every connection's peer is nginx itself, so every client would share one address and one
set of rate limits (one player's rooms would use up everyone's room-making budget). A request whose
peer is a configured trusted proxy (`--trusted-proxy`, the cluster launcher passes 127.0.0.1) takes the
client address from `X-Real-IP`, which nginx sets to the address it saw (`proxy_set_header X-Real-IP
$remote_addr`, overwriting whatever the client sent). From any other peer the header is ignored, and
`X-Forwarded-For` is never read: its leftmost entries are whatever the client wrote. The request is
replaced by a clone with that `remote`, so every reader of `request.remote` (the rate limits, the room
making limit, replays, the Socket.IO handshake) sees the client.
"""

import argparse
import ipaddress
from collections.abc import Awaitable, Callable

from aiohttp import web

from server.http.keys import CONFIG

REAL_IP = "X-Real-IP"


def _normal(text: str) -> str | None:
    """An address in one spelling (`::ffff:127.0.0.1` is `127.0.0.1`), or None for no address."""
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


def parse_proxy_address(text: str) -> str:
    """A `--trusted-proxy` value: one IP address (no names, no ranges)."""
    address = _normal(text)
    if address is None:
        raise argparse.ArgumentTypeError(f"a trusted proxy is an IP address like 127.0.0.1: {text[:60]!r}")
    return address


def forwarded_address(request: web.Request, trusted: frozenset[str]) -> str | None:
    """The client address a trusted proxy vouches for, or None (untrusted peer, no or bad header)."""
    peer = _normal(request.remote or "")
    if peer is None or peer not in trusted:
        return None
    return _normal(request.headers.get(REAL_IP, "")[:64])


@web.middleware
async def client_address_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Hand the handlers a request whose `remote` is the client behind a trusted proxy."""
    trusted = request.app[CONFIG].trusted_proxies
    client = forwarded_address(request, trusted) if trusted else None
    return await handler(request if client is None else request.clone(remote=client))
