"""Maze walking helpers shared by the integration, persistence and benchmark tests."""

from collections.abc import Sequence

from server.game.maze import Cell, Maze
from server.game.solvers import search


def neighbours(maze: Maze, cell: Cell) -> list[Cell]:
    """Open neighbouring rooms of `cell`."""
    return [maze.cell(i) for i in maze.neighbours(maze.index(cell))]


def shortest_path(maze: Maze, start: Cell | None = None) -> list[Cell]:
    """The BFS path from `start` (default the entrance) to the exit, both included."""
    path = search(maze, "bfs", start).path
    assert path is not None
    return list(path)


def dead_end_branch(maze: Maze, path: Sequence[Cell], skip: int = 0) -> tuple[int, list[Cell]]:
    """A side branch off `path` (perfect mazes: it ends in a dead end): where it leaves, and its rooms.

    `skip` passes over that many branches first, to pick different detours.
    """
    on_path = set(path)
    for i, room in enumerate(path[:-1]):
        for first in neighbours(maze, room):
            if first in on_path:
                continue
            if skip:
                skip -= 1
                continue
            branch, previous = [first], room
            while onward := [n for n in neighbours(maze, branch[-1]) if n != previous]:
                previous = branch[-1]
                branch.append(onward[0])
            return i, branch
    raise AssertionError("the maze has no side branch")
