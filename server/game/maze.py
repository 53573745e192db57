"""The maze model: R x C cells joined or walled, stored as two flat byte strings.

`east[r * cols + c]` is 1 when cell (r, c) opens to (r, c + 1); `south[...]` when it opens to (r + 1, c).
Each inner wall belongs to exactly one cell, so there is nothing to keep in sync, the walls of the last
column and row are always closed, and the exchange and wire forms are direct readings of the two arrays.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from server.game.errors import BadMaze, BadSettings

Cell = tuple[int, int]
"""A cell as (row, column), 0-based."""

MIN_SIDE = 2
MAX_SIDE = 1000


def side_masks(east: bytes | bytearray, south: bytes | bytearray, cols: int) -> bytes:
    """Each cell's open sides as a 4-bit mask (1 east, 2 south, 4 west, 8 north), made with whole-array
    integer arithmetic rather than a loop over cells: about 30 µs for 100 x 100.

    Each byte holds at most 15, so the weighted sum of the four flag arrays never carries between cells;
    the last column's east walls are closed, so shifting `east` by one never wraps a row.
    """
    west = b"\x00" + bytes(east[:-1])
    north = bytes(cols) + bytes(south[:-cols])
    total = sum(
        weight * int.from_bytes(flags, "big")
        for weight, flags in ((1, east), (2, south), (4, west), (8, north))
    )
    return total.to_bytes(len(east), "big")


SIDE_COUNT = bytes(bin(mask).count("1") for mask in range(256))
"""How many sides an open-sides mask has open: `masks.translate(SIDE_COUNT)` gives every degree (the table
covers every byte, as `bytes.translate` needs; masks only use 0..15)."""


def check_size(rows: int, cols: int) -> None:
    """Refuse a maze size outside MIN_SIDE..MAX_SIDE cells a side."""
    for name, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadSettings(f"{name} must be a whole number")
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise BadSettings(f"{name} must be between {MIN_SIDE} and {MAX_SIDE}, got {value}")


@dataclass(frozen=True, eq=True)
class Maze:
    """An immutable maze; build one with a generator or `from_matrix`."""

    rows: int
    cols: int
    east: bytes
    south: bytes
    entrance: Cell
    exit: Cell

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        size = self.rows * self.cols
        if len(self.east) != size or len(self.south) != size:
            raise BadMaze("wall arrays do not match the maze size")
        if any(self.east[self.cols - 1 :: self.cols]) or any(self.south[size - self.cols :]):
            raise BadMaze("the outer wall must be closed (last column east and last row south)")
        for name, cell in (("entrance", self.entrance), ("exit", self.exit)):
            if not self.in_bounds(cell):
                raise BadMaze(f"{name} {list(cell)} is outside the maze")
        if self.entrance == self.exit:
            raise BadMaze("entrance and exit must be different cells")

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def in_bounds(self, cell: Cell) -> bool:
        """Whether `cell` is a cell of this maze."""
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def index(self, cell: Cell) -> int:
        """Flat index of a cell."""
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        """Cell of a flat index."""
        return divmod(index, self.cols)

    def is_open(self, a: Cell, b: Cell) -> bool:
        """Whether neighbouring cells `a` and `b` are joined (False for non-neighbours)."""
        (ra, ca), (rb, cb) = a, b
        if not (self.in_bounds(a) and self.in_bounds(b)):
            return False
        if ra == rb and abs(ca - cb) == 1:
            return bool(self.east[ra * self.cols + min(ca, cb)])
        if ca == cb and abs(ra - rb) == 1:
            return bool(self.south[min(ra, rb) * self.cols + ca])
        return False

    @cached_property
    def open_sides(self) -> bytes:
        """Each cell's open sides as a 4-bit mask (1 east, 2 south, 4 west, 8 north); see `side_masks`."""
        return side_masks(self.east, self.south, self.cols)

    @cached_property
    def steps(self) -> tuple[tuple[int, ...], ...]:
        """For each 4-bit open-sides mask, the index steps to the open neighbours (E, S, W, N)."""
        sides = ((1, 1), (2, self.cols), (4, -1), (8, -self.cols))
        return tuple(tuple(step for bit, step in sides if mask & bit) for mask in range(16))

    def neighbours(self, index: int) -> tuple[int, ...]:
        """Open neighbours of a cell by flat index, east, south, west, north."""
        return tuple(index + step for step in self.steps[self.open_sides[index]])

    @cached_property
    def adjacency(self) -> tuple[tuple[int, ...], ...]:
        """Open neighbours of every cell (for tests and tools; the solvers read `open_sides`)."""
        return tuple(self.neighbours(i) for i in range(self.size))

    def open_wall_count(self) -> int:
        """Number of open inner walls (R*C - 1 for a perfect maze)."""
        return self.east.count(1) + self.south.count(1)

    def degree(self, index: int) -> int:
        """Number of open sides of a cell."""
        return SIDE_COUNT[self.open_sides[index]]

    def dead_end_count(self) -> int:
        """Cells with exactly one way in or out."""
        return self.open_sides.translate(SIDE_COUNT).count(1)

    def to_matrix(self) -> list[str]:
        """The (2R+1) x (2C+1) 0/1 exchange form: 0 passage, 1 wall; cell (r, c) at (2r+1, 2c+1)."""
        cols = self.cols
        border = "1" * (2 * cols + 1)
        lines = [border]
        for r in range(self.rows):
            base = r * cols
            cell_line = ["1"]
            wall_line = ["1"]
            for c in range(cols):
                cell_line.append("0")
                cell_line.append("0" if self.east[base + c] else "1")
                wall_line.append("0" if self.south[base + c] else "1")
                wall_line.append("1")
            lines.append("".join(cell_line))
            lines.append("".join(wall_line))
        return lines

    @classmethod
    def from_matrix(cls, matrix: Sequence[str], entrance: Cell, exit: Cell) -> "Maze":
        """Read the 0/1 exchange form back; refuses ragged, non-binary or unwalled matrices."""
        height = len(matrix)
        if height < 2 * MIN_SIDE + 1 or height % 2 == 0:
            raise BadMaze("the matrix needs an odd number of rows, at least 5")
        width = len(matrix[0]) if isinstance(matrix[0], str) else 0
        if width < 2 * MIN_SIDE + 1 or width % 2 == 0:
            raise BadMaze("the matrix needs an odd number of columns, at least 5")
        for line in matrix:
            if not isinstance(line, str) or len(line) != width or line.strip("01"):
                raise BadMaze("every matrix row must be a string of 0 and 1 of the same length")
        if set(matrix[0]) != {"1"} or set(matrix[-1]) != {"1"}:
            raise BadMaze("the outer wall must be closed (top and bottom rows all 1)")
        if any(line[0] != "1" or line[-1] != "1" for line in matrix):
            raise BadMaze("the outer wall must be closed (first and last columns all 1)")
        rows, cols = height // 2, width // 2
        check_size(rows, cols)
        east = bytearray(rows * cols)
        south = bytearray(rows * cols)
        for r in range(rows):
            cell_line, wall_line = matrix[2 * r + 1], matrix[2 * r + 2]
            for c in range(cols):
                if cell_line[2 * c + 1] != "0":
                    raise BadMaze(f"cell {[r, c]} is marked as a wall")
                east[r * cols + c] = cell_line[2 * c + 2] == "0"
                south[r * cols + c] = wall_line[2 * c + 1] == "0"
        start, end = (entrance[0], entrance[1]), (exit[0], exit[1])
        return cls(rows, cols, bytes(east), bytes(south), start, end)
