"""An auditor of everything one fog racer's connections received: nothing they have not seen.

It replays the racer's messages in arrival order, keeps what the racer has seen by the game's rule (the
cells within `vision` steps of every cell they stood on, computed here from the true maze with networkx-
free plain BFS, independent of the server's fog module), and checks each message:

- every maze has exactly the racer's seen cells in `seen`, and zero passage bits for every other cell
  (and the true bits for seen ones);
- no distance to the exit, no shortest length and no difficulty card anywhere while racing;
- another player's position only when it is within sight of where the racer stands at that moment, and
  never another player's trail;
- a move ack's newly seen cells are seen now, with their true bits;
- a hint's way runs through seen cells only (an `explore` way may end one step into the unknown).
"""

import base64
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from server.maze.model import Cell, Maze
from server.maze.wire import PackedCells


def within(maze: Maze, start: Cell, vision: int) -> set[Cell]:
    """Cells within `vision` open steps of `start` (a BFS written here, not the server's)."""
    depth = {start: 0}
    queue = [start]
    for cell in queue:
        if depth[cell] == vision:
            continue
        for index in maze.neighbours(maze.index(cell)):
            other = maze.cell(index)
            if other not in depth:
                depth[other] = depth[cell] + 1
                queue.append(other)
    return set(depth)


def owned_bits(maze: Maze, cell: Cell) -> int:
    """The passage bits cell owns on the wire (1 E, 2 S, 4 SE, 8 SW)."""
    index = maze.index(cell)
    return sum(flags[index] << kind for kind, flags in enumerate(maze.kinds()))


@dataclass
class FogAudit:
    """The audit of one racer (member id `me`) in a fog race on `maze`."""

    maze: Maze
    me: str
    vision: int
    seen: set[Cell] = field(default_factory=set)
    here: Cell | None = None
    finished: bool = False
    shown_positions: int = 0
    """How many positions of other players were shown (the visible case must happen too)."""
    checked: int = 0

    def start(self) -> None:
        self.here = self.maze.entrance
        self.seen = within(self.maze, self.here, self.vision)

    def read(self, received: list[tuple[str, Any]], since: int = 0) -> int:
        """Audit `received[since:]`; returns the new length (to continue from)."""
        for kind, payload in received[since:]:
            if kind == "event":
                self._event(payload)
            elif kind == "events":
                for envelope in payload[0]:
                    self._event(envelope)
            elif kind == "ack":
                self._message(payload)
        return len(received)

    def _event(self, envelope: dict[str, Any]) -> None:
        t, d = envelope["t"], envelope["d"]
        if t == "started":
            self.start()
        elif t == "moved" and d["id"] == self.me and not self.finished:
            self.here = (d["cell"][0], d["cell"][1])
            self.seen |= within(self.maze, self.here, self.vision)
            self.finished = self.here == self.maze.exit  # done racing: from now on they see all
        elif t == "moved" and "cell" in d and not self.finished:
            assert self.here is not None
            cell = (d["cell"][0], d["cell"][1])
            assert cell in within(self.maze, self.here, self.vision), (d, self.here)
            self.shown_positions += 1
        elif t == "finished" and d["id"] == self.me:
            self.finished = True
        self._message(d)

    def _message(self, message: Any) -> None:
        if self.finished or self.here is None:
            return
        self.checked += 1
        for node in _dicts(message):
            assert "distance" not in node, node
            assert "shortest" not in node, node
            assert "difficulty" not in node, node  # the card tells the solution's length
            if "walls" in node:
                self._maze(node)
            if "players" in node and isinstance(node["players"], list):
                for entry in node["players"]:
                    self._entry(entry)
            if "seen" in node and isinstance(node["seen"], list):
                for r, c, bits in node["seen"]:
                    assert (r, c) in self.seen
                    assert bits == owned_bits(self.maze, (r, c))
            if "rivals" in node:
                assert self.here is not None
                sight = within(self.maze, self.here, self.vision)
                for rival in node["rivals"]:
                    assert (rival["cell"][0], rival["cell"][1]) in sight, rival
                    self.shown_positions += 1
            if "method" in node and "path" in node and node.get("id") == self.me:
                self._hint(node)

    def _maze(self, wire: dict[str, Any]) -> None:
        maze = self.maze
        flags = _bits(wire["seen"], maze.size)
        assert {maze.cell(i) for i, flag in enumerate(flags) if flag} == self.seen
        per_cell = maze.directions // 2
        walls = _bits(wire["walls"], per_cell * maze.size)
        for index in range(maze.size):
            cell = maze.cell(index)
            bits = sum(walls[per_cell * index + k] << k for k in range(per_cell))
            assert bits == (owned_bits(maze, cell) if cell in self.seen else 0), cell

    def _entry(self, entry: dict[str, Any]) -> None:
        assert "seen" not in entry, entry  # nobody's seen cells but in their own maze
        if entry["id"] == self.me:
            return
        assert "trail" not in entry, entry
        if "cell" in entry:
            assert self.here is not None
            assert (entry["cell"][0], entry["cell"][1]) in within(self.maze, self.here, self.vision)

    def _hint(self, hint: dict[str, Any]) -> None:
        maze = self.maze
        for key in ("path", "back_path"):
            if hint.get(key) is not None:
                cells = PackedCells.from_wire(hint[key], maze.size, maze.cols).cells()
                assert set(cells) <= self.seen, key
        if hint.get("explore_path") is not None:
            cells = PackedCells.from_wire(hint["explore_path"], maze.size, maze.cols).cells()
            assert set(cells[:-1]) <= self.seen
            assert maze.is_open(cells[-2], cells[-1])


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Every dict nested in a JSON value."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _dicts(item)


def _bits(text: str, count: int) -> list[int]:
    """`count` bits of a base64 LSB-first bitset."""
    data = base64.b64decode(text)
    return [data[k >> 3] >> (k & 7) & 1 for k in range(count)]
