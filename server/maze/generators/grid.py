"""A padded working grid shared by the carving generators, in 4 or 8 directions.

Generators work on a grid with one sentinel column on the right (which also serves as the left sentinel
of the next row), one sentinel row above and below and one sentinel cell before the first row, so that
the neighbours of a cell are `p + offsets[k]` with no bounds checks in the hot loops: E, S, W, N as
`p + 1, p + width, p - 1, p - width`, then (8 directions) SE, SW, NW, NE as `p + width + 1,
p + width - 1, p - width - 1, p - width + 1`. `unpad` turns the padded arrays back into the model's
`rows * cols` form (`walls.Walls`) with C-level slices.
"""

import functools
import random
from dataclasses import dataclass

from server.errors import BadSettings
from server.maze.walls import Walls

EAST, SOUTH, WEST, NORTH, SOUTHEAST, SOUTHWEST, NORTHWEST, NORTHEAST = range(8)
"""Direction numbers, in the open-sides mask's order; `offsets[k]` is the index step for direction k."""


@dataclass(slots=True)
class PaddedGrid:
    """Visited flags and open-passage flags on the padded grid."""

    rows: int
    cols: int
    width: int
    offsets: tuple[int, ...]
    blocked: bytearray
    walls: Walls

    @classmethod
    def empty(cls, rows: int, cols: int, directions: int = 4) -> "PaddedGrid":
        """All passages closed, every cell unvisited, every sentinel marked visited."""
        width = cols + 1
        total = (rows + 2) * width + 1
        blocked = bytearray(b"\x01") * total
        free = bytes(cols)
        for r in range(rows):
            start = (r + 1) * width + 1
            blocked[start : start + cols] = free
        offsets: tuple[int, ...] = (1, width, -1, -width)
        if directions == 8:
            offsets += (width + 1, width - 1, -width - 1, 1 - width)
        return cls(rows, cols, width, offsets, blocked, Walls.closed(total, directions))

    @property
    def eight(self) -> bool:
        """Whether the grid has diagonal neighbours."""
        return len(self.offsets) == 8

    def padded(self, index: int) -> int:
        """Padded position of a model index."""
        r, c = divmod(index, self.cols)
        return (r + 1) * self.width + c + 1

    def row_start(self, r: int) -> int:
        """Padded position of the first cell of row `r`."""
        return (r + 1) * self.width + 1

    def carve(self, p: int, k: int) -> None:
        """Open the passage of padded cell `p` in direction `k`."""
        walls, width = self.walls, self.width
        if k == EAST:
            walls.east[p] = 1
        elif k == SOUTH:
            walls.south[p] = 1
        elif k == WEST:
            walls.east[p - 1] = 1
        elif k == NORTH:
            walls.south[p - width] = 1
        elif k == SOUTHEAST:
            walls.southeast[p] = 1
        elif k == SOUTHWEST:
            walls.southwest[p] = 1
        elif k == NORTHWEST:
            walls.southeast[p - width - 1] = 1
        else:
            walls.southwest[p - width + 1] = 1

    def unpad(self) -> Walls:
        """The model's passage arrays."""
        rows, cols, width = self.rows, self.cols, self.width

        def cut(padded: bytearray) -> bytearray:
            if not padded:
                return bytearray()
            starts = range(width + 1, (rows + 1) * width + 1, width)
            return bytearray(b"".join(padded[start : start + cols] for start in starts))

        walls = self.walls
        return Walls(cut(walls.east), cut(walls.south), cut(walls.southeast), cut(walls.southwest))


@functools.cache
def free_directions(directions: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of blocked neighbours (bit k = direction k), the directions still free."""
    return tuple(tuple(k for k in range(directions) if not mask >> k & 1) for mask in range(1 << directions))


FREE_DIRECTIONS = free_directions(4)

FOUR_ONLY: frozenset[str] = frozenset({"division", "sidewinder", "eller"})
"""Generators with no natural 8-direction form: recursive division splits the grid with straight walls,
and sidewinder and Eller's build row by row from runs joined by vertical passages; a diagonal has no
place in either construction without changing what the algorithm is."""


def check_directions(algorithm: str, directions: int) -> None:
    """Refuse a topology the generator does not have, with a message saying why."""
    if directions not in (4, 8):
        raise BadSettings(f"directions must be 4 or 8, got {directions!r}")
    if directions == 8 and algorithm in FOUR_ONLY:
        raise BadSettings(f"the {algorithm} generator has no 8-direction form; use 4 directions")


def random_start(grid: PaddedGrid, rng: random.Random) -> int:
    """A padded position drawn uniformly (one `random()` draw, as every generator has always drawn)."""
    return grid.padded(int(rng.random() * grid.rows * grid.cols))
