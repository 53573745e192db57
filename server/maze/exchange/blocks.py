"""The 3 x 3 blocks of an 8-direction maze (docs/maze-cli.md): 3R rows of 3C entries, cell (r, c) the block
centred on (3r+1, 3c+1), its centre 0 and each border entry 0 exactly when the passage that way is open, so
both blocks of a passage show it and must agree. The entrance and exit are gaps in a border block's outer
side (`gaps`). The conversion is `matrix_forms.read_blocks` / `blocks_of`; this module finds what is
wrong, and where.
"""

from server.errors import BadMaze
from server.maze import matrix_forms
from server.maze.exchange.gaps import open_gaps, read_frame
from server.maze.exchange.matrix import Read
from server.maze.exchange.text import BadImport, Rows, text_rows
from server.maze.model import Maze

_PAIRS = ((0, 1, (1, 2), (1, 0)), (1, 0, (2, 1), (0, 1)), (1, 1, (2, 2), (0, 0)), (1, -1, (2, 0), (0, 2)))
"""For each passage a cell owns (E, S, SE, SW): the neighbour's offset, and where the passage shows in
the cell's block and in the neighbour's."""


def blocks_walls(matrix: Rows, closed: bool) -> Read:
    """Read the (3R) x (3C) form; `closed` refuses any gap (see `matrix.grid_walls`)."""
    rows, cols, entrance, exit = read_frame(
        matrix,
        3,
        closed,
        "a border block opens out of the maze at a corner or diagonal entry",
        "its block's centre is 1",
    )
    lines = matrix.lines
    try:
        _, _, walls = matrix_forms.read_blocks(lines)
    except BadMaze as error:
        _find_disagreement(matrix, rows, cols)
        raise BadImport(str(error)) from None
    return rows, cols, walls, entrance, exit


def _find_disagreement(matrix: Rows, rows: int, cols: int) -> None:
    """Raise for the first passage whose two blocks disagree, naming both places (the slow way: only
    once `read_blocks` has said there is one)."""
    lines = matrix.lines
    for r in range(rows):
        for c in range(cols):
            for dr, dc, (ar, ac), (br, bc) in _PAIRS:
                r2, c2 = r + dr, c + dc
                if not (r2 < rows and 0 <= c2 < cols):
                    continue
                here = lines[3 * r + ar][3 * c + ac]
                there = lines[3 * r2 + br][3 * c2 + bc]
                if here != there:
                    first = matrix.where(3 * r + ar, 3 * c + ac)
                    said = "open" if here == "0" else "a wall"
                    at = f"line {first[0]}, column {first[1]}" if first else f"cell {[r, c]}'s block"
                    raise matrix.error(
                        f"cells {[r, c]} and {[r2, c2]} disagree about the passage between them: {at}"
                        f" says {said}, this entry says the opposite",
                        3 * r2 + br,
                        3 * c2 + bc,
                    )


def read_blocks(text: str) -> Maze:
    """An 8-direction maze from its blocks."""
    rows, cols, walls, entrance, exit = blocks_walls(text_rows(text, spaced=True), closed=False)
    return Maze.from_walls(rows, cols, walls, entrance, exit)


def write_blocks(maze: Maze) -> str:
    """The blocks without spaces, the openings as gaps."""
    if maze.directions == 4:
        raise BadMaze(
            "the blocks are the 8-direction form: export a 4-direction maze as matrix, ascii, json or png"
        )
    return "\n".join(open_gaps(maze, maze.to_matrix(), 3)) + "\n"
