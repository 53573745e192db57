"""The persistence HTTP API through a real server process on a real SQLite file: what the records API
refuses, the replay page, and a fresh room on the daily maze for each click."""

import datetime
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from server.maze.model import Maze
from server.room.daily import daily_settings
from tests.store.live import ROOT, Racer, ServerProcess, get_json, post_json, started_race


@pytest.fixture
async def server(tmp_path: Path, http: aiohttp.ClientSession) -> AsyncIterator[ServerProcess]:
    """A fresh server process on a fresh database file."""
    process = await ServerProcess.start(tmp_path / "mazerace.db", tmp_path / "server.log", http)
    try:
        yield process
    finally:
        await process.ensure_stopped()


async def test_the_records_api_refuses_what_it_does_not_have(
    server: ServerProcess, http: aiohttp.ClientSession
) -> None:
    for race_id in ("A" * 16, "not-a-race", "x" * 300, "..%2F..%2Fetc"):
        status, body = await get_json(http, f"{server.url}/api/races/{race_id}")
        assert (status, body["error"]["code"]) == (404, "unknown_race"), race_id
    bad_queries = (
        "limit=0", "limit=101", "limit=ten", "limit=-1", "limit=1.5", "preset=giant", "algorithm=maze",
        "daily=tomorrow", "daily=2026-02-30", "name=" + "x" * 21, "fog=yes", "fog=1",
    )  # fmt: skip
    for query in bad_queries:
        status, body = await get_json(http, f"{server.url}/api/leaderboard?{query}")
        assert (status, body["error"]["code"]) == (400, "bad_query"), query
        assert body["error"]["message"]
    for query in (
        "",
        "?limit=100",
        "?preset=hard&algorithm=wilson&daily=today&name=Ann",
        "?preset=custom",
        "?fog=true",
    ):
        assert await get_json(http, f"{server.url}/api/leaderboard{query}") == (200, {"leaderboard": []})
    assert await get_json(http, f"{server.url}/api/races") == (200, {"races": []})
    status, body = await get_json(http, f"{server.url}/api/nothing-here")
    assert (status, body["error"]["code"]) == (404, "not_found")


async def test_the_replay_page_is_served(server: ServerProcess, http: aiohttp.ClientSession) -> None:
    async with http.get(f"{server.url}/replay/{'A' * 16}") as response:
        if (ROOT / "web" / "replay.html").is_file():
            assert response.status == 200
            assert response.content_type == "text/html"
        else:  # the page is not written yet: only the route is there
            assert response.status == 404


async def test_each_daily_click_gets_a_fresh_room_on_the_daily_maze(
    server: ServerProcess, http: aiohttp.ClientSession
) -> None:
    status, first = await post_json(http, server.url + "/api/daily", {"preset": "easy"})
    assert status == 200, first
    today = datetime.datetime.now(datetime.UTC).date()
    assert first["daily"] == today.isoformat()
    assert first["url"].endswith(f"/r/{first['code']}")
    status, again = await post_json(http, server.url + "/api/daily", {"preset": "easy"})
    assert status == 200
    assert again["code"] != first["code"]  # never a lobby someone else holds
    status, medium = await post_json(http, server.url + "/api/daily", {"preset": "medium"})
    assert status == 200
    assert medium["code"] != first["code"]
    status, body = await post_json(http, server.url + "/api/daily", {"preset": "giant"})
    assert (status, body["error"]["code"]) == (400, "bad_settings")

    status, summary = await get_json(http, f"{server.url}/api/rooms/{first['code']}")
    assert status == 200
    expected = daily_settings(today, "easy")
    assert (summary["daily"], summary["preset"], summary["algorithm"], summary["rows"], summary["cols"]) == (
        today.isoformat(), "easy", expected.algorithm, expected.rows, expected.cols,
    )  # fmt: skip

    racers: list[Racer] = []
    try:
        mazes: list[Maze] = []
        codes: list[str] = []
        for name in ("Eli", "Fin"):
            status, room = await post_json(http, server.url + "/api/daily", {"preset": "easy"})
            assert status == 200
            codes.append(room["code"])
            racer = Racer(server.url)
            racers.append(racer)
            await racer.connect()
            await racer.join(room["code"], name)
            maze, _, _ = await started_race(racer)
            mazes.append(maze)
        assert len({first["code"], again["code"], *codes}) == 4
        assert mazes[0] == mazes[1]  # two daily rooms, one daily maze
        assert (mazes[0].rows, mazes[0].cols) == (expected.rows, expected.cols)
    finally:
        for racer in racers:
            await racer.close()
