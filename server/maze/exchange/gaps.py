"""The entrance and exit of the 0/1 forms: gaps (0) in the outer wall beside a border cell.

Read: the first gap in reading order is the entrance, the second the exit; with no gap at all the maze
opens at the top-left and bottom-right cells, as the original exercise's mazes do. Written: each opening
gets the gap on its side (a corner cell's in the top or bottom row first), choosing among a corner cell's
two so that the entrance comes first in reading order where that can be done. When it cannot (an entrance
in the bottom row and an exit in the top one), the file reads back with the two swapped: the 0/1 forms
have no other way to say which is which (the JSON form names both).
"""

import itertools

from server.errors import BadMaze
from server.maze.exchange.text import Rows, check_entries, check_side
from server.maze.model import MAX_SIDE, MIN_SIDE, Cell, Maze

Spot = tuple[int, int]
"""(row, entry index) in a matrix."""


def gap_spots(cell: Cell, rows: int, cols: int, unit: int, height: int, width: int) -> list[Spot]:
    """Where a gap beside `cell` can be, in a matrix of `unit` entries a cell: top, bottom, left, right."""
    r, c = cell
    middle_row, middle_col = unit * r + 1, unit * c + 1
    spots = []
    if r == 0:
        spots.append((0, middle_col))
    if r == rows - 1:
        spots.append((height - 1, middle_col))
    if c == 0:
        spots.append((middle_row, 0))
    if c == cols - 1:
        spots.append((middle_row, width - 1))
    return spots


def take_gaps(matrix: Rows, unit: int, stray: str) -> list[tuple[Spot, Cell]]:
    """The gaps of the outer wall in reading order, each with the cell it opens, and closes them in
    `matrix`; a 0 on the border that opens no cell is refused with `stray` as the reason."""
    lines = matrix.lines
    height, width = len(lines), len(lines[0])
    rows, cols = height // unit, width // unit
    spots = [(0, i) for i, char in enumerate(lines[0]) if char == "0"]
    for row in range(1, height - 1):
        spots += [(row, i) for i in (0, width - 1) if lines[row][i] == "0"]
    spots += [(height - 1, i) for i, char in enumerate(lines[-1]) if char == "0"]
    gaps = []
    for row, index in spots:
        across = row in (0, height - 1)
        along = index if across else row
        if (along - 1) % unit or along in (0, width - 1 if across else height - 1):
            raise matrix.error(stray, row, index)
        r = (row - 1) // unit if not across else (0 if row == 0 else rows - 1)
        c = (index - 1) // unit if across else (0 if index == 0 else cols - 1)
        gaps.append(((row, index), (r, c)))
        matrix.close(row, index, "1")
    return gaps


def openings(matrix: Rows, gaps: list[tuple[Spot, Cell]], rows: int, cols: int) -> tuple[Cell, Cell]:
    """Entrance and exit from the gaps: none means the corners, two are the entrance then the exit."""
    if not gaps:
        return (0, 0), (rows - 1, cols - 1)
    if len(gaps) == 1:
        raise matrix.error(
            "the outer wall has one gap; open two (entrance, then exit) or none (top-left and bottom-right)",
            *gaps[0][0],
        )
    if len(gaps) > 2:
        raise matrix.error(
            "a third gap in the outer wall: only the entrance and the exit may open it", *gaps[2][0]
        )
    (_, entrance), (spot, exit) = gaps
    if entrance == exit:
        raise matrix.error(f"both gaps open cell {list(entrance)}: the exit must be another cell", *spot)
    return entrance, exit


def check_border_openings(maze: Maze) -> None:
    """Refuse a maze whose entrance or exit is not a border cell: the exchange forms cannot show it."""
    for name, (r, c) in (("entrance", maze.entrance), ("exit", maze.exit)):
        if 0 < r < maze.rows - 1 and 0 < c < maze.cols - 1:
            raise BadMaze(
                f"the {name} {[r, c]} is an opening inside the maze; it must be on the outer border"
            )


def open_gaps(maze: Maze, lines: list[str], unit: int) -> list[str]:
    """`lines` (the closed matrix) with the entrance's and exit's gaps opened, the entrance's first in
    reading order where a choice of sides allows it."""
    check_border_openings(maze)
    height, width = len(lines), len(lines[0])
    ins = gap_spots(maze.entrance, maze.rows, maze.cols, unit, height, width)
    outs = gap_spots(maze.exit, maze.rows, maze.cols, unit, height, width)
    pairs = list(itertools.product(ins, outs))
    chosen = next((pair for pair in pairs if pair[0] < pair[1]), pairs[0])
    opened = list(lines)
    for row, index in chosen:
        opened[row] = opened[row][:index] + "0" + opened[row][index + 1 :]
    return opened


__all__ = ["check_border_openings", "gap_spots", "open_gaps", "openings", "take_gaps"]


def read_frame(matrix: Rows, unit: int, closed: bool, stray: str, centre: str) -> tuple[int, int, Cell, Cell]:
    """Rows, columns, entrance and exit of a 0/1 form with `unit` entries a cell (2 in the grid, whose
    outer wall adds one more line; 3 in the blocks), each cell's own entry checked to be 0 (`centre`
    says where that entry is). `closed` refuses any gap: the openings are given elsewhere (the JSON
    form), and the corners come back in their place."""
    check_entries(matrix, "01", "0 or 1")
    lines, extra = matrix.lines, 1 if unit == 2 else 0
    rows = check_side(matrix, len(lines), "rows", unit, extra, MIN_SIDE, MAX_SIDE)
    cols = check_side(matrix, len(lines[0]), "columns", unit, extra, MIN_SIDE, MAX_SIDE)
    gaps = take_gaps(matrix, unit, stray)
    if closed and gaps:
        raise matrix.error(
            "the outer wall must be closed: 'entrance' and 'exit' say where it opens", *gaps[0][0]
        )
    entrance, exit = openings(matrix, [] if closed else gaps, rows, cols)
    for r in range(rows):
        cells = lines[unit * r + 1][1::unit]
        if "1" in cells:
            c = cells.index("1")
            raise matrix.error(f"cell {[r, c]} is marked as a wall ({centre})", unit * r + 1, unit * c + 1)
    return rows, cols, entrance, exit
