"""Maze walking helpers shared by the unit, integration, persistence and benchmark tests, and a room
raced in the pure core."""

from collections.abc import Sequence

from server.maze.fog import depths
from server.maze.model import Cell, Maze
from server.maze.solvers import search
from server.room.room import Room
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id

T0 = 1_000_000.0
"""The moment rooms raced in the core start at (seconds)."""


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


def race_in_core(room: Room, names: Sequence[str] = ("Ann", "Bob")) -> list[str]:
    """Join `names` to a lobby room, ready them, start, end the countdown; the player ids."""
    ids = [room.join(name, "player", None, T0, new_token=new_player_token())[0].id for name in names]
    for pid in ids[1:]:
        room.set_ready(pid, True)
    spec = room.prepare_start(ids[0])
    maze, distances = build_course(spec)
    room.start(ids[0], spec, maze, distances, T0, race_id=new_race_id())
    room.tick(T0 + room.countdown)
    return ids


def sight(maze: Maze, start: int, vision: int) -> list[int]:
    """The cells within `vision` steps of cell `start` along open passages, nearest first: searched
    afresh, the oracle for the sight the server keeps with each racer's fog memory."""
    return list(depths(maze, start, vision))


def visible_now(maze: Maze, cell: int, vision: int) -> frozenset[int]:
    """What a racer standing in `cell` sees at this moment (where other players are shown to them)."""
    return frozenset(sight(maze, cell, vision))
