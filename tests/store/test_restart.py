"""Restart survival through a real server process on a real SQLite file, and the persistence HTTP API.

A graceful stop (SIGTERM) saves the open rooms; the next process on the same file brings them back with
the race clock paused over the downtime, and the players rejoin with their tokens. A crash (SIGKILL)
right after `race_over` loses nothing, because the race is stored before it is announced.
"""

import asyncio
import datetime
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from server.maze.model import Maze
from server.maze.race_card import card_for
from server.maze.trail import Trail
from server.maze.wire import decode_maze
from server.room.daily import daily_settings
from server.room.racelog import RaceLog
from tests.store.live import ROOT, Racer, ServerProcess, get_json, post_json
from tests.store.races import shortest_path, with_detours

DOWNTIME = 1.5
"""Seconds with no server running between the stop and the restart."""
SLACK_MS = 150
"""Tolerance for the times the test measures from outside the server."""


def player(snapshot: dict[str, Any], member_id: str) -> dict[str, Any]:
    return next(p for p in snapshot["players"] if p["id"] == member_id)


def replay(maze: Maze, log: dict[str, Any]) -> dict[str, Trail]:
    """Every player's trail after the logged moves (the packed log of the replay API)."""
    trails: dict[str, Trail] = {}
    for entry in RaceLog.from_wire(log, maze.cols):
        if entry["type"] == "move":
            trails.setdefault(entry["id"], Trail([maze.entrance])).step((entry["cell"][0], entry["cell"][1]))
    return trails


async def started_race(host: Racer, *others: Racer) -> tuple[Maze, str, dict[str, Any]]:
    """Everyone else readies, the host starts; the maze, the race id and the `started` data."""
    for other in others:
        await other.ok("ready", {"ready": True})
    await host.ok("start")
    started = (await host.wait_for("started"))["d"]
    for other in others:
        await other.wait_for("started")
    return decode_maze(started["maze"]), str(started["race"]), started


