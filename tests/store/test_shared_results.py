"""Results across machines: two real server processes on one real PostgreSQL database. A race finished
on one is on the other's recent races and leaderboard at once, and a server whose database cannot be
reached refuses to start in one line."""

import asyncio
import sys
from pathlib import Path

import aiohttp

from server.maze.wire import decode_maze
from tests.mazes import shortest_path
from tests.store.live import ROOT, Racer, ServerProcess, free_port, get_json, post_json


async def test_a_race_finished_on_one_server_shows_on_another_sharing_the_database(
    tmp_path: Path, http: aiohttp.ClientSession, postgres_url: str
) -> None:
    first = await ServerProcess.start(postgres_url, tmp_path / "first.log", http)
    second = await ServerProcess.start(postgres_url, tmp_path / "second.log", http)
    racer = Racer(first.url)
    try:
        for server in (first, second):
            status, health = await get_json(http, server.url + "/healthz")
            assert (status, health["store"]) == (200, {"ok": True, "problem": None})
        status, created = await post_json(http, first.url + "/api/rooms", {"preset": "easy"})
        assert status == 201, created
        await racer.connect()
        await racer.join(created["code"], "Ann")
        await racer.ok("start")
        started = (await racer.wait_for("started"))["d"]
        await racer.walk(shortest_path(decode_maze(started["maze"]))[1:])
        over = (await racer.wait_for("race_over"))["d"]  # stored before it is announced

        status, recent = await get_json(http, second.url + "/api/races")
        assert status == 200
        assert [race["id"] for race in recent["races"]] == [started["race"]]
        status, board = await get_json(http, second.url + "/api/leaderboard?preset=easy")
        assert status == 200
        assert [(row["name"], row["total"], row["race"]) for row in board["leaderboard"]] == [
            ("Ann", over["results"][0]["total"], started["race"])
        ]
        status, stored = await get_json(http, f"{second.url}/api/races/{started['race']}")
        assert status == 200
        assert stored["results"][0]["name"] == "Ann"
    finally:
        await racer.close()
        await first.ensure_stopped()
        await second.ensure_stopped()


async def test_a_database_out_of_reach_stops_the_start_in_one_line(tmp_path: Path) -> None:
    url = f"postgresql://nobody:s3cret@127.0.0.1:{free_port()}/races"  # nothing listens there
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server", "--port", str(free_port()), "--db", url,
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 2, (out, err)
    last = err.decode().strip().splitlines()[-1]
    assert last.startswith("mazerace: cannot start: postgresql://127.0.0.1:")
    assert "s3cret" not in (out + err).decode()
