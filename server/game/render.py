"""Terminal pictures in seed 000's style: walls ■, passages □, trail ·, the player as ▷◁△▽.

The entrance is marked ◎ and the exit ★ unless the player stands there. The model never draws itself;
this module reads it.
"""

import itertools
from collections.abc import Sequence

from server.game.directions import Direction, direction_between
from server.game.maze import Cell, Maze

WALL, PASSAGE, TRAIL, ENTRANCE, EXIT = "■", "□", "·", "◎", "★"


def render_text(maze: Maze, trail: Sequence[Cell] = (), facing: Direction | None = None) -> str:
    """The maze as text lines; with a trail, its cells and the gaps between them dotted."""
    grid = [[WALL if ch == "1" else PASSAGE for ch in line] for line in maze.to_matrix()]
    for previous, cell in itertools.pairwise(trail):
        grid[previous[0] + cell[0] + 1][previous[1] + cell[1] + 1] = TRAIL
    for r, c in trail:
        grid[2 * r + 1][2 * c + 1] = TRAIL
    for (r, c), mark in ((maze.entrance, ENTRANCE), (maze.exit, EXIT)):
        grid[2 * r + 1][2 * c + 1] = mark
    if trail:
        if facing is None:
            facing = Direction.RIGHT
            if len(trail) > 1:
                facing = direction_between(trail[-2], trail[-1]) or facing
        r, c = trail[-1]
        grid[2 * r + 1][2 * c + 1] = facing.arrow
    return "\n".join("".join(row) for row in grid)
