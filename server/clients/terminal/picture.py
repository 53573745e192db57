"""The maze as the original exercise drew it, with the room's players on it, cut to the part that fits
the terminal.

The base is `render_text` of the bare maze (walls ■, passages □, entrance ◎, exit ★), drawn once per
maze: in 4 directions the (2R+1) x (2C+1) grid, a cell's centre at (2r+1, 2c+1); in 8 directions the 3 x 3
blocks, centred at (3r+1, 3c+1), so a diagonal passage shows as the open corners of both blocks. A frame
cuts the rows and columns around the followed cell out of it and draws on that part only, as
`render_text` draws a trail (its cells and the passages between dotted ·, the arrow ▷◁△▽ or ◹◿◺◸ on its
last cell; `tests/clients/terminal/test_terminal_parts.py` holds the two pictures equal), then a hint's way on
(○), the other players as digits 1-9, and in a fog race blanks where the racer has not seen (a seen
cell's sides that an unseen neighbour owns too: their bits were never sent). A 150 x 150
maze is 301 x 301 characters, too many to draw whole for every event. Row numbers on the left and the
last digit of each column number above count from 0, as the browser's move box does: the numbers `r c`
is typed in.
"""

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from server.maze.directions import Direction, direction_between
from server.maze.model import Cell, Maze
from server.maze.render import ENTRANCE, EXIT, PASSAGE, TRAIL, render_text

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
    """Characters a cell takes each way: 2 in the 4-direction grid, 3 in the 8-direction blocks."""
    return 3 if maze.directions == 8 else 2


def centre(maze: Maze, cell: Cell) -> Cell:
    """Where a cell's centre is in the picture (row, column)."""
    scale = scale_of(maze)
    return scale * cell[0] + 1, scale * cell[1] + 1


@functools.lru_cache(maxsize=4)
def _base(maze: Maze) -> tuple[str, ...]:
    """The bare maze's picture, once per maze."""
    return tuple(render_text(maze).split("\n"))


@dataclass(frozen=True)
class _Window:
    """The part of the picture a frame shows: rows top..top+height, columns left..left+width."""

    top: int
    left: int
    height: int
    width: int

    def put(self, grid: list[list[str]], point: Cell, mark: str) -> None:
        y, x = point[0] - self.top, point[1] - self.left
        if 0 <= y < self.height and 0 <= x < self.width:
            grid[y][x] = mark

    def get(self, grid: list[list[str]], point: Cell) -> str | None:
        y, x = point[0] - self.top, point[1] - self.left
        return grid[y][x] if 0 <= y < self.height and 0 <= x < self.width else None


def _start(focus: int, keep: int, total: int, size: int) -> int:
    """The first row (or column) of a window of `size` around `focus`, kept inside the picture. When
    `focus` and `keep` (the exit's) both fit in one window, the window holds both, as near centred on
    the focus as that allows: a racer sees where they are going whenever the screen can show it."""
    if total <= size:
        return 0
    start = focus - size // 2
    low, high = min(focus, keep), max(focus, keep)
    if high - low < size:
        start = min(max(start, high - size + 1), low)
    return max(0, min(total - size, start))


def picture_width(maze: Maze) -> int:
    """Columns the whole picture takes, its row numbers included."""
    return MARGIN + len(_base(maze)[0])


