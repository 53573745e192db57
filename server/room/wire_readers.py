"""Typed readers of what a client gets from the server: each room event's data, the join snapshot and
the acks of a move and a hint, read from JSON into the core's own records.

A client trusts the server, but not that the server is the same version as itself: a message that is
malformed, or from a newer protocol (a field this client does not know), must be refused here with
an error that names the kind and the field, not fail later deep in drawing. (An event kind it never
heard of is the client's to notice: `events.EVENT_KINDS` lists them all.)
Each reader checks the JSON against the record's TypedDict (every required field there, no field the
record does not define, each value of its declared type, cells `[row, col]` pairs) and returns it as
that record. Pure: no I/O, so any client (the terminal's, a bot's, a test's) can use them.
"""

import functools
import types
from collections.abc import Callable, Mapping
from typing import (
    Literal,
    NotRequired,
    TypedDict,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from server.room.events.hints import HintAck, Hinted, HintSeen
from server.room.events.lobby import Countdown, Lobby, ReadyChanged
from server.room.events.players import HostChanged, PlayerJoined, PlayerLeft, Presence, SpectatorsChanged
from server.room.events.race import Finished, MoveAck, Moved, MovedUnseen, RaceOver, Started
from server.room.settings import SettingsJson
from server.room.views import Snapshot

CELL_FIELDS = frozenset({"cell", "entrance", "exit", "from", "next", "back_to", "explore"})
"""Fields that hold one cell, `[row, col]` (the records can only say `list[int]`)."""
CELL_LIST_FIELDS = frozenset({"trail"})
"""Fields that hold a list of cells."""

Record = TypeVar("Record")
Other = TypeVar("Other")


class BadMessage(ValueError):
    """A message from the server that is not of the shape its kind has (malformed, or newer)."""


class You(TypedDict):
    """`you` of a join's ack: the member this connection is, and a player's secret token and colour."""

    id: str
    role: Literal["player", "spectator"]
    token: NotRequired[str]
    colour: NotRequired[str | None]


class JoinAck(TypedDict):
    """A join's ack (its `ok` aside): who joined, and the room to draw."""

    you: You
    snapshot: Snapshot


class Refusal(TypedDict):
    """The `error` of a refused command's ack."""

    code: str
    message: str


# ----- events ----------------------------------------------------------------------------------------
# Each takes the `d` of one kind of event; where a kind has two shapes (a player's or a spectator's
# `joined`, a `moved` in or out of a fog racer's sight, a hint's way or only that it was asked), either.


def _reader(kind: str, shape: type[Record]) -> Callable[[object], Record]:
    return lambda data: _read(kind, data, shape)


def _either(kind: str, one: type[Record], other: type[Other]) -> Callable[[object], Record | Other]:
    return lambda data: cast(Record | Other, _one_of(kind, data, (one, other)))


read_joined = _either("joined", PlayerJoined, SpectatorsChanged)
read_left = _either("left", PlayerLeft, SpectatorsChanged)
read_presence = _reader("presence", Presence)
read_ready = _reader("ready", ReadyChanged)
read_finished = _reader("finished", Finished)
read_settings = _reader("settings", SettingsJson)
read_host = _reader("host", HostChanged)
read_countdown = _reader("countdown", Countdown)
read_started = _reader("started", Started)
read_moved = _either("moved", Moved, MovedUnseen)
read_hinted = _either("hinted", Hinted, HintSeen)
read_race_over = _reader("race_over", RaceOver)
read_lobby = _reader("lobby", Lobby)


# ----- snapshots and acks ----------------------------------------------------------------------------


def read_join_ack(ack: Mapping[str, object]) -> JoinAck:
    """An accepted join's ack."""
    return _read("join ack", _without_ok(ack), JoinAck)


def read_resync_ack(ack: Mapping[str, object]) -> Snapshot:
    """An accepted resync's ack: the room to draw again."""
    return _read("resync ack's snapshot", ack.get("snapshot"), Snapshot)


def read_move_ack(ack: Mapping[str, object]) -> MoveAck:
    """An accepted move's ack: where the mover stands now (and in a fog race what they see)."""
    return _read("move ack", _without_ok(ack), MoveAck)


def read_hint_ack(ack: Mapping[str, object]) -> HintAck:
    """An answered hint's ack."""
    return _read("hint ack", _without_ok(ack), HintAck)


def read_refusal(ack: Mapping[str, object]) -> Refusal:
    """The error of a refused command's ack."""
    return _read("refusal", ack.get("error"), Refusal)


def _without_ok(ack: Mapping[str, object]) -> dict[str, object]:
    """An accepted ack's own fields: the server adds `ok` (and `seq` when a move sent one) to them."""
    return {key: value for key, value in ack.items() if key not in ("ok", "seq")}


# ----- the check -------------------------------------------------------------------------------------


def _read(kind: str, data: object, shape: type[Record]) -> Record:
    problem = _record_problem(shape, data)
    if problem is not None:
        raise BadMessage(f"{kind}: {problem}")
    return cast(Record, data)


def _one_of(kind: str, data: object, shapes: tuple[type, ...]) -> object:
    """`data` when it is one of the records `shapes`; else the problem of the one whose fields it has
    (of all of them when it has the fields of none, or of several)."""
    problems = {shape: _record_problem(shape, data) for shape in shapes}
    if None in problems.values():
        return data
    near = [p for shape, p in problems.items() if p is not None and _field_problem(shape, data) is None]
    every = [p for p in problems.values() if p is not None]
    raise BadMessage(f"{kind}: " + "; or ".join(dict.fromkeys(near if len(near) == 1 else every)))


@functools.cache
def _fields(shape: type) -> tuple[dict[str, object], frozenset[str]]:
    """A record's field types and its required fields."""
    required: frozenset[str] = shape.__required_keys__  # type: ignore[attr-defined]
    return get_type_hints(shape), required


def _field_problem(shape: type, data: object) -> str | None:
    """What keeps `data` from having the fields of a `shape` record (whatever their values)."""
    if not isinstance(data, dict):
        return f"must be an object, not {_json_type(data)}"
    types_of, required = _fields(shape)
    missing = sorted(required - data.keys())
    if missing:
        return f"lacks {', '.join(missing[:5])}"
    unknown = sorted(str(key) for key in data.keys() - types_of.keys())
    if unknown:
        return f"has {', '.join(unknown[:5])}, which this client does not know (a newer server?)"
    return None


def _record_problem(shape: type, data: object) -> str | None:
    """What keeps `data` from being a `shape` record, or None when it is one."""
    problem = _field_problem(shape, data)
    if problem is not None or not isinstance(data, dict):
        return problem
    types_of = _fields(shape)[0]
    for name, value in data.items():
        annotation = types_of[name]
        problem = None if _accepts(annotation)(value) else _value_problem(annotation, value)
        if problem is None and value is not None and (name in CELL_FIELDS or name in CELL_LIST_FIELDS):
            cells = value if name in CELL_LIST_FIELDS else [value]
            problem = next((f"{cell} is no [row, col]" for cell in cells if len(cell) != 2), None)
        if problem is not None:
            return f"`{name}` {problem}"
    return None


@functools.cache
def _accepts(annotation: object) -> Callable[[object], bool]:
    """A quick test of values against `annotation`, built once a type: a snapshot can hold a hundred
    thousand cells. `_value_problem` finds the words only when it fails."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, types.UnionType):
        options = [_accepts(option) for option in args]
        return lambda value: any(accepts(value) for accepts in options)
    if origin is Literal:
        return lambda value: value in args
    if origin is list and args[0] in (bool, int, str):
        return lambda value: type(value) is list and all(type(item) is args[0] for item in value)
    if origin is list:
        accepts_item = _accepts(args[0])
        return lambda value: type(value) is list and all(accepts_item(item) for item in value)
    if annotation is float:
        return lambda value: type(value) in (int, float)
    if isinstance(annotation, type) and is_typeddict(annotation):
        return lambda value: _record_problem(annotation, value) is None
    _expected(annotation)  # refuses a type no reader knows
    return lambda value: type(value) is annotation


def _value_problem(annotation: object, value: object) -> str | None:
    """What keeps `value` from being of the type `annotation`, or None when it is."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        options = get_args(annotation)
        problems = [_value_problem(option, value) for option in options]
        if None in problems:
            return None
        deeper = [p for o, p in zip(options, problems, strict=True) if _expected(o) == _json_type(value)]
        if len(deeper) == 1:  # the option of the value's JSON type: what is wrong inside it
            return deeper[0]
        return f"must be {' or '.join(map(_expected, options))}, not {_json_type(value)}"
    if origin is Literal:
        allowed = get_args(annotation)
        return None if value in allowed else f"must be {_expected(annotation)}, not {value!r:.40}"
    expected, actual = _expected(annotation), _json_type(value)
    if actual != expected and not (expected == "a number" and actual == "a whole number"):
        return f"must be {expected}, not {actual}"
    if isinstance(value, list):
        (item,) = get_args(annotation)
        return next((f"[{i}] {p}" for i, v in enumerate(value) if (p := _value_problem(item, v))), None)
    if isinstance(annotation, type) and is_typeddict(annotation):
        return _record_problem(annotation, value)
    return None


def _expected(annotation: object) -> str:
    """The JSON a type stands for, in words."""
    if get_origin(annotation) is Literal:
        return f"one of {list(get_args(annotation))}"
    if get_origin(annotation) is list:
        return "a list"
    if isinstance(annotation, type) and is_typeddict(annotation):
        return "an object"
    if annotation in _JSON_NAMES:
        return _JSON_NAMES[annotation]
    raise TypeError(f"no reader knows the type {annotation!r}")  # a record's field of a new kind of type


_JSON_NAMES: dict[object, str] = {
    type(None): "null",
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "an object",
}


def _json_type(value: object) -> str:
    return _JSON_NAMES.get(type(value), "something else")
