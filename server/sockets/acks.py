"""What each command's ack carries when it succeeds, one record a command, as the wire has it.

The gateway wraps each in `{"ok": true, ...}`; a refusal is `{"ok": false, "error": {code, message}}`
(`error_ack`). docs/protocol.md lists them for clients.
"""

from typing import NotRequired, TypedDict

from server.errors import ErrorCode
from server.room.events.hints import HintAck
from server.room.events.race import MoveAck
from server.room.membership import MembershipJson
from server.room.settings import SettingsJson
from server.room.views import Snapshot

Ack = dict[str, object]
"""The JSON object an event's ack sends back: the one loose shape, at the Socket.IO boundary."""


class Done(TypedDict):
    """A command whose ack says only that it was done."""


class Joined(TypedDict):
    """`join` and `take_seat`: who the connection is now, and (a join) the room as they may see it."""

    you: MembershipJson
    snapshot: NotRequired[Snapshot]


class SettingsChanged(TypedDict):
    """`settings`: the room's settings after the change."""

    settings: SettingsJson


class MoveReply(MoveAck):
    """`move`: the mover's position, and the client's sequence number echoed when it sent one."""

    seq: NotRequired[int]


class BotAdded(TypedDict):
    """`add_bot`: the new bot's id."""

    id: str | None


class Resynced(TypedDict):
    """`resync`: a full snapshot."""

    snapshot: Snapshot


Reply = Done | Joined | SettingsChanged | MoveReply | HintAck | BotAdded | Resynced


def error_ack(code: ErrorCode, message: str) -> Ack:
    """The refusal shape every command shares."""
    return {"ok": False, "error": {"code": code, "message": message}}
