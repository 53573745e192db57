"""Restart survival through a real server process on a real SQLite file.

A graceful stop (SIGTERM) saves the open rooms; the next process on the same file brings them back with
the race clock paused over the downtime, and the players rejoin with their tokens. A crash (SIGKILL)
right after `race_over` loses nothing, because the race is stored before it is announced.
"""

import asyncio
import signal
import time
from pathlib import Path
from typing import Any

import aiohttp

from server.maze.model import Maze
from server.maze.race_card import card_for
from server.maze.trail import Trail
from server.maze.wire import decode_maze
from server.room.racelog import RaceLog
from tests.store.live import Racer, ServerProcess, get_json, post_json, started_race
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
