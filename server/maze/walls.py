"""A maze's passages as flat flag arrays, one per kind of passage a cell owns, and the masks read from them.

Every passage belongs to the cell it leaves towards the east or the south, so each is stored once:
`east[i]` joins cell i = r * cols + c to (r, c + 1), `south[i]` to (r + 1, c), and in an 8-direction maze
`southeast[i]` to (r + 1, c + 1) and `southwest[i]` to (r + 1, c - 1). A cell's other four sides are
its neighbours' flags. In a 4-direction maze the two diagonal arrays are empty.
"""

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from server.errors import BadSettings

MIN_SIDE = 2
MAX_SIDE = 1000


def check_size(rows: int, cols: int) -> None:
    """Refuse a maze size outside MIN_SIDE..MAX_SIDE cells a side."""
    for name, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadSettings(f"{name} must be a whole number")
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise BadSettings(f"{name} must be between {MIN_SIDE} and {MAX_SIDE}, got {value}")


DIRECTION_COUNTS: tuple[int, ...] = (4, 8)
"""The topologies a maze can have: 4 (orthogonal neighbours) or 8 (diagonals too)."""

SIDE_BITS = ("east", "south", "west", "north", "southeast", "southwest", "northwest", "northeast")
"""The open-sides mask's bits in order (bit k is 1 << k), which is also every neighbour order: E, S, W, N,
then the diagonals. A 4-direction maze only ever sets the first four."""

SIDE_COUNT = bytes(bin(mask).count("1") for mask in range(256))
"""How many sides an open-sides mask has open: `masks.translate(SIDE_COUNT)` gives every degree."""


@dataclass(slots=True)
class Walls:
    """The mutable carving form: what the generators write; `Maze` keeps the same arrays as bytes."""

    east: bytearray
    south: bytearray
    southeast: bytearray
    southwest: bytearray

    @classmethod
    def closed(cls, size: int, directions: int = 4) -> "Walls":
        """Every passage closed, with diagonal arrays only for an 8-direction maze."""
        diagonal = size if directions == 8 else 0
        return cls(bytearray(size), bytearray(size), bytearray(diagonal), bytearray(diagonal))

    @property
    def directions(self) -> int:
        """4 or 8: whether the maze has diagonal passages at all."""
        return 8 if self.southeast else 4

    def kinds(self) -> tuple[bytearray, ...]:
        """The arrays a cell owns, in mask order (E, S, then SE, SW in 8 directions)."""
        if self.southeast:
            return self.east, self.south, self.southeast, self.southwest
        return self.east, self.south

    def close_outer_walls(self, cols: int) -> None:
        """Close every passage that would leave the grid (a random fill draws them too)."""
        size = len(self.east)
        rows = size // cols
        self.east[cols - 1 :: cols] = bytes(rows)
        self.south[size - cols :] = bytes(cols)
        if self.southeast:
            self.southeast[cols - 1 :: cols] = bytes(rows)
            self.southeast[size - cols :] = bytes(cols)
            self.southwest[0::cols] = bytes(rows)
            self.southwest[size - cols :] = bytes(cols)


def owner_and_kind(a: int, b: int, cols: int) -> tuple[int, int] | None:
    """The cell that owns the passage between neighbouring cells `a` and `b`, and its kind (0 east,
    1 south, 2 southeast, 3 southwest), or None when they are not neighbours."""
    low, high = min(a, b), max(a, b)
    (lr, lc), (hr, hc) = divmod(low, cols), divmod(high, cols)
    if hr == lr and hc == lc + 1:
        return low, 0
    if hr == lr + 1:
        if hc == lc:
            return low, 1
        if hc == lc + 1:
            return low, 2
        if hc == lc - 1:
            return low, 3
    return None


def side_masks(kinds: Sequence[bytes | bytearray], cols: int) -> bytes:
    """Each cell's open sides as a mask (bits in `SIDE_BITS` order), made with whole-array integer
    arithmetic rather than a loop over cells: about 30 µs for 100 x 100 in 4 directions.

    Each byte holds at most 255 and every flag has its own bit, so the weighted sum never carries between
    cells. The shifted copies read the owning neighbour's flag; where a shift wraps a row it reads a flag
    of the outer wall, which is always closed (west of column 0 is the last column's east, and so on).
    """
    east, south = kinds[0], kinds[1]
    flags: list[tuple[int, bytes | bytearray]] = [
        (1, east),
        (2, south),
        (4, b"\x00" + bytes(east[:-1])),
        (8, bytes(cols) + bytes(south[:-cols])),
    ]
    if len(kinds) == 4:
        southeast, southwest = kinds[2], kinds[3]
        flags += [
            (16, southeast),
            (32, southwest),
            (64, bytes(cols + 1) + bytes(southeast[: -cols - 1])),
            (128, bytes(cols - 1) + bytes(southwest[: 1 - cols])),
        ]
    total = sum(weight * int.from_bytes(array, "big") for weight, array in flags)
    return total.to_bytes(len(east), "big")


def inner_sides(size: int, cols: int, directions: int) -> bytes:
    """Each cell's sides that lead to another cell of the grid, as an open-sides mask (every passage
    open, the outer wall closed): what a tool that opens walls may open."""
    every = Walls.closed(size, directions)
    for flags in every.kinds():
        flags[:] = b"\x01" * size
    every.close_outer_walls(cols)
    return side_masks(every.kinds(), cols)


@functools.lru_cache(maxsize=64)
def opening_steps(cols: int) -> tuple[tuple[int, ...], ...]:
    """For each open-sides mask, the index steps to its open neighbours in `SIDE_BITS` order, in a maze
    `cols` wide. One table serves both topologies: a 4-direction mask never sets a diagonal bit."""
    sides = (1, cols, -1, -cols, cols + 1, cols - 1, -cols - 1, 1 - cols)
    return tuple(tuple(step for bit, step in enumerate(sides) if mask >> bit & 1) for mask in range(256))