def picture(maze: Maze, marks: Marks, focus: Cell | None, height: int, width: int) -> list[str]:
    """The ruler line, then up to `height - 1` picture rows around `focus`, each with its row number."""
    base, scale = _base(maze), scale_of(maze)
    rows, cols = len(base), len(base[0])
    fy, fx = centre(maze, focus) if focus is not None else (rows // 2, cols // 2)
    ey, ex = centre(maze, maze.exit)
    view_h, view_w = max(1, height - 1), max(1, width - MARGIN)
    top, left = _start(fy, ey, rows, view_h), _start(fx, ex, cols, view_w)
    view = _Window(top, left, min(view_h, rows - top), min(view_w, cols - left))
    grid = [list(line[left : left + view.width]) for line in base[top : top + view.height]]
    _draw_marks(maze, marks, view, grid)
    ruler = "".join(str((x // scale) % 10) if x % scale == 1 else " " for x in range(left, left + view.width))
    lines = [" " * MARGIN + ruler.rstrip()]
    for y, row in enumerate(grid, start=top):
        label = str(y // scale) if y % scale == 1 else ""
        lines.append(label.rjust(MARGIN - 1) + " " + "".join(row))
    return lines


def _draw_marks(maze: Maze, marks: Marks, view: _Window, grid: list[list[str]]) -> None:
    trail, scale = marks.trail, scale_of(maze)
    low_r, high_r = view.top // scale - 1, (view.top + view.height) // scale + 1
    low_c, high_c = view.left // scale - 1, (view.left + view.width) // scale + 1
    for (ar, ac), (br, bc) in itertools.pairwise(trail):  # as render_text draws a trail, in view only
        if not (low_r <= ar <= high_r and low_c <= ac <= high_c):
            continue
        dr, dc = br - ar, bc - ac
        view.put(grid, (scale * ar + 1 + dr, scale * ac + 1 + dc), TRAIL)
        view.put(grid, (scale * br + 1 - dr, scale * bc + 1 - dc), TRAIL)
        view.put(grid, (scale * ar + 1, scale * ac + 1), TRAIL)
        view.put(grid, (scale * br + 1, scale * bc + 1), TRAIL)
    if len(trail) == 1:
        view.put(grid, centre(maze, trail[0]), TRAIL)
    if trail:
        view.put(grid, centre(maze, maze.entrance), ENTRANCE)
        view.put(grid, centre(maze, maze.exit), EXIT)
        facing = marks.facing
        if facing is None:
            facing = direction_between(trail[-2], trail[-1]) if len(trail) > 1 else None
        view.put(grid, centre(maze, trail[-1]), (facing or Direction.RIGHT).arrow)
    for cell in marks.way[1:]:
        if view.get(grid, centre(maze, cell)) == PASSAGE:
            view.put(grid, centre(maze, cell), HINT)
    if marks.seen is not None:
        _blank_unseen(maze, view, grid, marks.seen)
    here = trail[-1] if trail else None
    for digit, cell in marks.others:
        if maze.in_bounds(cell) and cell != here:
            view.put(grid, centre(maze, cell), digit)


NEIGHBOUR_OWNED = ((-1, -1), (-1, 0), (-1, 1), (0, -1))
"""In 8 directions, the sides of a cell its neighbours own: north-west, north and north-east (the row
above's south-east, south and south-west bits) and west (the west neighbour's east bit)."""


def _blank_block(
    maze: Maze, view: _Window, grid: list[list[str]], cell: Cell, seen: bytes | bytearray
) -> None:
    """An 8-direction cell's 3 x 3 block: all blank when unseen; when seen, blank each side an unseen
    neighbour owns (its bit was never sent, so a wall drawn there would be a guess)."""
    r, c = cell
    if not seen[maze.index(cell)]:
        for y, x in itertools.product(range(3 * r, 3 * r + 3), range(3 * c, 3 * c + 3)):
            view.put(grid, (y, x), UNSEEN)
        return
    for dr, dc in NEIGHBOUR_OWNED:
        owner = (r + dr, c + dc)
        if maze.in_bounds(owner) and not seen[maze.index(owner)]:
            view.put(grid, (3 * r + 1 + dr, 3 * c + 1 + dc), UNSEEN)


def _blank_unseen(maze: Maze, view: _Window, grid: list[list[str]], seen: bytes | bytearray) -> None:
    """Unseen cells are unknown, not walled: blank them, keeping what a seen neighbour's bits tell."""
    rows, cols, scale = maze.rows, maze.cols, scale_of(maze)

    def unseen(r: int, c: int) -> bool:
        return not (0 <= r < rows and 0 <= c < cols) or not seen[r * cols + c]

    first_r, first_c = max(0, (view.top - 1) // scale), max(0, (view.left - 1) // scale)
    last_r = min(rows, (view.top + view.height) // scale + 1)
    last_c = min(cols, (view.left + view.width) // scale + 1)
    for r in range(first_r, last_r):
        for c in range(first_c, last_c):
            if scale == 3:
                _blank_block(maze, view, grid, (r, c), seen)
                continue
            if not unseen(r, c):
                continue
            y, x = 2 * r + 1, 2 * c + 1
            for point in ((y, x), (y, x + 1), (y + 1, x)):  # its own sides are not sent
                view.put(grid, point, UNSEEN)
            if unseen(r, c - 1):
                view.put(grid, (y, x - 1), UNSEEN)
            if unseen(r - 1, c):
                view.put(grid, (y - 1, x), UNSEEN)
            if unseen(r - 1, c - 1) and unseen(r - 1, c) and unseen(r, c - 1):
                view.put(grid, (y - 1, x - 1), UNSEEN)  # the corner post above and left
            if c == cols - 1 and unseen(r - 1, c):
                view.put(grid, (y - 1, x + 1), UNSEEN)
            if r == rows - 1 and unseen(r, c - 1):
                view.put(grid, (y + 1, x - 1), UNSEEN)
            if r == rows - 1 and c == cols - 1:
                view.put(grid, (y + 1, x + 1), UNSEEN)
