"""Explorer mode's fog of war: what a player has seen of the maze, and the maze as they may be sent it.

A player sees the cells within `vision` steps along open passages from every cell they have stood on
(walls stop sight) and remembers them for the rest of the race. The server keeps each racer's memory
(`FogMemory`) and never sends a racer the walls of a cell they have not seen: the maze goes out with the
passage bits of every unseen cell zeroed and a `seen` bitset (`fogged_maze`), and each move's ack adds
the newly seen cells with their bits (`revealed`).

A passage belongs to the cell it leaves towards the east or south (`walls.py`), so a seen cell's west,
north (and north-west, north-east) passages towards an unseen cell are not sent: those sides are
unknown, not walls, and clients draw them so.
"""

import base64
import binascii
from dataclasses import dataclass, field
from typing import TypedDict

from server.errors import BadMaze
from server.maze.model import Maze
from server.maze.wire import MazeJson, encode_maze

VISION_BOUNDS = (1, 10)
"""How far a player sees, in steps along open passages."""
DEFAULT_VISION = 3


def depths(maze: Maze, start: int, vision: int) -> dict[int, int]:
    """The cells within `vision` steps of cell `start` along open passages, each with its distance in
    steps, nearest first (the order the search reached them in, which a dict keeps)."""
    open_sides, steps = maze.open_sides, maze.steps
    depth = {start: 0}
    frontier = [start]
    for cell in frontier:  # the list is the queue: appended while iterated, read first in first out
        further = depth[cell] + 1
        if further > vision:
            continue
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if neighbour not in depth:
                depth[neighbour] = further
                frontier.append(neighbour)
    return depth


def bitset(flags: bytes | bytearray) -> str:
    """A 0/1 flag a cell as the wire's base64 bitset: bit i (cell i = r * cols + c) in byte i >> 3 at
    position i & 7, the same order as the maze's wall bits."""
    value = int(bytes(flags[::-1]).translate(_TO_DIGITS), 2) if flags else 0
    return base64.b64encode(value.to_bytes((len(flags) + 7) // 8, "little")).decode("ascii")


def flags_of_bitset(text: str, size: int) -> bytearray:
    """The flags `bitset` made; refuses text that is not a bitset of `size` cells."""
    try:
        packed = base64.b64decode(text, validate=True)
    except (TypeError, ValueError, binascii.Error) as error:
        raise BadMaze(f"malformed seen bitset: {error}") from None
    if len(packed) != (size + 7) // 8:
        raise BadMaze("the seen bitset does not match the maze size")
    digits = format(int.from_bytes(packed, "little"), f"0{8 * len(packed)}b")[::-1][:size]
    return bytearray(digits.encode("ascii").translate(_FROM_DIGITS))


_TO_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
_FROM_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


class Sight:
    """What a racer sees from where they stand: the cells within `vision` steps, nearest first, asked by
    flat index or by (row, col). Computed once a move and kept with the racer's memory, so the views that
    decide who sees a rival's move read it instead of searching again for every viewer and event."""

    __slots__ = ("cells", "cols", "rows")

    def __init__(self, rows: int, cols: int, cells: dict[int, int]) -> None:
        self.rows = rows
        self.cols = cols
        self.cells = cells
        """The cells in sight by flat index, each with its distance in steps, nearest first (the order
        newly seen cells are sent in)."""

    def __contains__(self, cell: object) -> bool:
        """Whether a cell `(row, col)` is in sight; anything that is not a cell of the maze is not."""
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and r * self.cols + c in self.cells

    def __len__(self) -> int:
        return len(self.cells)


def sight_of(maze: Maze, cell: int, vision: int) -> Sight:
    """The `Sight` of a racer standing in cell `cell`."""
    return Sight(maze.rows, maze.cols, depths(maze, cell, vision))


@dataclass
class FogMemory:
    """One racer's seen cells: a flag a cell (1 seen), kept for the whole race; and what they see from
    where they stand now, remembered with the cell and vision it was seen from."""

    seen: bytearray
    _now: tuple[Maze, int, int, Sight] | None = field(default=None, compare=False, repr=False)
    """The maze, cell and vision of the last sight computed, and that sight."""

    @classmethod
    def at_start(cls, maze: Maze, vision: int) -> "FogMemory":
        """What a racer sees from the entrance."""
        memory = cls(bytearray(maze.size))
        memory.look_from(maze, maze.index(maze.entrance), vision)
        return memory

    def copy(self) -> "FogMemory":
        """Another racer's memory of the same cells, seeing the same (every racer starts so)."""
        return FogMemory(bytearray(self.seen), self._now)

    def sight_from(self, maze: Maze, cell: int, vision: int) -> Sight:
        """What the racer sees standing in `cell`: computed once for a cell, then read back (every rival's
        view of every event asks where this racer stands, and they stand still between their moves)."""
        now = self._now
        if now is not None and now[0] is maze and now[1] == cell and now[2] == vision:
            return now[3]
        seen_now = sight_of(maze, cell, vision)
        self._now = (maze, cell, vision, seen_now)
        return seen_now

    def look_from(self, maze: Maze, cell: int, vision: int) -> list[int]:
        """Mark what is seen from `cell`; returns the cells seen for the first time, nearest first."""
        seen = self.seen
        new = [c for c in self.sight_from(maze, cell, vision).cells if not seen[c]]
        for c in new:
            seen[c] = 1
        return new

    def knows(self, cell: int) -> bool:
        """Whether the cell has been seen."""
        return bool(self.seen[cell])


def fogged_maze(maze: Maze, seen: bytes | bytearray) -> MazeJson:
    """The wire maze as a fog racer may have it: the passage bits of unseen cells zeroed, plus `seen`."""
    size = len(seen)
    mask = int.from_bytes(seen, "big")  # each flag byte is 0 or 1: AND keeps a seen cell's flags only
    kinds = [(int.from_bytes(flags, "big") & mask).to_bytes(size, "big") for flags in maze.kinds()]
    if len(kinds) == 4:
        hidden = Maze(maze.rows, maze.cols, kinds[0], kinds[1], maze.entrance, maze.exit, kinds[2], kinds[3])
    else:
        hidden = Maze(maze.rows, maze.cols, kinds[0], kinds[1], maze.entrance, maze.exit)
    data = encode_maze(hidden)
    data["seen"] = bitset(seen)
    return data


class Revealed(TypedDict):
    """Cells a move let its racer see for the first time: `[r, c, bits]` each, `bits` the passages the
    cell owns as on the wire (1 east, 2 south, and in 8 directions 4 south-east, 8 south-west)."""

    cells: list[list[int]]


def revealed(maze: Maze, cells: list[int]) -> Revealed:
    """The newly seen cells and their passage bits, for the mover's ack."""
    kinds = maze.kinds()
    out = []
    for index in cells:
        r, c = divmod(index, maze.cols)
        out.append([r, c, sum(flags[index] << kind for kind, flags in enumerate(kinds))])
    return {"cells": out}
