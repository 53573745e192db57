"""Terminal pictures in the original exercise's style: walls ■, passages □, trail ·, the player as ▷◁△▽
(◹◿◺◸ on a diagonal).

The picture is the maze's exchange matrix (`Maze.to_matrix`) with 1 drawn as ■ and 0 as □: in 4
directions the (2R+1) x (2C+1) grid, where a cell's centre is at (2r+1, 2c+1); in 8 directions the 3 x 3
blocks, centred at (3r+1, 3c+1). The entrance is marked ◎ and the exit ★ unless the player stands there.
The model never draws itself; this module reads it.
"""

import itertools
from collections.abc import Sequence

from server.maze.directions import Direction, direction_between
from server.maze.model import Cell, Maze

WALL, PASSAGE, TRAIL, ENTRANCE, EXIT = "■", "□", "·", "◎", "★"


def render_text(maze: Maze, trail: Sequence[Cell] = (), facing: Direction | None = None) -> str:
    """The maze as text lines; with a trail, its cells and the passages between them dotted."""
    grid = [[WALL if ch == "1" else PASSAGE for ch in line] for line in maze.to_matrix()]
    scale = 3 if maze.directions == 8 else 2

    def centre(cell: Cell) -> Cell:
        return scale * cell[0] + 1, scale * cell[1] + 1

    for previous, cell in itertools.pairwise(trail):
        (ar, ac), (br, bc) = centre(previous), centre(cell)
        dr, dc = cell[0] - previous[0], cell[1] - previous[1]
        grid[ar + dr][ac + dc] = TRAIL  # the side of the block the passage leaves by ...
        grid[br - dr][bc - dc] = TRAIL  # ... and the one it enters by (the same entry in 4 directions)
    for cell in trail:
        r, c = centre(cell)
        grid[r][c] = TRAIL
    for cell, mark in ((maze.entrance, ENTRANCE), (maze.exit, EXIT)):
        r, c = centre(cell)
        grid[r][c] = mark
    if trail:
        if facing is None:
            facing = Direction.RIGHT
            if len(trail) > 1:
                facing = direction_between(trail[-2], trail[-1]) or facing
        r, c = centre(trail[-1])
        grid[r][c] = facing.arrow
    return "\n".join("".join(row) for row in grid)
