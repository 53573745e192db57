"""A maze published by HTTP, as the editor's Publish button does, for the pages that show one."""

import asyncio
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from server.maze.model import Maze
from server.maze.wire import encode_maze
from tests.mazes import shortest_path

TITLE = "Loops <b>& more</b>"  # markup in a title is text on every page


async def publish_by_http(server: TestServer, maze: Maze) -> str:
    """The clear check (started, walked the shortest way no faster than a racer may move, finished)
    and the publishing, through the API as the editor does it; the maze's share code."""
    wire = encode_maze(maze)
    walk_cells = [list(cell) for cell in shortest_path(maze)]
    async with aiohttp.ClientSession() as http:

        async def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
            async with http.post(server.make_url(path), json=body) as response:
                answer = await response.json()
                assert response.status in (200, 201), answer
                return dict(answer)

        check = (await post("/api/clear-checks", {"maze": wire}))["check"]
        await asyncio.sleep(0.3)  # the move rate limit's pace for a walk this long
        finished = await post("/api/clear-checks/finish", {"check": check, "maze": wire, "walk": walk_cells})
        body = {"maze": wire, "title": TITLE, "author": "Ann", "cleared": finished["cleared"]}
        published = await post("/api/mazes", body)
    assert published["url"] == f"/m/{published['code']}"
    return str(published["code"])
