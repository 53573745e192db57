"""What the terminal client knows of its room: the room as the last snapshot and the events since left it.

The server is authoritative: this only mirrors what it sent (docs/protocol.md, "Snapshot" and "Room
events"), the way `web/js/model/state.js` does for the browser. It holds typed records only: what arrives
from the socket is read by `server.room.wire_readers` first, the events are applied by `room_events`
and their order is kept by `room_feed`. Nothing here reads a clock: times are passed in as local epoch
milliseconds.
"""

import contextlib
from dataclasses import dataclass, field

from server.clients.terminal.racer import Racer, cell_of, facing_of
from server.errors import BadMaze
from server.maze.fog import flags_of_bitset
from server.maze.model import Maze
from server.maze.wire import MazeJson, decode_maze
from server.room.events.race import MoveAck, RivalInSight
from server.room.results import ResultRow
from server.room.settings import SettingsJson
from server.room.views import Snapshot


@dataclass
class RoomView:
    """The room as the server last described it to this client."""

    you: str | None = None
    role: str = "player"
    code: str = ""
    phase: str = "lobby"
    settings: SettingsJson | None = None
    """None until the first snapshot."""
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
    results: list[ResultRow] | None = None
    time_up: bool = False
    """With the results: whether the time limit ended the race."""

    # ----- lookups -----------------------------------------------------------------------------------

    def player(self, member: str | None) -> Racer | None:
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

    # ----- what the server sent ----------------------------------------------------------------------

    def load_snapshot(self, snap: Snapshot, local_ms: int) -> None:
        """Replace everything with a snapshot. Raises `BadMaze`, the view unchanged, for a maze that is
        not one."""
        self.set_maze(snap.get("maze"))
        self.code, self.phase = snap["code"], snap["phase"]
        self.settings, self.host = snap["settings"], snap["host"]
        self.players = [Racer.of(entry) for entry in snap["players"]]
        self.spectators = snap["spectators"]
        self.set_clock(snap["now"], local_ms)
        self.start_at, self.started_at = snap.get("start_at"), snap.get("started_at")
        self.results = snap.get("results")
        self.time_up = snap.get("time_up", False)

    def own_move(self, ack: MoveAck) -> None:
        """A move's ack: where this player stands now, and in a fog race what the move let it see and
        the rivals in sight from there. The position only when the ack is newer than what the room's
        own `moved` event already said (it often comes first); the cells seen and the rivals always,
        for no event carries them."""
        me = self.me()
        if me is None:
            return
        if ack["moves"] > me.moves:
            me.moved(ack, fog=False)
        self.reveal(ack.get("seen"))
        if self.seen is not None and "rivals" in ack:
            self._show_rivals(ack["rivals"])

    def reveal(self, cells: list[list[int]] | None) -> None:
        """A fog racer's newly seen cells (`seen` of a move's ack, or of a hint's that moved them)."""
        if self.seen is not None and self.maze is not None and cells is not None:
            self._reveal(self.maze, self.seen, cells)

    def set_clock(self, server_now: int, local_ms: int) -> None:
        """Server time as the server's `now` says, against the local time it arrived at."""
        self.clock_offset = server_now - local_ms

    def set_maze(self, wire: MazeJson | None) -> None:
        """The race's maze (none before the race), and in a fog race the cells seen so far. Raises
        `BadMaze`, the view unchanged, for a maze that is not one."""
        if wire is None:
            self.maze, self.seen = None, None
            return
        maze = decode_maze(wire)
        seen = wire.get("seen")
        self.maze, self.seen = maze, flags_of_bitset(seen, maze.size) if seen is not None else None

    def _show_rivals(self, rivals: list[RivalInSight]) -> None:
        """Every rival in sight from the new cell, where they stand (with no trail, as a `moved` in sight
        shows them); every other rival out of sight, for walking away from one standing still, or up to
        one, sends no `moved`."""
        in_sight = set()
        for item in rivals:
            racer = self.player(item["id"])
            if racer is None or racer.id == self.you:
                continue
            in_sight.add(racer.id)
            cell = cell_of(item["cell"])
            racer.cell, racer.trail = cell, [cell]
            racer.facing = facing_of(item["facing"]) or racer.facing
        for racer in self.players:
            if racer.id not in in_sight and racer.id != self.you:
                racer.cell, racer.trail = None, []

    def _reveal(self, maze: Maze, seen: bytearray, cells: list[list[int]]) -> None:
        """Add newly seen cells and the passages they own (1 east, 2 south, 4 south-east, 8 south-west)."""
        walls = maze.walls()
        kinds = [walls.east, walls.south, walls.southeast, walls.southwest][
            : 4 if maze.directions == 8 else 2
        ]
        for item in cells:
            if len(item) != 3:  # each is `[r, c, bits]`
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
