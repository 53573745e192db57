"""A published maze for `play --solo --maze CODE`: fetched once from the server's `GET /api/mazes/CODE`
(its `maze` is the wire form), then raced offline like any solo maze."""

from dataclasses import dataclass

import aiohttp

from server.clients.terminal.server_rules import LiveError
from server.errors import BadMaze
from server.maze.model import Maze
from server.maze.wire import decode_maze


@dataclass(frozen=True)
class Published:
    """A published maze as the solo game needs it: its share code, its title and the maze."""

    code: str
    title: str
    maze: Maze


async def fetch_published(server: str, code: str) -> Published:
    """The published maze `code` on `server`; `LiveError` naming what went wrong otherwise."""
    try:
        async with (
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http,
            http.get(f"{server}/api/mazes/{code}") as response,
        ):
            if response.status == 404:
                raise LiveError(f"{server} has no published maze with the code {code!r}")
            if response.status != 200:
                raise LiveError(f"{server} answered {response.status} for the maze {code!r}")
            data = await response.json()
    except (aiohttp.ClientError, TimeoutError, ValueError) as error:
        raise LiveError(f"cannot reach {server}: {error or type(error).__name__}") from None
    if not isinstance(data, dict) or not isinstance(data.get("maze"), dict):
        raise LiveError(f"{server} sent no maze for {code!r}")
    try:
        maze = decode_maze(data["maze"])
    except BadMaze as error:
        raise LiveError(f"{server} sent a maze that cannot be read: {error.message}") from None
    title = data.get("title")
    return Published(code, title if isinstance(title, str) else "", maze)
