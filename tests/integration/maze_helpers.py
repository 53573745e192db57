"""Mazes and requests for the maze API's tests: small generated mazes in wire form, broken ones, and
the clear check passed through a real server."""

import asyncio
import dataclasses
from typing import Any

from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.wire import MazeJson, encode_maze
from tests.integration.conftest import Harness
from tests.mazes import shortest_path


def small_maze(seed: int, side: int = 6, directions: int = 4) -> Maze:
    algorithm = "backtracker" if directions == 4 else "prim"
    return generate(MazeSpec(algorithm, side, side, seed, directions=directions))


def wire(maze: Maze) -> MazeJson:
    return encode_maze(maze)


def walled_in(maze: Maze) -> Maze:
    """`maze` with every wall built: no way from the entrance to the exit."""
    blank = bytes(maze.size)
    return dataclasses.replace(maze, east=blank, south=blank, southeast=b"", southwest=b"")


def opening_inside(maze: Maze) -> Maze:
    """`maze` with its entrance moved inside."""
    return dataclasses.replace(maze, entrance=(2, 2))


def way(maze: Maze) -> list[list[int]]:
    """The shortest walk from the entrance to the exit, as the API takes it."""
    return [list(cell) for cell in shortest_path(maze)]


async def post(arena: Harness, path: str, body: Any) -> tuple[int, Any]:
    status, answer, _ = await arena.request("POST", path, json=body)
    return status, answer


async def clear(arena: Harness, maze: Maze, pause: float = 0.0) -> dict[str, Any]:
    """A clear check of `maze` passed on `arena`: `{cleared, clear_ms}`."""
    status, started = await post(arena, "/api/clear-checks", {"maze": wire(maze)})
    assert status == 200, started
    await asyncio.sleep(pause)
    body = {"check": started["check"], "maze": wire(maze), "walk": way(maze)}
    status, finished = await post(arena, "/api/clear-checks/finish", body)
    assert status == 200, finished
    return dict(finished)


async def publish(arena: Harness, maze: Maze, title: str = "A maze", author: str = "Ann") -> tuple[int, Any]:
    """Publish `maze` after passing its clear check."""
    cleared = (await clear(arena, maze))["cleared"]
    body = {"maze": wire(maze), "title": title, "author": author, "cleared": cleared}
    return await post(arena, "/api/mazes", body)
