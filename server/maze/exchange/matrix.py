"""The original exercise's 0/1 matrix (docs/origins.md): a 4-direction maze of R x C cells as 2R+1 rows
of 2C+1 entries, 1 a wall and 0 open, cell (r, c) at row 2r+1, column 2c+1, with or without spaces
between the entries. The entrance and exit are gaps in the outer wall (`gaps`). The conversion itself is
`matrix_forms.read_grid` / `grid_of`; this module finds what is wrong, and where, before it runs.
"""

from server.errors import BadMaze
from server.maze import matrix_forms
from server.maze.exchange.gaps import open_gaps, read_frame
from server.maze.exchange.text import BadImport, Rows, text_rows
from server.maze.model import Cell, Maze
from server.maze.walls import Walls

Read = tuple[int, int, Walls, Cell, Cell]
"""rows, cols, passages, entrance, exit."""


def grid_walls(matrix: Rows, closed: bool) -> Read:
    """Read the (2R+1) x (2C+1) form; `closed` refuses any gap (see `gaps.read_frame`)."""
    rows, cols, entrance, exit = read_frame(
        matrix,
        2,
        closed,
        "the outer wall is open at the end of a wall, beside no cell",
        "a cell's own entry is 0",
    )
    lines = matrix.lines
    for r in range(1, rows):
        posts = lines[2 * r][::2]
        if "0" in posts:
            raise matrix.error("a wall corner between four cells must be 1", 2 * r, 2 * posts.index("0"))
    try:
        _, _, walls = matrix_forms.read_grid(lines)
    except BadMaze as error:  # everything it refuses is refused above, with its place
        raise BadImport(str(error)) from None
    return rows, cols, walls, entrance, exit


def read_matrix(text: str) -> Maze:
    """A maze from the 0/1 matrix."""
    rows, cols, walls, entrance, exit = grid_walls(text_rows(text, spaced=True), closed=False)
    return Maze.from_walls(rows, cols, walls, entrance, exit)


def write_matrix(maze: Maze) -> str:
    """The 0/1 matrix without spaces, the openings as gaps."""
    if maze.directions == 8:
        raise BadMaze(
            "the 0/1 matrix has no diagonal passages: export an 8-direction maze as blocks, json or png"
        )
    return "\n".join(open_gaps(maze, maze.to_matrix(), 2)) + "\n"
