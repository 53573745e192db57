"""What the terminal client knows of its room: the join snapshot and the versioned room events since.

The server is authoritative: this only mirrors what it sent (docs/protocol.md, "Snapshot" and "Room
events"), the way `web/js/model/state.js` does for the browser. An envelope at or below the known version is
stale and dropped; one that skips a version means something was missed, and the caller asks for a
snapshot (`resync`), meanwhile later envelopes wait in a bounded buffer. Nothing here reads a clock:
times are passed in as local epoch milliseconds.
"""

import contextlib
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Literal

from server.errors import BadMaze
from server.maze.directions import Direction
from server.maze.fog import flags_of_bitset
from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze

Outcome = Literal["applied", "stale", "buffered", "gap"]
MAX_BUFFER = 2000
NAME_MAX = 20


def printable(text: object, limit: int = NAME_MAX) -> str:
    """Text as the terminal may print it: control characters (escapes, bidi overrides...) removed."""
    cleaned = "".join(ch for ch in str(text) if unicodedata.category(ch)[0] != "C")
    return cleaned[:limit]


def _cell(value: object) -> Cell | None:
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return value[0], value[1]
    return None


def _facing(value: object) -> Direction | None:
    try:
        return Direction(str(value))
    except ValueError:
        return None


@dataclass
class Racer:
    """A player of the room as the client keeps it (a wire player entry, its `room` read as `cell`)."""

    id: str
    name: str
    ready: bool = False
    connected: bool = True
    bot: bool = False
    cell: Cell | None = None
    facing: Direction | None = None
    trail: list[Cell] = field(default_factory=list)
    moves: int = 0
    hints: int = 0
    finished: bool = False
    rank: int | None = None
    time: int | None = None
    dnf: bool = False
    left: bool = False

    @classmethod
    def of(cls, entry: dict[str, Any]) -> "Racer":
        """A racer from a player entry."""
        racer = cls(str(entry["id"]), printable(entry.get("name", "?")))
        racer.update(entry)
        return racer

    def update(self, entry: dict[str, Any]) -> None:
        """Lay the fields of a player entry (or `finished` data) over what is known."""
        for name in ("ready", "connected", "finished", "dnf", "left"):
            if name in entry:
                setattr(self, name, bool(entry[name]))
        for name in ("moves", "hints", "rank", "time"):
            if type(entry.get(name)) is int:
                setattr(self, name, entry[name])
        self.bot = self.bot or bool(entry.get("bot"))
        if "room" in entry:
            self.cell = _cell(entry["room"])
        if "facing" in entry:
            self.facing = _facing(entry["facing"])
        trail = entry.get("trail")
        if isinstance(trail, list):
            self.trail = [cell for cell in map(_cell, trail) if cell is not None]
        elif self.cell is not None and not self.trail:
            self.trail = [self.cell]

    def moved(self, data: dict[str, Any], fog: bool) -> None:
        """A `moved` event or a move's ack: keep the first `trail_len - 1` cells, then add the new one."""
        if type(data.get("moves")) is int:
            self.moves = data["moves"]
        cell = _cell(data.get("room"))
        if cell is None:  # a fog race: the rival walked out of sight
            self.cell, self.trail = None, []
            return
        length = data.get("trail_len")
        keep = max(0, min(len(self.trail), length - 1)) if type(length) is int else len(self.trail)
        self.trail = [cell] if fog else [*self.trail[:keep], cell]
        self.cell = cell
        self.facing = _facing(data.get("facing")) or self.facing


