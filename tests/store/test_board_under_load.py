"""Leaderboard reads over many stored results never hold up the end of a race, through a real server
process on a real SQLite file holding 150,000 results (made in seconds with direct inserts).

A race is stored before `race_over` is sent, so its end waits for the save; ranking every stored result
at each request held the store for over a second, and five readers from one address held it all the
time, the race's end waiting seconds behind them.
"""

import asyncio
import contextlib
import time
from pathlib import Path

import aiohttp

from server.maze.wire import decode_maze
from server.store.sqlite.results import SqliteStore
from tests.store.live import Racer, ServerProcess, get_json, post_json
from tests.store.many_results import sqlite_with_results
from tests.store.races import shortest_path

STORED_RESULTS = 150_000
PLAYER_NAMES = 5_000
READERS = 5
"""Leaderboard readers at once, from one address (the test's)."""
READ_GAP = 0.25
"""Seconds between one reader's requests: the five together stay within the API's 20 a second."""
RACES = 2
RACE_END_BOUND = 1.5
"""Seconds from the last move sent to its ack (which follows `race_over`, which follows the save): a few
milliseconds when nothing holds the save up; seconds behind the old readers."""
BOARDS = (
    "",
    "?preset=easy",
    "?name=Player%207",
    "?fog=true&preset=medium",
    "?algorithm=prim&limit=100",
)


async def read_boards(http: aiohttp.ClientSession, url: str, board: str, until: asyncio.Event) -> int:
    """One reader asking for a leaderboard again and again; how many answers it got."""
    answered = 0
    while not until.is_set():
        status, body = await get_json(http, f"{url}/api/leaderboard{board}")
        assert status in (200, 429), body
        answered += status == 200
        await asyncio.sleep(READ_GAP)
    return answered


async def race_end_seconds(url: str, name: str) -> float:
    """A solo race on an easy maze walked to the exit: seconds from the last move sent to its ack."""
    async with aiohttp.ClientSession() as http:
        status, created = await post_json(http, url + "/api/rooms", {"preset": "easy"})
    assert status == 201, created
    racer = await Racer(url).connect()
    try:
        await racer.join(created["code"], name)
        await racer.ok("start")
        maze = decode_maze((await racer.wait_for("started"))["d"]["maze"])
        rooms = shortest_path(maze)[1:]
        await racer.walk(rooms[:-1])
        await asyncio.sleep(0.1)
        began = time.monotonic()
        ack = await racer.sio.call("move", {"to": list(rooms[-1])}, timeout=60)
        took = time.monotonic() - began
        assert ack["ok"] is True, ack
        await racer.wait_for("race_over")
        return took
    finally:
        await racer.close()


async def test_a_race_end_is_not_held_up_by_leaderboard_reads(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = tmp_path / "mazerace.db", tmp_path / "server.log"
    await asyncio.to_thread(sqlite_with_results, db, STORED_RESULTS, PLAYER_NAMES)
    migrated = await SqliteStore.open(db)  # brought up to date before the server's start-up clock runs
    await migrated.close()
    server = await ServerProcess.start(db, log, http)
    stop = asyncio.Event()
    readers: list[asyncio.Task[int]] = []
    try:
        readers = [
            asyncio.create_task(read_boards(http, server.url, BOARDS[n % len(BOARDS)], stop))
            for n in range(READERS)
        ]
        await asyncio.sleep(1.0)  # the readers are at it
        ends = [await race_end_seconds(server.url, f"Racer {n}") for n in range(RACES)]
        stop.set()
        answered = await asyncio.wait_for(asyncio.gather(*readers), 60)
        assert sum(answered) >= READERS, answered  # the boards were read meanwhile
        assert max(ends) < RACE_END_BOUND, ends
        status, board = await get_json(http, f"{server.url}/api/leaderboard?name=Racer%200")
        assert status == 200
        assert [row["name"] for row in board["leaderboard"]] == ["Racer 0"]  # on the boards at once
    finally:
        stop.set()
        for reader in readers:
            reader.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.gather(*readers, return_exceptions=True)
        await server.ensure_stopped()
