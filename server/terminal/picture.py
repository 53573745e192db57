"""The maze as seed 000 drew it, with the room's players on it, cut to the part that fits the terminal.

The base is `render_text` (walls ■, passages □, trail ·, the arrow ▷◁△▽ or ◹◿◺◸, entrance ◎, exit ★):
in 4 directions seed 000's grid, a cell's centre at (2r+1, 2c+1); in 8 directions seed 003's 3 x 3
blocks, centred at (3r+1, 3c+1), so a diagonal passage shows as the open corners of both blocks. On top
go a hint's way on (○), the other players as digits 1-9, and in a fog race blanks where the racer has
not seen. `window` then cuts the rows and columns around the followed cell, with 1-based row numbers on
the left and the last digit of each 1-based column number above, the same numbers `r c` is typed in.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from server.game.directions import Direction
from server.game.maze import Cell, Maze
from server.game.render import PASSAGE, render_text

HINT = "○"
UNSEEN = " "
MARGIN = 4
"""Columns the row numbers take on the left."""


@dataclass(frozen=True)
class Marks:
    """What goes on the maze: one player's trail and facing, other players by digit, a hint's way."""

    trail: Sequence[Cell] = ()
    facing: Direction | None = None
    others: Sequence[tuple[str, Cell]] = ()
    way: Sequence[Cell] = ()
    seen: bytes | bytearray | None = None


def scale_of(maze: Maze) -> int:
    """Characters a cell takes each way: 2 in seed 000's grid, 3 in seed 003's blocks."""
    return 3 if maze.directions == 8 else 2


def centre(maze: Maze, cell: Cell) -> Cell:
    """Where a cell's centre is in the picture (row, column)."""
    scale = scale_of(maze)
    return scale * cell[0] + 1, scale * cell[1] + 1


def draw(maze: Maze, marks: Marks) -> list[list[str]]:
    """The whole maze as a grid of characters, marks included."""
    grid = [list(line) for line in render_text(maze, marks.trail, marks.facing).split("\n")]
    for cell in marks.way[1:]:
        r, c = centre(maze, cell)
        if grid[r][c] == PASSAGE:
            grid[r][c] = HINT
    if marks.seen is not None:
        _blank_unseen(maze, grid, marks.seen)
    here = marks.trail[-1] if marks.trail else None
    for digit, cell in marks.others:
        if maze.in_bounds(cell) and cell != here:
            r, c = centre(maze, cell)
            grid[r][c] = digit
    return grid


def _blank_unseen(maze: Maze, grid: list[list[str]], seen: bytes | bytearray) -> None:
    """Unseen cells are unknown, not walled: blank them, keeping what a seen neighbour's bits tell."""
    rows, cols = maze.rows, maze.cols

    def unseen(r: int, c: int) -> bool:
        return not (0 <= r < rows and 0 <= c < cols) or not seen[r * cols + c]

    for r in range(rows):
        for c in range(cols):
            if not unseen(r, c):
                continue
            if maze.directions == 8:
                for y in range(3 * r, 3 * r + 3):
                    grid[y][3 * c : 3 * c + 3] = [UNSEEN] * 3
                continue
            y, x = 2 * r + 1, 2 * c + 1
            grid[y][x] = grid[y][x + 1] = grid[y + 1][x] = UNSEEN  # its own sides are not sent
            if unseen(r, c - 1):
                grid[y][x - 1] = UNSEEN
            if unseen(r - 1, c):
                grid[y - 1][x] = UNSEEN
    if maze.directions == 4:
        for y in range(0, 2 * rows + 1, 2):
            for x in range(0, 2 * cols + 1, 2):
                r, c = y // 2, x // 2
                if unseen(r - 1, c - 1) and unseen(r - 1, c) and unseen(r, c - 1) and unseen(r, c):
                    grid[y][x] = UNSEEN


def _start(focus: int, total: int, size: int) -> int:
    """The first row (or column) of a window of `size` around `focus`, kept inside the picture."""
    if total <= size:
        return 0
    return max(0, min(total - size, focus - size // 2))


def window(maze: Maze, grid: list[list[str]], focus: Cell | None, height: int, width: int) -> list[str]:
    """The ruler line, then up to `height - 1` picture rows around `focus`, each with its row number."""
    scale = scale_of(maze)
    rows, cols = len(grid), len(grid[0]) if grid else 0
    fy, fx = centre(maze, focus) if focus is not None else (rows // 2, cols // 2)
    view_h, view_w = max(1, height - 1), max(1, width - MARGIN)
    top, left = _start(fy, rows, view_h), _start(fx, cols, view_w)
    columns = range(left, min(cols, left + view_w))
    ruler = "".join(str((x // scale + 1) % 10) if x % scale == 1 else " " for x in columns)
    lines = [" " * MARGIN + ruler.rstrip()]
    for y in range(top, min(rows, top + view_h)):
        label = str(y // scale + 1) if y % scale == 1 else ""
        lines.append(label.rjust(MARGIN - 1) + " " + "".join(grid[y][x] for x in columns))
    return lines
