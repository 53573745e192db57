"""Publishing across machines: two real server processes on one real PostgreSQL database. A clear check
started on one is finished on the other (the tokens are signed with a key of the database's secret),
a maze published on one is read, listed and published again under the same code on the other."""

import asyncio
from pathlib import Path

import aiohttp

from server.maze.generation import MazeSpec, generate
from server.maze.wire import decode_maze, encode_maze
from tests.mazes import shortest_path
from tests.store.live import ServerProcess, get_json, post_json

MOVES_A_SECOND, BURST = 20, 10
"""The game's move limit, which a clear check's walk may not beat (the server's default)."""


async def test_a_maze_published_on_one_server_is_the_same_on_another(
    tmp_path: Path, http: aiohttp.ClientSession, postgres_url: str
) -> None:
    first = await ServerProcess.start(postgres_url, tmp_path / "first.log", http)
    second = await ServerProcess.start(postgres_url, tmp_path / "second.log", http)
    try:
        maze = generate(MazeSpec("backtracker", 6, 6, 7))
        wire = encode_maze(maze)
        walk = [list(cell) for cell in shortest_path(maze)]
        status, started = await post_json(http, first.url + "/api/clear-checks", {"maze": wire})
        assert status == 200, started
        await asyncio.sleep(max(0.0, (len(walk) - 1 - BURST) / MOVES_A_SECOND) + 0.1)
        finish = {"check": started["check"], "maze": wire, "walk": walk}
        status, cleared = await post_json(http, second.url + "/api/clear-checks/finish", finish)
        assert status == 200, cleared
        body = {"maze": wire, "title": "Shared", "author": "Ann", "cleared": cleared["cleared"]}
        status, published = await post_json(http, first.url + "/api/mazes", body)
        assert status == 201, published
        code = published["code"]
        status, again = await post_json(http, second.url + "/api/mazes", {**body, "title": "Copy"})
        kept = {"title": "Shared", "author": "Ann"}  # the first publication's, not "Copy"
        assert (status, again) == (200, {**published, "new": False, **kept})
        status, one = await get_json(http, f"{second.url}/api/mazes/{code}")
        assert status == 200, one
        assert (one["title"], one["author"], decode_maze(one["maze"])) == ("Shared", "Ann", maze)
        assert one["clear_ms"] == cleared["clear_ms"]
        status, listed = await get_json(http, second.url + "/api/mazes?order=most_raced")
        assert [m["code"] for m in listed["mazes"]] == [code]
    finally:
        await first.ensure_stopped()
        await second.ensure_stopped()
