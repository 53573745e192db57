"""ASCII art of a 4-direction maze: the 0/1 matrix's layout drawn with `#` for a wall, a space or `.` for
open, and `S` (the entrance) and `E` (the exit) on their own cells' spots, which must be border cells; the
outer wall is closed all round.

8-direction mazes have no ASCII form: a diagonal passage would need a spot between four cells that the
2R+1 layout shares with the wall corner, so they export as blocks, json or png instead (a clear error).
"""

from server.errors import BadMaze
from server.maze.exchange.gaps import check_border_openings
from server.maze.exchange.matrix import grid_walls
from server.maze.exchange.text import BadImport, Rows, check_entries, check_side, text_rows
from server.maze.model import MAX_SIDE, MIN_SIDE, Cell, Maze

_TO_BINARY = str.maketrans({"#": "1", " ": "0", ".": "0", "S": "0", "E": "0"})
_TO_ART = str.maketrans({"1": "#", "0": " "})


def read_ascii(text: str) -> Maze:
    """A maze from its ASCII art."""
    art = text_rows(text, spaced=False)
    check_entries(art, "# .SE", "'#', a space, '.', 'S' or 'E'")
    check_side(art, len(art.lines), "rows", 2, 1, MIN_SIDE, MAX_SIDE)
    check_side(art, len(art.lines[0]), "columns", 2, 1, MIN_SIDE, MAX_SIDE)
    _check_outer_wall(art)
    entrance = _marked(art, "S", "entrance")
    exit = _marked(art, "E", "exit")
    binary = Rows([line.translate(_TO_BINARY) for line in art.lines], art.where)
    rows, cols, walls, _, _ = grid_walls(binary, closed=True)
    return Maze.from_walls(rows, cols, walls, entrance, exit)


def _check_outer_wall(art: Rows) -> None:
    """Refuse anything but `#` on the border, naming the first such entry."""
    last = len(art.lines) - 1
    for row, line in enumerate(art.lines):
        spots = range(len(line)) if row in (0, last) else (0, len(line) - 1)
        for index in spots:
            if line[index] != "#":
                raise art.error(
                    "the outer wall must be '#' all round (S and E mark the openings)", row, index
                )


def _marked(art: Rows, mark: str, name: str) -> Cell:
    """The one cell marked `mark`, which must be a border cell's own spot."""
    found = [(row, line.index(mark)) for row, line in enumerate(art.lines) if mark in line]
    if not found:
        raise BadImport(f"no {mark}: mark the {name} with {mark} on its cell")
    row, index = found[0]
    if art.lines[row].count(mark) > 1:
        raise art.error(
            f"a second {mark}: the maze has one {name}", row, art.lines[row].index(mark, index + 1)
        )
    if len(found) > 1:
        raise art.error(f"a second {mark}: the maze has one {name}", *found[1])
    if row % 2 == 0 or index % 2 == 0:
        raise art.error(
            f"{mark} must be on a cell's own spot (odd row and column), not on a wall", row, index
        )
    rows, cols = len(art.lines) // 2, len(art.lines[0]) // 2
    r, c = row // 2, index // 2
    if 0 < r < rows - 1 and 0 < c < cols - 1:
        raise art.error(
            f"the {name} {mark} is an opening inside the maze; it must be a border cell", row, index
        )
    return r, c


def write_ascii(maze: Maze) -> str:
    """The ASCII art of a 4-direction maze: walls `#`, open spaces, `S` and `E`."""
    if maze.directions == 8:
        raise BadMaze(
            "ASCII art shows 4-direction mazes only: export an 8-direction maze as blocks, json or png"
        )
    check_border_openings(maze)
    lines = [line.translate(_TO_ART) for line in maze.to_matrix()]
    for mark, (r, c) in (("S", maze.entrance), ("E", maze.exit)):
        line = lines[2 * r + 1]
        lines[2 * r + 1] = line[: 2 * c + 1] + mark + line[2 * c + 2 :]
    return "\n".join(lines) + "\n"
