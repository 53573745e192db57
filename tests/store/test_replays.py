"""The replay API through a real server process: the packed log, gzip, the per-address limit, and
daily races sealed until their UTC day is over."""

import datetime
from pathlib import Path

import aiohttp

from server.maze.wire import decode_maze
from server.room.daily import daily_seed, daily_settings
from server.room.racelog import RaceLog
from server.store.sqlite.results import SqliteStore
from tests.store.live import Racer, ServerProcess, get_json, post_json, started_race
from tests.store.races import ScriptedRace, shortest_path


async def test_todays_daily_race_is_sealed_and_yesterdays_is_open(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db = tmp_path / "mazerace.db"
    yesterday = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=1)
    old = ScriptedRace(
        daily_settings(yesterday, "easy"), ["Old"], daily=yesterday.isoformat(),
        fixed_seed=daily_seed(yesterday, "easy"),
    )  # fmt: skip
    old.finish("Old", 40_000)
    old.play()
    store = await SqliteStore.open(db)
    await store.save_race(old.record())
    await store.close()

    server = await ServerProcess.start(db, tmp_path / "server.log", http)
    racer = Racer(server.url)
    try:
        status, room = await post_json(http, server.url + "/api/daily", {"preset": "easy"})
        assert status == 200
        await racer.connect()
        await racer.join(room["code"], "Eli")
        maze, race_id, _ = await started_race(racer)
        await racer.walk(shortest_path(maze)[1:])
        over = (await racer.wait_for("race_over"))["d"]

        status, sealed = await get_json(http, f"{server.url}/api/races/{race_id}")
        assert status == 200
        today = datetime.datetime.now(datetime.UTC).date()
        midnight = datetime.datetime.combine(
            today + datetime.timedelta(days=1), datetime.time(), datetime.UTC
        )
        assert sealed["sealed_until"] == round(midnight.timestamp() * 1000)
        assert (sealed["seed"], sealed["maze"], sealed["log"]) == (None, None, None)
        assert sealed["daily"] == today.isoformat()
        assert [r["cell"] for r in sealed["results"]] == [None]  # where players stopped is route too
        assert [r["total"] for r in sealed["results"]] == [r["total"] for r in over["results"]]
        assert str(maze.exit) not in str(sealed)

        status, opened = await get_json(http, f"{server.url}/api/races/{old.record().id}")
        assert status == 200
        assert opened["sealed_until"] is None
        assert decode_maze(opened["maze"]) == old.maze
        assert opened["seed"] == daily_seed(yesterday, "easy")
        assert list(RaceLog.from_wire(opened["log"], old.maze.cols)) == list(old.record().log)
    finally:
        await racer.close()
        await server.ensure_stopped()


async def test_replays_are_gzipped_and_limited_per_address(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db = tmp_path / "mazerace.db"
    race = ScriptedRace(daily_settings(datetime.date(2020, 1, 1), "medium"), ["Ann", "Bob"])
    race.finish("Ann", 50_000, detours=3)
    race.finish("Bob", 60_000, hints=2, detours=5)
    race.play()
    record = race.record()
    store = await SqliteStore.open(db)
    await store.save_race(record)
    await store.close()

    server = await ServerProcess.start(db, tmp_path / "server.log", http)
    try:
        url = f"{server.url}/api/races/{record.id}"
        async with http.get(url, headers={"Accept-Encoding": "gzip"}) as response:
            assert response.status == 200
            assert response.headers["Content-Encoding"] == "gzip"
            zipped = int(response.headers["Content-Length"])
            body = await response.json()
        async with http.get(url, headers={"Accept-Encoding": "identity"}) as response:
            assert response.status == 200
            assert "Content-Encoding" not in response.headers
            assert await response.json() == body
            assert int(response.headers["Content-Length"]) > zipped
        assert list(RaceLog.from_wire(body["log"], 50)) == list(record.log)
        statuses = [(await get_json(http, url))[0] for _ in range(12)]
        assert statuses[:8] == [200] * 8  # a burst of 10 with the two above
        assert statuses[8:] == [429] * 4
        status, refused = await get_json(http, url)
        assert (status, refused["error"]["code"]) == (429, "rate_limited")
    finally:
        await server.ensure_stopped()
