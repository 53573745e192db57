"""The data of every room event (the `d` of `{"v", "t", "d"}`), one record a kind, as the wire has it.

The records are TypedDicts: their JSON form is the dict itself, so sending one is a dump, and
`event_from_json` is the way back, checking that a `d` has exactly the fields its kind defines
(docs/protocol.md, "Events", lists them for clients). The room builds them, `views` decides who gets
which (a rival's hint reaches players still racing as `HintSeen`).
"""

from typing import Any, Literal, NotRequired, TypedDict, get_args, is_typeddict

from server.maze.race_card import Count, DifficultyCard
from server.maze.wire import MazeJson
from server.room.bot_spec import BotSpecJson
from server.room.ghosts import GhostEntry, GhostMoved, GhostSplit, GhostUnseen
from server.room.results import ResultRow
from server.room.settings import SettingsJson


class PlayerEntry(TypedDict):
    """A player as every client sees them (docs/protocol.md, "A player entry"): never the token; the
    position and trail once a race has started, the time and rank once they finished."""

    id: str
    name: str
    colour: str
    ready: bool
    connected: bool
    host: bool
    moves: int
    hints: int
    penalty: int
    finished: bool
    dnf: bool
    left: bool
    room: NotRequired[list[int]]
    facing: NotRequired[str]
    trail: NotRequired[list[list[int]]]
    distance: NotRequired[int | None]
    seen: NotRequired[str]
    """In a fog race, to spectators and those done racing: the cells this racer has seen (a bitset)."""
    bot: NotRequired[BotSpecJson]
    """Set for a bot: its kind and speed (moves a second)."""
    time: NotRequired[int | None]
    rank: NotRequired[int]


class PlayerJoined(PlayerEntry):
    """`joined` of a player: their entry."""

    role: Literal["player"]


class SpectatorsChanged(TypedDict):
    """`joined` or `left` of a spectator: who, and how many watch now."""

    id: str
    role: Literal["spectator"]
    spectators: int


class PlayerLeft(TypedDict):
    """`left` of a player (a racer stays in the results as DNF)."""

    id: str
    role: Literal["player"]


class HostChanged(TypedDict):
    """`host`: the new host (None when the last player left)."""

    id: str | None


class Kicked(TypedDict):
    """`kicked`: the host removed this member (a `left` follows)."""

    id: str


class Presence(TypedDict):
    """`presence`: a player's connection dropped or came back."""

    id: str
    connected: bool


class ReadyChanged(TypedDict):
    """`ready`."""

    id: str
    ready: bool


class LockChanged(TypedDict):
    """`locked`."""

    locked: bool


class Countdown(TypedDict):
    """`countdown`: when the race starts (ms on the server's clock, with its `now` to correct skew)."""

    start_at: int
    now: int
    seconds: float
    sitting_out: list[str]


class Started(TypedDict):
    """`started`: the maze, at last (it is secret until now)."""

    race: str | None
    maze: MazeJson
    started_at: int
    shortest: NotRequired[int]
    """Not for racers in a fog race: the length of the way out is not theirs to know."""
    difficulty: NotRequired[DifficultyCard]
    """Not for racers in a fog race either: it tells the solution's length."""
    players: list[PlayerEntry]
    ghosts: NotRequired[list[GhostEntry]]
    """In a room with ghosts (`server.room.ghosts`): each on the entrance."""


class Position(TypedDict):
    """Where a racer stands: a move's ack."""

    room: list[int]
    """The cell (the wire name predates the word)."""
    facing: str
    trail_len: int
    moves: int
    distance: NotRequired[int | None]
    """Steps left to the exit; not for racers in a fog race."""


class MoveAck(Position):
    """A move's ack: the position, and in a fog race the cells the move let the mover see."""

    seen: NotRequired[list[list[int]]]
    """`[r, c, bits]` of each newly seen cell (`fog.revealed`)."""
    rivals: NotRequired[list["RivalInSight"]]
    """In a fog race: every other racer in sight from the new cell (a rival standing still sends no
    `moved`, so walking into sight of them shows them here)."""


class RivalInSight(TypedDict):
    """Where a rival in sight stands."""

    id: str
    room: list[int]
    facing: str


class Moved(Position):
    """`moved`: a racer's new position."""

    id: str


class MovedUnseen(TypedDict):
    """`moved` as a fog racer gets it when the mover stands where they cannot see: not where."""

    id: str
    moves: int


class Finished(TypedDict):
    """`finished`: a racer reached the exit (the rank is provisional until `race_over`)."""

    id: str
    rank: int
    time: int | None
    penalty: int
    moves: int
    hints: int


class RaceOver(TypedDict):
    """`race_over`: the results, how many shortest routes the maze had, and its difficulty card."""

    race: str | None
    results: list[ResultRow]
    shortest: int
    shortest_routes: Count
    difficulty: DifficultyCard | None
    ghosts: NotRequired[list[GhostSplit]]
    """In a room with ghosts: their times, for each player's split against each."""


class Lobby(TypedDict):
    """`lobby`: the room is open again for a new race."""

    settings: SettingsJson
    players: list[PlayerEntry]


Hinted = TypedDict(
    "Hinted",
    {
        "id": str,
        "method": str,
        "found": bool,
        "from": list[int],
        "next": list[int] | None,
        "path": str | None,
        "explored": int,
        "back_to": list[int] | None,
        "back_path": str | None,
        "explore": list[int] | None,
        "explore_path": str | None,
        "hints": int,
        "penalty": int,
    },
)
"""`hinted` as the asker, spectators and those done racing get it: the way on (cell lists packed). In a
fog race, when the exit cannot be reached through what the asker has seen, `explore` is the nearest
unseen cell an open passage leads to and `explore_path` the way there (both null otherwise)."""


class HintSeen(TypedDict):
    """`hinted` as the other players still racing get it: that a hint was asked, not where it leads."""

    id: str
    method: str
    found: bool
    explored: int
    hints: int
    penalty: int


class HintAck(Hinted):
    """The asker's ack: the hint, and its explored order when they asked for it."""

    order: NotRequired[str]
    seen: NotRequired[list[list[int]]]
    """In a fog race, when the hint moved the asker: the cells that step let them see (as `MoveAck`)."""


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


def _fits(shape: type, data: dict[str, Any]) -> bool:
    if not is_typeddict(shape):
        return False
    required: frozenset[str] = shape.__required_keys__  # type: ignore[attr-defined]
    optional: frozenset[str] = shape.__optional_keys__  # type: ignore[attr-defined]
    if not required <= data.keys() <= required | optional:
        return False
    role = shape.__annotations__.get("role")
    return role is None or data["role"] in get_args(role)
