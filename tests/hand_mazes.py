"""Hand-made mazes for the tests of rooms racing published mazes: drawn as the original exercise's 0/1
matrix (1 a wall), with loops and open areas that no perfect-maze generator makes."""

from server.maze.model import Maze
from server.maze.walls import Walls

LOOPED = (
    "1111111111111",
    "1000001000001",
    "1010101011101",
    "1000000000001",
    "1011101110101",
    "1000100000001",
    "1110101011101",
    "1000001000001",
    "1011111010101",
    "1000000000001",
    "1111111111111",
)
"""5 x 6 cells, entrance top left, exit bottom right: several ways round, so several shortest routes."""


def looped_maze() -> Maze:
    """The 5 x 6 maze drawn in `LOOPED`."""
    return Maze.from_matrix(LOOPED, (0, 0), (4, 5))


def open_field(rows: int, cols: int, directions: int = 4) -> Maze:
    """Every inner wall open (and in 8 directions every diagonal): the most loops a maze can have;
    entrance top right, exit bottom left, the openings a generator's corners never take."""
    walls = Walls.closed(rows * cols, directions)
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            walls.east[i] = c < cols - 1
            walls.south[i] = r < rows - 1
            if directions == 8:
                walls.southeast[i] = r < rows - 1 and c < cols - 1
                walls.southwest[i] = r < rows - 1 and c > 0
    return Maze.from_walls(rows, cols, walls, (0, cols - 1), (rows - 1, 0))
