"""A hint's answer: the search run, and its cell lists kept packed (`PackedCells`) so the server can put
them on the wire, and log them, without converting a cell."""

from dataclasses import dataclass
from typing import NotRequired, TypedDict

from server.errors import BadMaze
from server.maze.model import Cell, Maze
from server.maze.wire import PackedCells


class HintJson(TypedDict):
    """A hint's answer as a command log stores it: cell lists in the wire's packed form."""

    method: str
    start: list[int]
    explored: int
    path: str | None
    order: str | None
    back: str | None
    explore: NotRequired[str | None]
    """Absent in answers logged before fog races existed."""


@dataclass(frozen=True)
class Hint:
    """A hint's answer. `method` is the search actually run (dfs or bfs when `random` was asked).

    The cell lists stay packed: `path_cells` runs from the player's cell to the exit, `order_cells` is
    the explored order (when recorded), `back_cells` runs from the player's cell back to `back_to`. The
    properties read them as (row, column) cells.
    """

    method: str
    start: Cell
    explored: int
    path_cells: PackedCells | None
    order_cells: PackedCells | None
    back_cells: PackedCells | None
    explore_cells: PackedCells | None = None
    """In a fog race with no known way out: the way from the player's cell through seen cells and one
    open passage into the nearest unseen cell (its last cell)."""

    def to_json(self) -> "HintJson":
        """The answer as a command log stores it (cell lists in the wire's packed form)."""
        return {
            "method": self.method,
            "start": list(self.start),
            "explored": self.explored,
            "path": self.path_cells.to_wire() if self.path_cells is not None else None,
            "order": self.order_cells.to_wire() if self.order_cells is not None else None,
            "back": self.back_cells.to_wire() if self.back_cells is not None else None,
            "explore": self.explore_cells.to_wire() if self.explore_cells is not None else None,
        }

    @classmethod
    def from_json(cls, data: "HintJson", maze: Maze) -> "Hint":
        """The answer `to_json` made for a hint in `maze`; refuses cells that are not the maze's."""

        def cells(text: object) -> PackedCells | None:
            if text is None:
                return None
            if not isinstance(text, str):
                raise BadMaze("a hint's cell list must be text")
            return PackedCells.from_wire(text, maze.size, maze.cols)

        row, col = data["start"]
        start = (int(row), int(col))
        if not maze.in_bounds(start):
            raise BadMaze("a hint's start is outside the maze")
        return cls(
            str(data["method"]),
            start,
            int(data["explored"]),
            cells(data["path"]),
            cells(data["order"]),
            cells(data["back"]),
            cells(data.get("explore")),  # logged before fog races existed: none
        )

    @property
    def found(self) -> bool:
        """Whether there is a way on from the player's cell."""
        return self.path_cells is not None

    @property
    def path(self) -> tuple[Cell, ...] | None:
        """The way on, from the player's cell to the exit."""
        return self.path_cells.cells() if self.path_cells is not None else None

    @property
    def next(self) -> Cell | None:
        """The first step of the way on (None when standing on the exit or stuck)."""
        return self.path_cells.at(1) if self.path_cells is not None and len(self.path_cells) > 1 else None

    @property
    def order(self) -> tuple[Cell, ...] | None:
        """The cells in the order the search expanded them, when recorded."""
        return self.order_cells.cells() if self.order_cells is not None else None

    @property
    def back_path(self) -> tuple[Cell, ...] | None:
        """The trail walked back from the player's cell to `back_to`, when stuck."""
        return self.back_cells.cells() if self.back_cells is not None else None

    @property
    def explore(self) -> Cell | None:
        """The unseen cell to explore towards, in a fog race with no known way out."""
        return self.explore_cells.at(-1) if self.explore_cells is not None else None

    @property
    def back_to(self) -> Cell | None:
        """The trail cell to back up to, when stuck and one exists."""
        return self.back_cells.at(-1) if self.back_cells is not None else None
