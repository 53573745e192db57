"""The data of every room event (the `d` of `{"v", "t", "d"}`), one record a kind, as the wire has it.

The records are TypedDicts: their JSON form is the dict itself, so sending one is a dump, and
`event_from_json` is the way back, checking that a `d` has exactly the fields its kind defines
(docs/protocol.md, "Events", lists them for clients). The room builds them, `views` decides who gets
which (a rival's hint reaches players still racing as `HintSeen`).

The records are by topic: `players` (membership), `lobby`, `race` (with a move's ack) and `hints`; a
ghost's are in `server.room.ghosts`. This package's own job is the catalogue of kinds, `EVENT_KINDS`,
and reading a `d` back against it.
"""

from collections.abc import Mapping
from typing import get_args, is_typeddict

from server.room.events.hints import Hinted, HintSeen
from server.room.events.lobby import Countdown, Lobby, LockChanged, ReadyChanged
from server.room.events.players import (
    HostChanged,
    Kicked,
    PlayerJoined,
    PlayerLeft,
    Presence,
    SpectatorsChanged,
)
from server.room.events.race import Finished, Moved, MovedUnseen, RaceOver, Started
from server.room.ghosts import GhostMoved, GhostUnseen
from server.room.settings import SettingsJson

EventData = (
    PlayerJoined
    | SpectatorsChanged
    | PlayerLeft
    | HostChanged
    | Kicked
    | Presence
    | ReadyChanged
    | SettingsJson
    | LockChanged
    | Countdown
    | Started
    | Moved
    | MovedUnseen
    | Finished
    | RaceOver
    | Lobby
    | Hinted
    | HintSeen
    | GhostMoved
    | GhostUnseen
)

EVENT_KINDS: dict[str, tuple[type, ...]] = {
    "joined": (PlayerJoined, SpectatorsChanged),
    "left": (PlayerLeft, SpectatorsChanged),
    "host": (HostChanged,),
    "kicked": (Kicked,),
    "presence": (Presence,),
    "ready": (ReadyChanged,),
    "settings": (SettingsJson,),
    "locked": (LockChanged,),
    "countdown": (Countdown,),
    "started": (Started,),
    "moved": (Moved, MovedUnseen),
    "finished": (Finished,),
    "race_over": (RaceOver,),
    "lobby": (Lobby,),
    "hinted": (Hinted, HintSeen),
    "ghost": (GhostMoved, GhostUnseen),
}
"""Every event kind and the shapes its data may take."""


class BadEvent(ValueError):
    """Data that is not an event of its kind."""


def event_from_json(kind: str, data: object) -> EventData:
    """The event data of `kind` read back from JSON; refuses an unknown kind or fields that do not fit.

    The check is of the fields (each shape's required ones present, nothing it does not define) and of
    the `role` tag, which tells a player's `joined` from a spectator's.
    """
    shapes = EVENT_KINDS.get(kind)
    if shapes is None:
        raise BadEvent(f"no event is called {kind[:40]!r}")
    if not isinstance(data, dict):
        raise BadEvent(f"{kind} data must be an object")
    for shape in shapes:
        if _fits(shape, data):
            return data  # type: ignore[return-value]  # checked against the shape above
    raise BadEvent(f"{kind} data has fields {sorted(data)[:20]}, which no {kind} event has")


def _fits(shape: type, data: Mapping[str, object]) -> bool:
    if not is_typeddict(shape):
        return False
    required: frozenset[str] = shape.__required_keys__  # type: ignore[attr-defined]
    optional: frozenset[str] = shape.__optional_keys__  # type: ignore[attr-defined]
    if not required <= data.keys() <= required | optional:
        return False
    role = shape.__annotations__.get("role")
    return role is None or data["role"] in get_args(role)
