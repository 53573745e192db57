"""A player's trail (the original exercise's trail rule, docs/origins.md): the path from the entrance
to where they stand.

Stepping back onto the cell before pops it (回退); stepping onto an older trail cell (possible in mazes
with loops) cuts the trail back to that cell. The trail never holds a cell twice.
"""

from collections.abc import Iterator, Sequence

from server.maze.directions import Direction, direction_between
from server.maze.model import Cell


class Trail:
    """Cells from the entrance to the current cell, with the facing of the last move."""

    def __init__(self, cells: Sequence[Cell], facing: Direction = Direction.RIGHT) -> None:
        if not cells:
            raise ValueError("a trail starts with at least the entrance")
        self._cells: list[Cell] = []
        self._position: dict[Cell, int] = {}
        for cell in cells:
            self._enter(cell)
        self.facing = facing

    def _enter(self, cell: Cell) -> None:
        cut = self._position.get(cell)
        if cut is not None:
            for dropped in self._cells[cut + 1 :]:
                del self._position[dropped]
            del self._cells[cut + 1 :]
        else:
            self._position[cell] = len(self._cells)
            self._cells.append(cell)

    @property
    def current(self) -> Cell:
        """Where the player stands."""
        return self._cells[-1]

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The trail, entrance first, current cell last."""
        return tuple(self._cells)

    def step(self, cell: Cell) -> None:
        """Record a move to neighbouring `cell` (already checked legal), popping or cutting if needed."""
        facing = direction_between(self.current, cell)
        if facing is not None:
            self.facing = facing
        self._enter(cell)

    def __contains__(self, cell: object) -> bool:
        return cell in self._position

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._cells)
