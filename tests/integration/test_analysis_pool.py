"""Regression tests: race analyses never make a hint wait (they have worker processes of their own), and
an analysis is bounded in size (a race too long to analyse is refused with `too_large`).

Against a real server process on a SQLite file holding long stored races, a racer in a room of its own
asking an A* hint (searched in a worker process) while analyses are built.
"""

import asyncio
import contextlib
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp

from server.room.racelog import RaceLog
from server.room.records import RaceRecord, race_record
from server.room.settings import RoomSettings
from server.runtime.race_analyses import MAX_ANALYSED_ENTRIES
from server.store.sqlite.results import SqliteStore
from tests.store.live import Racer, ServerProcess, post_json
from tests.store.races import ScriptedRace

SIDE, RACERS, LIMIT = 150, 16, 3600
ANALYSES_AT_ONCE = 4
HINTS, HINT_GAP = 8, 1.1
"""A* hints asked while the analyses are built, one every HINT_GAP seconds (the hint rate allows one
a second)."""
HINT_BOUND = 3.0
"""Seconds an A* hint may take while analyses are built: milliseconds of search, so generous on a
loaded machine; behind four analyses in one worker it waited several seconds."""


def long_race(moves_per_racer: int, seed: int) -> RaceRecord:
    """A finished 16-racer 150 x 150 race whose racers each walked `moves_per_racer` random steps."""
    settings = RoomSettings(
        preset="custom", rows=SIDE, cols=SIDE, max_players=RACERS, hint_limit=99, time_limit=LIMIT
    )
    race = ScriptedRace(settings, [f"Racer {n}" for n in range(RACERS)], rng_seed=seed)
    maze, rng, log = race.maze, random.Random(seed), RaceLog(race.maze.cols)
    walkers = dict.fromkeys(race.ids.values(), maze.index(maze.entrance))
    for n in range(moves_per_racer):
        for member, here in walkers.items():
            step = rng.choice(maze.neighbours(here))
            if maze.cell(step) == maze.exit:
                continue  # wander on: a finish would end the walk early
            walkers[member] = step
            log.add_move(n * LIMIT * 1000 // moves_per_racer, member, maze.cell(step))
    race.room.log = log
    race.room.tick(race.start + LIMIT)  # everyone is out of time
    return race_record(race.room)


async def stored(db: Path, records: list[RaceRecord]) -> None:
    store = await SqliteStore.open(db)
    try:
        for record in records:
            assert await store.save_race(record)
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def server_on(db: Path, http: aiohttp.ClientSession) -> AsyncIterator[ServerProcess]:
    server = await ServerProcess.start(db, db.with_suffix(".log"), http)
    try:
        yield server
    finally:
        await server.ensure_stopped()


async def analysis_status(http: aiohttp.ClientSession, url: str, race_id: str) -> int:
    timeout = aiohttp.ClientTimeout(total=120)
    async with http.get(f"{url}/api/races/{race_id}/analysis", timeout=timeout) as response:
        await response.read()
        return response.status


async def test_analyses_never_make_a_hint_wait(tmp_path: Path) -> None:
    db = tmp_path / "races.db"
    records = [long_race(14_000, seed) for seed in range(ANALYSES_AT_ONCE)]
    await stored(db, records)
    async with aiohttp.ClientSession() as http, server_on(db, http) as server:
        settings = {"preset": "custom", "rows": SIDE, "cols": SIDE, "algorithm": "prim", "hint_limit": HINTS}
        status, body = await post_json(http, server.url + "/api/rooms", settings)
        assert status == 201, body
        racer = await Racer(server.url).connect()
        try:
            await racer.join(body["code"], "Asker")
            await racer.ok("start")
            await racer.wait_for("started")
            await asyncio.sleep(0.5)  # the countdown
            analyses = [
                asyncio.create_task(analysis_status(http, server.url, record.id)) for record in records
            ]
            waits = []
            while not all(task.done() for task in analyses) and len(waits) < HINTS:
                await asyncio.sleep(HINT_GAP)
                asked = time.monotonic()
                hint = await racer.sio.call("hint", {"method": "astar"}, timeout=60)
                waits.append(time.monotonic() - asked)
                assert hint["ok"] is True, hint
            assert max(waits) < HINT_BOUND, f"an A* hint waited {max(waits):.1f} s behind the analyses"
            assert await asyncio.gather(*analyses) == [200] * ANALYSES_AT_ONCE
        finally:
            await racer.close()


async def test_a_race_too_long_to_analyse_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "races.db"
    record = long_race(MAX_ANALYSED_ENTRIES // RACERS + 50, seed=9)
    assert len(record.log) > MAX_ANALYSED_ENTRIES
    await stored(db, [record])
    async with aiohttp.ClientSession() as http, server_on(db, http) as server:
        async with http.get(f"{server.url}/api/races/{record.id}/analysis") as response:
            assert response.status == 413, await response.text()
            assert (await response.json())["error"]["code"] == "too_large"
        async with http.get(f"{server.url}/api/races/{record.id}") as response:
            assert response.status == 200  # the replay is still there