@dataclass
class RoomView:
    """The room as the server last described it to this client."""

    you: str | None = None
    role: str = "player"
    code: str = ""
    version: int | None = None
    phase: str = "lobby"
    settings: dict[str, Any] = field(default_factory=dict)
    host: str | None = None
    players: list[Racer] = field(default_factory=list)
    spectators: int = 0
    clock_offset: int = 0
    """Server epoch ms minus local epoch ms."""
    start_at: int | None = None
    started_at: int | None = None
    maze: Maze | None = None
    seen: bytearray | None = None
    """In a fog race: a flag a cell, 1 where this racer has seen it; None when the whole maze is known."""
    results: list[dict[str, Any]] | None = None
    buffer: list[dict[str, Any]] = field(default_factory=list)
    awaiting_resync: bool = False

    # ----- lookups -----------------------------------------------------------------------------------

    def player(self, member: object) -> Racer | None:
        """The player with this id, if any."""
        return next((p for p in self.players if p.id == member), None)

    def me(self) -> Racer | None:
        """This client's player (None for a spectator)."""
        return self.player(self.you)

    def racing(self) -> bool:
        """Whether this client can move now."""
        me = self.me()
        return self.phase == "racing" and me is not None and not (me.finished or me.dnf or me.left)

    def elapsed(self, local_ms: int) -> int | None:
        """Race ms so far, once started."""
        if self.started_at is None:
            return None
        return max(0, local_ms + self.clock_offset - self.started_at)

    def countdown_left(self, local_ms: int) -> int | None:
        """Ms until the start, during the countdown."""
        if self.phase != "countdown" or self.start_at is None:
            return None
        return max(0, self.start_at - local_ms - self.clock_offset)

    # ----- snapshot and events -----------------------------------------------------------------------

    def apply_snapshot(self, snap: dict[str, Any], local_ms: int) -> Outcome:
        """Replace everything with a snapshot, then replay the buffered envelopes that follow it."""
        self.code = str(snap.get("code", self.code))
        self.version = snap["version"] if type(snap.get("version")) is int else 0
        self.phase = str(snap.get("phase", "lobby"))
        self.settings = snap.get("settings") or {}
        self.host = snap.get("host")
        self.players = [Racer.of(entry) for entry in snap.get("players") or []]
        self.spectators = int(snap.get("spectators") or 0)
        self._set_clock(snap.get("now"), local_ms)
        self.start_at, self.started_at = snap.get("start_at"), snap.get("started_at")
        self._set_maze(snap.get("maze"))
        self.results = snap.get("results")
        self.awaiting_resync = False
        buffered, self.buffer = sorted(self.buffer, key=lambda e: int(e["v"])), []
        for index, envelope in enumerate(buffered):
            if self.apply(envelope, local_ms) == "gap":
                self.buffer.extend(buffered[index + 1 :])
                return "gap"
        return "applied"

    def apply(self, envelope: object, local_ms: int) -> Outcome:
        """One room envelope `{v, t, d}`."""
        if not isinstance(envelope, dict) or type(envelope.get("v")) is not int:
            return "stale"
        version = envelope["v"]
        if self.version is not None and version <= self.version:
            return "stale"
        if self.version is None or self.awaiting_resync or version > self.version + 1:
            self.awaiting_resync = self.version is not None
            if len(self.buffer) < MAX_BUFFER:
                self.buffer.append(envelope)
            return "gap" if self.awaiting_resync else "buffered"
        self.version = version
        data = envelope.get("d")
        with contextlib.suppress(KeyError, TypeError, ValueError, BadMaze):  # a malformed event: counted
            self._apply(str(envelope.get("t")), data if isinstance(data, dict) else {}, local_ms)
        return "applied"

    def own_move(self, ack: dict[str, Any]) -> None:
        """A move's ack: where this player stands now, and in a fog race what the move let it see and
        the rivals in sight from there. The position only when the ack is newer than what the room's
        own `moved` event already said (it often comes first); the cells seen and the rivals always,
        for no event carries them."""
        me = self.me()
        if me is None or type(ack.get("moves")) is not int:
            return
        if ack["moves"] > me.moves:
            me.moved(ack, fog=False)
        self.reveal(ack.get("seen"))
        if self.seen is not None and isinstance(ack.get("rivals"), list):
            self._show_rivals(ack["rivals"])

    def reveal(self, cells: object) -> None:
        """A fog racer's newly seen cells (`seen` of a move's ack, or of a hint's that moved them)."""
        if self.seen is not None and self.maze is not None and isinstance(cells, list):
            self._reveal(self.maze, self.seen, cells)

    def _show_rivals(self, rivals: list[Any]) -> None:
        """Every rival in sight from the new cell, where they stand (with no trail, as a `moved` in sight
        shows them); every other rival out of sight, for walking away from one standing still, or up to
        one, sends no `moved`."""
        in_sight = set()
        for item in rivals:
            racer = self.player(item.get("id")) if isinstance(item, dict) else None
            cell = _cell(item.get("room")) if isinstance(item, dict) else None
            if racer is None or cell is None or racer.id == self.you:
                continue
            in_sight.add(racer.id)
            racer.cell, racer.trail = cell, [cell]
            racer.facing = _facing(item.get("facing")) or racer.facing
        for racer in self.players:
            if racer.id not in in_sight and racer.id != self.you:
                racer.cell, racer.trail = None, []

    def _apply(self, t: str, d: dict[str, Any], local_ms: int) -> None:
        racer = self.player(d.get("id"))
        if t == "joined" and d.get("role") == "player" and racer is None:
            self.players.append(Racer.of(d))
        elif t == "joined":
            if racer is not None:
                racer.update(d)
            else:
                self.spectators = int(d.get("spectators", self.spectators + 1))
        elif t == "left":
            if d.get("role") == "spectator":
                self.spectators = int(d.get("spectators", max(0, self.spectators - 1)))
            elif racer is not None and self.phase in ("racing", "countdown"):
                racer.left = True
            else:
                self.players = [p for p in self.players if p.id != d.get("id")]
        elif t in ("presence", "ready", "finished") and racer is not None:
            racer.update(d)
        elif t == "settings":
            self.settings = d
        elif t == "host":
            self.host = d.get("id")
        elif t == "countdown":
            self.phase, self.start_at = "countdown", d.get("start_at")
            self._set_clock(d.get("now"), local_ms)
        elif t == "started":
            self.phase, self.started_at, self.results = "racing", d.get("started_at"), None
            self._set_maze(d.get("maze"))
            self.players = [Racer.of(entry) for entry in d.get("players") or []]
        elif t == "moved" and racer is not None:
            own = racer.id == self.you
            if not (own and type(d.get("moves")) is int and d["moves"] <= racer.moves):
                racer.moved(d, fog=self.seen is not None and not own)
        elif t == "hinted" and racer is not None:
            racer.update({"hints": d.get("hints")})
        elif t == "race_over":
            self.phase, self.results = "finished", d.get("results") or []
        elif t == "lobby":
            self.phase, self.maze, self.seen, self.results = "lobby", None, None, None
            self.start_at = self.started_at = None
            self.settings = d.get("settings") or self.settings
            self.players = [Racer.of(entry) for entry in d.get("players") or []]

    def _set_clock(self, server_now: object, local_ms: int) -> None:
        if type(server_now) is int:
            self.clock_offset = server_now - local_ms

    def _set_maze(self, wire: object) -> None:
        if not isinstance(wire, dict):
            self.maze, self.seen = None, None
            return
        self.maze = decode_maze(wire)
        seen = wire.get("seen")
        self.seen = flags_of_bitset(seen, self.maze.size) if isinstance(seen, str) else None

    def _reveal(self, maze: Maze, seen: bytearray, cells: list[Any]) -> None:
        """Add newly seen cells and the passages they own (1 east, 2 south, 4 south-east, 8 south-west)."""
        walls = maze.walls()
        kinds = [walls.east, walls.south, walls.southeast, walls.southwest][
            : 4 if maze.directions == 8 else 2
        ]
        for item in cells:
            if not (isinstance(item, list) and len(item) == 3 and all(type(v) is int for v in item)):
                continue
            r, c, bits = item
            if not maze.in_bounds((r, c)):
                continue
            index = maze.index((r, c))
            seen[index] = 1
            for kind, flags in enumerate(kinds):
                flags[index] = (bits >> kind) & 1
        with contextlib.suppress(BadMaze):  # bits that would open the outer wall: keep the maze as it was
            self.maze = Maze.from_walls(maze.rows, maze.cols, walls, maze.entrance, maze.exit)
