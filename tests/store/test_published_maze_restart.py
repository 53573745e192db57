"""A race on a published maze survives a restart of a real server process: the saved room keeps the maze
itself (not only its code), the racer comes back to the same cell of the same maze and finishes, and
the race is stored with the maze's code on the maze's own board."""

import asyncio
import time
from pathlib import Path

import aiohttp

from server.maze.wire import decode_maze
from server.store.sqlite.results import SqliteStore
from tests.hand_mazes import looped_maze
from tests.mazes import shortest_path
from tests.store.live import Racer, ServerProcess, get_json, post_json


async def test_a_race_on_a_published_maze_carries_on_after_a_restart(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = tmp_path / "mazerace.db", tmp_path / "server.log"
    maze = looped_maze()
    store = await SqliteStore.open(db)
    code, _ = await store.publish_maze(maze, "Loops", "Ann", 4_000, "key", time.time())
    await store.close()
    way = shortest_path(maze)

    servers: list[ServerProcess] = []
    racers: list[Racer] = []
    try:
        first = await ServerProcess.start(db, log, http)
        servers.append(first)
        status, made = await post_json(http, first.url + "/api/rooms", {"maze": code})
        assert status == 201, made
        ann = await Racer(first.url).connect()
        racers.append(ann)
        you = (await ann.join(made["code"], "Ann"))["you"]
        await ann.ok("start")
        started = await ann.wait_for("started")
        assert decode_maze(started["d"]["maze"]) == maze
        await ann.walk(way[1:4])
        await first.stop()
        await ann.close()

        second = await ServerProcess.start(db, log, http)
        servers.append(second)
        back = await Racer(second.url).connect()
        racers.append(back)
        snapshot = (await back.join(made["code"], "Ann", token=you["token"]))["snapshot"]
        assert snapshot["settings"]["maze"] == code
        assert decode_maze(snapshot["maze"]) == maze
        assert next(p for p in snapshot["players"] if p["id"] == you["id"])["cell"] == list(way[3])
        await back.walk(way[4:])
        over = await back.wait_for("race_over")
        race_id = over["d"]["race"]
        await asyncio.sleep(0.2)
        status, race = await get_json(http, f"{second.url}/api/races/{race_id}")
        assert status == 200, race
        assert race["settings"]["maze"] == code
        assert decode_maze(race["maze"]) == maze
        status, board = await get_json(http, f"{second.url}/api/leaderboard?preset=easy")
        assert status == 200
        assert board["leaderboard"] == []  # a published maze's race is on its own board only
    finally:
        for racer in racers:
            await racer.close()
        for server in servers:
            await server.ensure_stopped()
    store = await SqliteStore.open(db)
    try:
        assert [row["name"] for row in await store.leaderboard(maze=code)] == ["Ann"]
    finally:
        await store.close()
