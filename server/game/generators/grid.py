"""A padded working grid shared by the carving generators.

Generators work on a grid with one sentinel column on the right (which also serves as the left sentinel
of the next row) and one sentinel row above and below, so that the four neighbours of a cell are
`p + 1, p + width, p - 1, p - width` with no bounds checks in the hot loops. `unpad` turns the padded wall
arrays back into the model's `rows * cols` form with C-level slices.
"""

import functools
from dataclasses import dataclass

EAST, SOUTH, WEST, NORTH = 0, 1, 2, 3
"""Direction numbers; `offsets[k]` is the index step for direction k."""


@dataclass(slots=True)
class PaddedGrid:
    """Visited flags and open-wall flags on the padded grid."""

    rows: int
    cols: int
    width: int
    offsets: tuple[int, int, int, int]
    blocked: bytearray
    east: bytearray
    south: bytearray

    @classmethod
    def empty(cls, rows: int, cols: int) -> "PaddedGrid":
        """All walls closed, every cell unvisited, every sentinel marked visited."""
        width = cols + 1
        total = (rows + 2) * width
        blocked = bytearray(b"\x01") * total
        free = bytes(cols)
        for r in range(rows):
            start = (r + 1) * width
            blocked[start : start + cols] = free
        return cls(rows, cols, width, (1, width, -1, -width), blocked, bytearray(total), bytearray(total))

    def padded(self, index: int) -> int:
        """Padded position of a model index."""
        r, c = divmod(index, self.cols)
        return (r + 1) * self.width + c

    def carve(self, p: int, k: int) -> None:
        """Open the wall of padded cell `p` in direction `k`."""
        if k == EAST:
            self.east[p] = 1
        elif k == SOUTH:
            self.south[p] = 1
        elif k == WEST:
            self.east[p - 1] = 1
        else:
            self.south[p - self.width] = 1

    def unpad(self) -> tuple[bytearray, bytearray]:
        """The model's (east, south) arrays."""
        return _unpad(self.east, self.rows, self.cols), _unpad(self.south, self.rows, self.cols)


def _unpad(padded: bytearray, rows: int, cols: int) -> bytearray:
    width = cols + 1
    return bytearray(b"".join(padded[(r + 1) * width : (r + 1) * width + cols] for r in range(rows)))


@functools.cache
def free_directions(directions: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of blocked neighbours (bit k = direction k), the directions still free.

    Sized by the number of directions, so the walking generators that read it (and `offsets`) need no
    change for a neighbour table with more directions."""
    return tuple(tuple(k for k in range(directions) if not mask >> k & 1) for mask in range(1 << directions))


FREE_DIRECTIONS = free_directions(4)
