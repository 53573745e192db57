"""A fog racer's way out by what it has seen, as a person plays: the passages it knows (from `started`
and each move's `seen`), the exit taken by the shortest known way once it is in sight, and until then a
depth-first walk that prefers the step nearest the exit and backs up from dead ends."""

from collections import deque
from collections.abc import Iterable
from typing import Any

from server.maze.model import Cell
from server.maze.walls import owner_and_kind
from server.maze.wire import decode_maze

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


class FogExplorer:
    """What one racer knows of a 4-direction fog maze, and its next step."""

    def __init__(self, started: dict[str, Any]) -> None:
        maze = decode_maze(started["maze"])
        self.rows, self.cols, self.exit = maze.rows, maze.cols, maze.exit
        self.known = [bytearray(kind) for kind in maze.kinds()]
        self.here: Cell = maze.entrance
        self.visited: set[Cell] = {self.here}
        self.trail: list[Cell] = [self.here]

    def learn(self, ack: dict[str, Any]) -> None:
        """A move's ack: where the racer stands now and the cells it has just seen."""
        self.here = (ack["cell"][0], ack["cell"][1])
        for r, c, bits in ack.get("seen", ()):
            for kind, flags in enumerate(self.known):
                flags[r * self.cols + c] = bits >> kind & 1

    def _open(self, a: Cell, b: Cell) -> bool:
        if not (0 <= b[0] < self.rows and 0 <= b[1] < self.cols):
            return False
        passage = owner_and_kind(a[0] * self.cols + a[1], b[0] * self.cols + b[1], self.cols)
        return passage is not None and bool(self.known[passage[1]][passage[0]])

    def _neighbours(self, cell: Cell) -> Iterable[Cell]:
        return (n for dr, dc in STEPS if self._open(cell, n := (cell[0] + dr, cell[1] + dc)))

    def _known_way(self) -> list[Cell] | None:
        parent: dict[Cell, Cell] = {self.here: self.here}
        queue = deque([self.here])
        while queue:
            cell = queue.popleft()
            if cell == self.exit:
                way = [cell]
                while way[-1] != self.here:
                    way.append(parent[way[-1]])
                return way[::-1][1:]
            for other in self._neighbours(cell):
                if other not in parent:
                    parent[other] = cell
                    queue.append(other)
        return None

    def next_step(self) -> Cell:
        """The next cell to step into."""
        way = self._known_way()
        if way:
            return way[0]
        fresh = [n for n in self._neighbours(self.here) if n not in self.visited]
        if fresh:
            step = min(fresh, key=lambda n: abs(n[0] - self.exit[0]) + abs(n[1] - self.exit[1]))
            self.visited.add(step)
            self.trail.append(step)
            return step
        self.trail.pop()
        return self.trail[-1]
