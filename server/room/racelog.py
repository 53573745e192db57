"""A race's log of moves and hints, packed in three typed columns: 9 bytes an entry, not ~200.

The room appends to it on every move, the store writes it as one compressed blob, and the replay API
sends its columns as base64 (`docs/protocol.md`, "Stored race log"). An entry is its race time in ms
(`times`, uint32), its player (`who`, an index into `players`, uint8) and what happened (`what`, int32):
a move's room as the flat index `r * cols + c` (>= 0), or a hint as `-1 - (2 * method + found)` with
`method` an index into `LOGGED_METHODS`. Columns are little-endian on the wire and on disk.

The bounds come from the documented rate limits (`MOVE_RATE`, `HINT_RATE`): an honest racer cannot
move faster than the server lets anyone move, so a race's log never outgrows what its time limit allows.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import struct
import sys
import zlib
from array import array
from collections.abc import Iterator, Mapping
from typing import Any, Literal, TypedDict

from server.errors import GameError
from server.maze.model import Cell

LOGGED_METHODS: tuple[str, ...] = ("dfs", "bfs", "astar", "dfs-recursive")
"""The searches a hint can run (`random` is logged as the one it drew). Indices are the log's format:
new searches are appended, never inserted."""

MOVE_RATE, MOVE_BURST = 20.0, 10.0
"""The documented move limit a player (moves a second, burst): `AppConfig.move_limit`."""
HINT_RATE, HINT_BURST = 1.0, 1.0
"""The documented hint limit a player: `AppConfig.hint_limit`."""
MIN_MOVE_CAP = 10_000
"""Moves a racer may always make, however small the maze (room to explore and come back)."""

BLOB_FORMAT = 1
_HEADER = struct.Struct("<BI")  # format, entry count


class MoveEntry(TypedDict):
    """A move in the readable form: its race time in ms, the mover's id, and the cell moved into as
    `[r, c]` (the lists older servers saved call it `room`; `RaceLog.from_state` reads both)."""

    t: int
    type: Literal["move"]
    id: str
    cell: list[int]


class HintEntry(TypedDict):
    """A hint in the readable form: its race time in ms, the asker's id, the search run, whether it found
    the way."""

    t: int
    type: Literal["hint"]
    id: str
    method: str
    found: bool


LogEntry = MoveEntry | HintEntry
"""One entry of a race log as `RaceLog` iterates it (and as servers before the packed log saved it)."""


class LogWire(TypedDict):
    """The replay API's form of a log (docs/protocol.md, "Stored race log"): the three columns in base64."""

    players: list[str]
    count: int
    t: str
    who: str
    what: str


class LogState(LogWire):
    """The form a saved room or a rescued race keeps: the wire form and the maze's columns."""

    cols: int


def move_cap(rows: int, cols: int, time_limit: float, hint_moves: int = 0) -> int:
    """Most moves a racer may make in one race: every room explored twice (at least MIN_MOVE_CAP), and
    never more than the move limit allows in the time limit, plus the steps hints may take for them."""
    structural = max(MIN_MOVE_CAP, 2 * rows * cols)
    honest = math.ceil(MOVE_RATE * time_limit + MOVE_BURST) + hint_moves
    return min(structural, honest)


def hint_cap(hint_limit: int, time_limit: float) -> int:
    """Most hints a racer may get in one race: the room's limit, and no more than one a second allows."""
    return min(hint_limit, math.ceil(HINT_RATE * time_limit + HINT_BURST))


def _little(column: array[int]) -> bytes:
    if sys.byteorder == "big":
        column = array(column.typecode, column)
        column.byteswap()
    return column.tobytes()


def _column(typecode: str, data: bytes) -> array[int]:
    column = array(typecode)
    column.frombytes(data)
    if sys.byteorder == "big":
        column.byteswap()
    return column


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