async def test_a_race_survives_a_restart_with_its_clock_paused(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = tmp_path / "mazerace.db", tmp_path / "server.log"
    servers: list[ServerProcess] = []
    racers: list[Racer] = []
    try:
        first = await ServerProcess.start(db, log, http)
        servers.append(first)
        status, created = await post_json(http, first.url + "/api/rooms", {"preset": "easy"})
        assert status == 201, created
        code = created["code"]
        ann, bob = Racer(first.url), Racer(first.url)
        racers += [ann, bob]
        await ann.connect()
        await bob.connect()
        ann_you = (await ann.join(code, "Ann"))["you"]
        bob_you = (await bob.join(code, "Bob"))["you"]
        start_sent = time.time()
        maze, race_id, _ = await started_race(ann, bob)

        path = shortest_path(maze)
        ann_cells, bob_cells = path[1:], with_detours(maze, path, 1)  # Bob takes a wrong turn first
        ann_half, bob_half = len(ann_cells) // 2, len(bob_cells) // 2
        await asyncio.gather(ann.walk(ann_cells[:ann_half]), bob.walk(bob_cells[:bob_half]))
        before = (await ann.ok("resync"))["snapshot"]
        caught = time.time()
        assert before["phase"] == "racing"

        code_term, took = await first.stop(signal.SIGTERM)
        down = time.time()
        assert code_term == 0, first.output()
        assert took < 10
        assert "closing" in ann.notices  # told why the connection is going
        await ann.close()
        await bob.close()

        await asyncio.sleep(DOWNTIME)
        spawned = time.time()
        second = await ServerProcess.start(db, log, http)
        servers.append(second)
        ann2, bob2 = Racer(second.url), Racer(second.url)
        racers += [ann2, bob2]
        await ann2.connect()
        await bob2.connect()
        ann_back = await ann2.join(code, "Ann", token=ann_you["token"])
        joined = time.time()
        bob_back = await bob2.join(code, "Bob", token=bob_you["token"])
        assert ann_back["you"] == ann_you
        assert bob_back["you"] == bob_you

        after = ann_back["snapshot"]
        assert after["phase"] == "racing"
        assert (after["code"], after["race"], after["maze"]) == (code, race_id, before["maze"])
        assert after["difficulty"] == before["difficulty"] == card_for(maze)  # rebuilt with the maze
        assert [p["id"] for p in after["players"]] == [p["id"] for p in before["players"]]
        for you, cells, half in ((ann_you, ann_cells, ann_half), (bob_you, bob_cells, bob_half)):
            was, now = player(before, you["id"]), player(after, you["id"])
            for key in (
                "name",
                "colour",
                "cell",
                "facing",
                "trail",
                "moves",
                "hints",
                "distance",
                "finished",
            ):
                assert now[key] == was[key], key
            trail = Trail([maze.entrance])
            for cell in cells[:half]:
                trail.step(cell)
            assert now["trail"] == [list(cell) for cell in trail]
            assert now["cell"] == list(cells[half - 1])
            assert now["moves"] == half

        # the clock was paused: the race start moved by the downtime, and no more than that
        shift = after["started_at"] - before["started_at"]
        assert shift >= (spawned - down) * 1000 - SLACK_MS
        assert shift <= (joined - caught) * 1000 + SLACK_MS
        elapsed_before = before["now"] - before["started_at"]
        elapsed_after = after["now"] - after["started_at"]
        server_up = ((down - caught) + (joined - spawned)) * 1000  # time around the restart a server ran
        assert elapsed_before - SLACK_MS <= elapsed_after <= elapsed_before + server_up + SLACK_MS
        assert elapsed_after < elapsed_before + DOWNTIME * 1000  # the downtime itself is not counted

        await asyncio.gather(ann2.walk(ann_cells[ann_half:]), bob2.walk(bob_cells[bob_half:]))
        over = (await ann2.wait_for("race_over"))["d"]
        finished = time.time()
        await bob2.wait_for("race_over")
        results = {r["id"]: r for r in over["results"]}
        assert results[ann_you["id"]]["moves"] == len(ann_cells)
        assert results[bob_you["id"]]["moves"] == len(bob_cells)
        for result in over["results"]:
            assert result["dnf"] is False
            assert result["cell"] == list(maze.exit)
            # race time as the racers lived it: the wall time from start to finish less the downtime
            assert result["time"] <= (finished - start_sent - (spawned - down)) * 1000 + SLACK_MS

        status, stored = await get_json(http, f"{second.url}/api/races/{race_id}")
        assert status == 200, stored
        assert stored["results"] == over["results"]
        assert [r["on_shortest"] for r in stored["results"]] == [True, True]  # detours are popped
        assert (
            (stored["difficulty"], stored["shortest_routes"])
            == (card_for(maze), 1)
            == (over["difficulty"], over["shortest_routes"])
        )
        assert decode_maze(stored["maze"]) == maze
        trails = replay(maze, stored["log"])
        assert trails[ann_you["id"]].cells == tuple(path)
        assert trails[bob_you["id"]].cells == tuple(path)
        status, board = await get_json(http, f"{second.url}/api/leaderboard?preset=easy")
        assert status == 200
        rows = [(row["name"], row["race"], row["total"]) for row in board["leaderboard"]]
        expected = sorted(over["results"], key=lambda r: r["total"])
        assert rows == [(r["name"], race_id, r["total"]) for r in expected]
        status, recent = await get_json(http, f"{second.url}/api/races")
        assert status == 200
        assert [race["id"] for race in recent["races"]] == [race_id]
    finally:
        for racer in racers:
            await racer.close()
        for server in servers:
            await server.ensure_stopped()


async def test_a_race_is_kept_through_a_kill_9_right_after_race_over(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = tmp_path / "mazerace.db", tmp_path / "server.log"
    servers: list[ServerProcess] = []
    racers: list[Racer] = []
    try:
        first = await ServerProcess.start(db, log, http)
        servers.append(first)
        status, created = await post_json(
            http, first.url + "/api/rooms", {"preset": "easy", "algorithm": "prim"}
        )
        assert status == 201, created

        def crash_on_race_over(envelope: dict[str, Any]) -> None:
            if envelope["t"] == "race_over":
                first.send(signal.SIGKILL)  # the moment the results are seen, no chance to clean up

        cyd, dot = Racer(first.url, crash_on_race_over), Racer(first.url)
        racers += [cyd, dot]
        await cyd.connect()
        await dot.connect()
        await cyd.join(created["code"], "Cyd")
        await dot.join(created["code"], "Dot")
        maze, race_id, _ = await started_race(cyd, dot)
        await dot.ok("leave")  # Dot gives up: DNF, and the race is Cyd's alone
        cells = shortest_path(maze)[1:]
        walking = asyncio.create_task(cyd.walk(cells))
        over = (await cyd.wait_for("race_over"))["d"]
        code_kill = await asyncio.wait_for(first.process.wait(), 10)
        assert code_kill == -signal.SIGKILL
        walking.cancel()  # the last move's ack never comes
        await asyncio.gather(walking, return_exceptions=True)
        assert [(r["name"], r["dnf"]) for r in over["results"]] == [("Cyd", False), ("Dot", True)]

        second = await ServerProcess.start(db, log, http)
        servers.append(second)
        status, stored = await get_json(http, f"{second.url}/api/races/{race_id}")
        assert status == 200, stored
        assert stored["results"] == over["results"]
        assert replay(maze, stored["log"])[cyd.you["id"]].current == maze.exit
        status, board = await get_json(http, f"{second.url}/api/leaderboard?name=Cyd")
        assert status == 200
        assert [(row["race"], row["total"]) for row in board["leaderboard"]] == [
            (race_id, over["results"][0]["total"])
        ]
        status, board = await get_json(http, f"{second.url}/api/leaderboard?name=Dot")
        assert (status, board) == (200, {"leaderboard": []})  # a DNF is no time
    finally:
        for racer in racers:
            await racer.close()
        for server in servers:
            await server.ensure_stopped()


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
