"""What a hand-made maze must be to be published, and the author's clear-check walk that proves it.

Pure checks with `BadMaze` messages that name what is wrong; the HTTP edge turns them into replies.
"""

import itertools
from collections.abc import Sequence

from server.errors import BadMaze
from server.maze.model import Cell, Maze
from server.maze.paths import count_shortest

MAX_WALK_STEPS_PER_CELL = 4
"""A clear check's walk may take at most this many steps a cell: room for wrong turns, not for padding."""


def check_publishable(maze: Maze, min_side: int, max_side: int) -> None:
    """Refuse a maze out of the room bounds, with an opening inside the maze, or with no way from the
    entrance to the exit."""
    for name, side in (("rows", maze.rows), ("columns", maze.cols)):
        if not min_side <= side <= max_side:
            raise BadMaze(f"a published maze has {min_side} to {max_side} {name}; this one has {side}")
    for name, (r, c) in (("entrance", maze.entrance), ("exit", maze.exit)):
        if 0 < r < maze.rows - 1 and 0 < c < maze.cols - 1:
            raise BadMaze(
                f"the {name} {[r, c]} is an opening inside the maze; it must be on the outer border"
            )
    if count_shortest(maze, maze.index(maze.entrance)).length is None:
        raise BadMaze("there is no way from the entrance to the exit")


def check_walk(maze: Maze, walk: Sequence[Cell]) -> None:
    """Refuse a walk that does not start at the entrance, steps anywhere but to an open neighbour, does
    not end at the exit, or is longer than `MAX_WALK_STEPS_PER_CELL` steps a cell; names the first bad
    step."""
    if not walk:
        raise BadMaze("the walk is empty")
    limit = MAX_WALK_STEPS_PER_CELL * maze.size
    if len(walk) - 1 > limit:
        raise BadMaze(f"the walk has {len(walk) - 1} steps; at most {limit} are accepted for this maze")
    cells: list[Cell] = []
    for number, cell in enumerate(walk):
        if (
            not isinstance(cell, list | tuple)
            or len(cell) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
        ):
            raise BadMaze(f"walk cell {number} must be [row, col]")
        cells.append((cell[0], cell[1]))
    if cells[0] != maze.entrance:
        raise BadMaze(f"the walk must start at the entrance {list(maze.entrance)}, not {list(cells[0])}")
    for step, (here, there) in enumerate(itertools.pairwise(cells), start=1):
        if not maze.in_bounds(there):
            raise BadMaze(f"step {step} goes to {list(there)}, outside the maze")
        if not maze.is_open(here, there):
            raise BadMaze(f"step {step} from {list(here)} to {list(there)} is not to an open neighbour")
    if cells[-1] != maze.exit:
        raise BadMaze(f"the walk must end at the exit {list(maze.exit)}, not {list(cells[-1])}")