class RaceLog:
    """Every move and hint of one race, in the order the room applied them."""

    __slots__ = ("cols", "players", "times", "what", "who")

    def __init__(self, cols: int = 0, players: list[str] | None = None) -> None:
        self.cols = cols
        """Columns of the race's maze, to turn rooms into flat indices and back."""
        self.players: list[str] = players if players is not None else []
        """Member ids in order of their first entry; `who` indexes this list."""
        self.times: array[int] = array("I")
        self.who: array[int] = array("B")
        self.what: array[int] = array("i")

    # ----- writing ---------------------------------------------------------------------------------------

    def _player(self, member_id: str) -> int:
        try:
            return self.players.index(member_id)  # at most 16 players: a scan beats a second dict
        except ValueError:
            self.players.append(member_id)
            return len(self.players) - 1

    def _add(self, t_ms: int, member_id: str, what: int) -> None:
        self.times.append(max(0, t_ms))
        self.who.append(self._player(member_id))
        self.what.append(what)

    def add_move(self, t_ms: int, member_id: str, room: Cell) -> None:
        """A move into `room` at race time `t_ms`."""
        self._add(t_ms, member_id, room[0] * self.cols + room[1])

    def add_hint(self, t_ms: int, member_id: str, method: str, found: bool) -> None:
        """A hint searched by `method` at race time `t_ms`."""
        self._add(t_ms, member_id, -1 - (2 * LOGGED_METHODS.index(method) + int(found)))

    # ----- reading ---------------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.times)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RaceLog):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __iter__(self) -> Iterator[LogEntry]:
        """Entries in the readable form `{"t", "type": "move", "id", "cell": [r, c]}` or
        `{"t", "type": "hint", "id", "method", "found"}` (for tests and tools; the server never needs it)."""
        cols = self.cols or 1
        for t, who, what in zip(self.times, self.who, self.what, strict=True):
            member = self.players[who]
            if what >= 0:
                yield {"t": t, "type": "move", "id": member, "cell": [what // cols, what % cols]}
            else:
                code = -1 - what
                yield {"t": t, "type": "hint", "id": member, "method": LOGGED_METHODS[code >> 1],
                       "found": bool(code & 1)}  # fmt: skip

    @property
    def nbytes(self) -> int:
        """Memory the columns hold (the arrays' buffers)."""
        return sum(column.itemsize * len(column) for column in (self.times, self.who, self.what))

    def copy(self) -> RaceLog:
        """An independent copy (the room goes on appending to its own)."""
        twin = RaceLog(self.cols, list(self.players))
        twin.times, twin.who, twin.what = array("I", self.times), array("B", self.who), array("i", self.what)
        return twin

    # ----- storing ---------------------------------------------------------------------------------------

    def to_blob(self) -> bytes:
        """The compressed form the store keeps: a header, then the three columns, zlib-compressed."""
        raw = b"".join((_little(self.times), _little(self.who), _little(self.what)))
        return _HEADER.pack(BLOB_FORMAT, len(self)) + zlib.compress(raw, 1)

    @classmethod
    def from_blob(cls, blob: bytes, cols: int, players: list[str]) -> RaceLog:
        """Inverse of `to_blob`; refuses anything else with a ValueError."""
        if len(blob) < _HEADER.size:
            raise ValueError("race log blob too short")
        version, count = _HEADER.unpack_from(blob)
        if version != BLOB_FORMAT:
            raise ValueError(f"unknown race log format {version}")
        try:
            raw = zlib.decompress(blob[_HEADER.size :])
        except zlib.error as error:
            raise ValueError(f"corrupt race log: {error}") from None
        if len(raw) != 9 * count:
            raise ValueError("race log blob does not match its count")
        log = cls(cols, players)
        log.times = _column("I", raw[: 4 * count])
        log.who = _column("B", raw[4 * count : 5 * count])
        log.what = _column("i", raw[5 * count :])
        return log

    def wire_json(self) -> bytes:
        """`to_wire` as JSON bytes, spliced rather than encoded: the base64 columns need no escaping,
        and the JSON encoder would scan every character of them (60 ms for 720,000 moves)."""
        head = json.dumps({"players": self.players, "count": len(self)}, separators=(",", ":"))
        parts = [head[:-1].encode()]
        for key, column in (("t", self.times), ("who", self.who), ("what", self.what)):
            parts += [b',"', key.encode(), b'":"', base64.b64encode(_little(column)), b'"']
        return b"".join([*parts, b"}"])

    def to_wire(self) -> LogWire:
        """The replay API's form: `{"players", "count", "t", "who", "what"}`, columns in base64."""
        return {
            "players": list(self.players),
            "count": len(self),
            "t": _b64(_little(self.times)),
            "who": _b64(_little(self.who)),
            "what": _b64(_little(self.what)),
        }

    @classmethod
    def from_wire(cls, data: LogWire, cols: int) -> RaceLog:
        """Inverse of `to_wire` (and of `to_state`, which is the same plus `cols`); the data comes from
        JSON a client or an older file made, so every field is checked."""
        try:
            count = int(data["count"])
            players = [str(p) for p in data["players"]]
            columns = [base64.b64decode(data[key], validate=True) for key in ("t", "who", "what")]
        except (KeyError, TypeError, ValueError, binascii.Error) as error:
            raise GameError(f"malformed race log: {error}", code="bad_log") from None
        if [len(c) for c in columns] != [4 * count, count, 4 * count]:
            raise GameError("malformed race log: columns do not match the count", code="bad_log")
        log = cls(cols, players)
        log.times, log.who, log.what = (_column(t, c) for t, c in zip("IBi", columns, strict=True))
        if any(who >= len(players) for who in log.who):
            raise GameError("malformed race log: an entry names no player", code="bad_log")
        return log

    def to_state(self) -> LogState:
        """The form kept in a saved room across a restart."""
        return {"cols": self.cols, **self.to_wire()}

    @classmethod
    def from_state(cls, data: LogState | list[LogEntry], cols: int) -> RaceLog:
        """A saved room's log: the packed form, or the list of entries older servers saved."""
        if isinstance(data, dict):
            return cls.from_wire(data, int(data.get("cols", cols)))
        log = cls(cols)
        for entry in data:
            if entry["type"] == "move":
                saved: Mapping[str, Any] = entry
                cell = saved["cell"] if "cell" in saved else saved["room"]  # older servers said `room`
                log.add_move(int(entry["t"]), str(entry["id"]), (int(cell[0]), int(cell[1])))
            else:
                log.add_hint(int(entry["t"]), str(entry["id"]), str(entry["method"]), bool(entry["found"]))
        return log
