"""The maze model: R x C cells joined or walled, in 4 or 8 directions, stored as flat byte strings.

`east[r * cols + c]` is 1 when cell (r, c) opens to (r, c + 1); `south[...]` when it opens to (r + 1, c);
an 8-direction maze also has `southeast` (to (r + 1, c + 1)) and `southwest` (to (r + 1, c - 1)), where
a passage joins two cells that touch at a corner (two diagonals may cross). Each passage belongs to
exactly one cell (`server/maze/walls.py`), so there is nothing to keep in sync, the outer walls are always
closed, and the exchange and wire forms are direct readings of the arrays.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from server.errors import BadMaze
from server.maze import matrix_forms
from server.maze.walls import (
    MAX_SIDE,
    MIN_SIDE,
    SIDE_COUNT,
    Walls,
    check_size,
    opening_steps,
    owner_and_kind,
    side_masks,
)

Cell = tuple[int, int]
"""A cell as (row, column), 0-based."""


@dataclass(frozen=True, eq=True)
class Maze:
    """An immutable maze; build one with a generator, `from_walls` or `from_matrix`.

    `southeast` and `southwest` are empty in a 4-direction maze and one flag a cell in an 8-direction one,
    so `directions` needs no field of its own that could disagree with the arrays.
    """

    rows: int
    cols: int
    east: bytes
    south: bytes
    entrance: Cell
    exit: Cell
    southeast: bytes = b""
    southwest: bytes = b""

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        size, cols = self.rows * self.cols, self.cols
        if len(self.east) != size or len(self.south) != size:
            raise BadMaze("wall arrays do not match the maze size")
        if any(self.east[cols - 1 :: cols]) or any(self.south[size - cols :]):
            raise BadMaze("the outer wall must be closed (last column east and last row south)")
        if self.southeast or self.southwest:
            if len(self.southeast) != size or len(self.southwest) != size:
                raise BadMaze("diagonal wall arrays do not match the maze size")
            se, sw = self.southeast, self.southwest
            if (
                any(se[cols - 1 :: cols])
                or any(se[size - cols :])
                or any(sw[::cols])
                or any(sw[size - cols :])
            ):
                raise BadMaze("the outer wall must be closed (no diagonal passage leaves the maze)")
        for name, cell in (("entrance", self.entrance), ("exit", self.exit)):
            if not self.in_bounds(cell):
                raise BadMaze(f"{name} {list(cell)} is outside the maze")
        if self.entrance == self.exit:
            raise BadMaze("entrance and exit must be different cells")

    @classmethod
    def from_walls(cls, rows: int, cols: int, walls: Walls, entrance: Cell, exit: Cell) -> "Maze":
        """The maze of a generator's carving arrays."""
        return cls(
            rows,
            cols,
            bytes(walls.east),
            bytes(walls.south),
            entrance,
            exit,
            bytes(walls.southeast),
            bytes(walls.southwest),
        )

    def walls(self) -> Walls:
        """A mutable copy of the passage arrays (for tools that edit a maze)."""
        return Walls(
            bytearray(self.east), bytearray(self.south), bytearray(self.southeast), bytearray(self.southwest)
        )

    @property
    def directions(self) -> int:
        """4, or 8 when cells may also join at their corners."""
        return 8 if self.southeast else 4

    def kinds(self) -> tuple[bytes, ...]:
        """The passage arrays a cell owns, in mask order (E, S, then SE, SW in 8 directions)."""
        if self.southeast:
            return self.east, self.south, self.southeast, self.southwest
        return self.east, self.south

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
        """Whether neighbouring cells `a` and `b` are joined (False for non-neighbours, and for cells
        touching at a corner in a 4-direction maze)."""
        if not (self.in_bounds(a) and self.in_bounds(b)):
            return False
        passage = owner_and_kind(self.index(a), self.index(b), self.cols)
        if passage is None:
            return False
        owner, kind = passage
        kinds = self.kinds()
        return kind < len(kinds) and bool(kinds[kind][owner])

    @cached_property
    def open_sides(self) -> bytes:
        """Each cell's open sides as a mask (bits 1 E, 2 S, 4 W, 8 N, 16 SE, 32 SW, 64 NW, 128 NE);
        see `walls.side_masks`."""
        return side_masks(self.kinds(), self.cols)

    @property
    def steps(self) -> tuple[tuple[int, ...], ...]:
        """For each open-sides mask, the index steps to the open neighbours (E, S, W, N, SE, SW, NW, NE)."""
        return opening_steps(self.cols)

    def neighbours(self, index: int) -> tuple[int, ...]:
        """Open neighbours of a cell by flat index, in mask order."""
        return tuple(index + step for step in self.steps[self.open_sides[index]])

    @cached_property
    def adjacency(self) -> tuple[tuple[int, ...], ...]:
        """Open neighbours of every cell (for tests and tools; the solvers read `open_sides`)."""
        return tuple(self.neighbours(i) for i in range(self.size))

    def open_wall_count(self) -> int:
        """Number of open passages (R*C - 1 for a perfect maze)."""
        return sum(array.count(1) for array in self.kinds())

    def degree(self, index: int) -> int:
        """Number of open sides of a cell."""
        return SIDE_COUNT[self.open_sides[index]]

    def dead_end_count(self, *, excluding_the_ends: bool = False) -> int:
        """Cells with exactly one way in or out, as braiding counts them. `excluding_the_ends` counts only
        those where a racer has to turn back, as the cards a player reads do: a race starts at the
        entrance and ends at the exit, so a plain corridor has no dead end."""
        degrees = self.open_sides.translate(SIDE_COUNT)
        if not excluding_the_ends:
            return degrees.count(1)
        ends = {self.index(self.entrance), self.index(self.exit)}
        return degrees.count(1) - sum(1 for end in ends if degrees[end] == 1)

    def to_matrix(self) -> list[str]:
        """The 0/1 exchange form (0 passage, 1 wall): in 4 directions (2R+1) x (2C+1) with cell (r, c) at
        (2r+1, 2c+1); in 8 directions the (3R) x (3C) 3 x 3 blocks. See `matrix_forms`."""
        if self.directions == 8:
            return matrix_forms.blocks_of(self.rows, self.cols, self.kinds())
        return matrix_forms.grid_of(self.rows, self.cols, self.kinds())

    @classmethod
    def from_matrix(cls, matrix: Sequence[str], entrance: Cell, exit: Cell, directions: int = 4) -> "Maze":
        """Read an exchange form back; refuses ragged, non-binary or unwalled matrices."""
        if directions == 8:
            rows, cols, walls = matrix_forms.read_blocks(matrix)
        elif directions == 4:
            rows, cols, walls = matrix_forms.read_grid(matrix)
        else:
            raise BadMaze(f"directions must be 4 or 8, got {directions!r}")
        start, end = (entrance[0], entrance[1]), (exit[0], exit[1])
        return cls.from_walls(rows, cols, walls, start, end)


__all__ = ["MAX_SIDE", "MIN_SIDE", "SIDE_COUNT", "Cell", "Maze", "check_size", "side_masks"]
