"""Checking one move: in the maze, one cell away (diagonals only in an 8-direction maze), not through a
wall. A refused move changes nothing."""

from server.errors import IllegalMove
from server.maze.directions import Direction, direction_between, parse_direction
from server.maze.model import Cell, Maze
from server.maze.trail import Trail

Target = Direction | str | Cell
"""A move as a direction (or its name) or as the neighbouring cell to step into."""


def resolve_move(maze: Maze, here: Cell, target: Target) -> Cell:
    """The cell a legal move from `here` leads to; raises `IllegalMove` with a stable code otherwise."""
    if isinstance(target, str):
        direction = parse_direction(target)
        if direction.diagonal and maze.directions == 4:
            raise IllegalMove(
                f"{direction.value} is a diagonal move, and this maze has 4 directions", code="bad_direction"
            )
        to = direction.step(here)
    else:
        to = target
    if not maze.in_bounds(to):
        raise IllegalMove(f"cell {list(to)} is outside the maze", code="out_of_bounds")
    between = direction_between(here, to)
    if between is None or (between.diagonal and maze.directions == 4):
        raise IllegalMove(
            f"cell {list(to)} is not next to {list(here)}: move one cell at a time",
            code="not_adjacent",
        )
    if not maze.is_open(here, to):
        raise IllegalMove(f"a wall stands between {list(here)} and {list(to)}", code="wall")
    return to


def apply_move(maze: Maze, trail: Trail, target: Target) -> Cell:
    """Check a move from the trail's current cell and record it on the trail; returns the new cell."""
    to = resolve_move(maze, trail.current, target)
    trail.step(to)
    return to
