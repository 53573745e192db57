"""Publishing benchmark: a 150 x 150 maze published through the real HTTP API of a real server (an
in-process aiohttp server on a loopback port), on SQLite and on PostgreSQL (a real local server started
for the run, when installed), in 4 and 8 directions.

For each: the clear check's start and finish (the finish checks every step of the walk, entrance to exit:
a shortest walk, and one at the cap of 4 steps a cell), `POST /api/mazes` (the publishing checks, the
token, the daily count and the insert), the same maze published again (found by its code, nothing
written), and `GET /api/mazes/{code}` the first time (card and shortest way computed) and from the cards
kept. Then what a published maze costs: its request body, its stored row's maze column, and its share
code. Times are medians over distinct mazes (each publication a new one). Benchmarks measure; they never
fail.
"""

import asyncio
import json
import sqlite3
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from server.app.factory import create_app
from server.cluster.services import free_port
from server.config import AppConfig
from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.publishing import MAX_WALK_STEPS_PER_CELL
from server.maze.wire import encode_maze
from server.room.rate_limits import RateLimit
from tests.bench.timing import print_table, seconds
from tests.mazes import shortest_path
from tests.services.postgres import binaries, start_postgres

TITLE = "Publishing: a 150x150 maze through the HTTP API (clear check, publish, read), its stored size"

SIDE = 150
UNLIMITED = RateLimit(1e6, 1e6)


def _mazes(count: int, directions: int) -> list[Maze]:
    algorithm = "backtracker" if directions == 4 else "prim"
    return [generate(MazeSpec(algorithm, SIDE, SIDE, 1000 + n, directions=directions)) for n in range(count)]


async def _timed(pending: Awaitable[Any]) -> tuple[float, Any]:
    """How long awaiting `pending` (a coroutine not yet started) takes, and its answer."""
    started = time.perf_counter()
    answer = await pending
    return time.perf_counter() - started, answer


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def _walk_at_the_cap(maze: Maze, walk: list[list[int]]) -> list[list[int]]:
    """A legal walk of `MAX_WALK_STEPS_PER_CELL` steps a cell: back and forth on the first step, then
    the way out."""
    spare = MAX_WALK_STEPS_PER_CELL * maze.size - (len(walk) - 1)
    return [walk[0], walk[1]] * (spare // 2) + walk


async def _publish_all(base: str, mazes: list[Maze]) -> tuple[dict[str, float], list[str], int]:
    """Each step's median seconds over `mazes`, the codes, and the largest publish body in bytes."""
    steps: dict[str, list[float]] = {}
    codes: list[str] = []
    largest = 0
    async with aiohttp.ClientSession() as http:

        async def post(path: str, body: Any) -> Any:
            async with http.post(base + path, json=body) as response:
                answer = await response.json()
                assert response.status in (200, 201), answer
                return answer

        async def get(path: str) -> Any:
            async with http.get(base + path) as response:
                return await response.json()

        for maze in mazes:
            wire = encode_maze(maze)
            walk = [list(cell) for cell in shortest_path(maze)]
            took, started = await _timed(post("/api/clear-checks", {"maze": wire}))
            steps.setdefault("clear check: start", []).append(took)
            finish = {"check": started["check"], "maze": wire, "walk": walk}
            took, cleared = await _timed(post("/api/clear-checks/finish", finish))
            steps.setdefault("clear check: finish, a shortest walk", []).append(took)
            steps.setdefault("  (its steps)", []).append(len(walk) - 1)
            longest = _walk_at_the_cap(maze, walk)
            again = await post("/api/clear-checks", {"maze": wire})
            capped = {"check": again["check"], "maze": wire, "walk": longest}
            took, _ = await _timed(post("/api/clear-checks/finish", capped))
            steps.setdefault("clear check: finish, a walk at the cap (~90,000 steps)", []).append(took)
            body = {"maze": wire, "title": "Benchmark maze", "author": "Bench", "cleared": cleared["cleared"]}
            largest = max(largest, len(json.dumps(body)))
            took, published = await _timed(post("/api/mazes", body))
            steps.setdefault("POST /api/mazes (new)", []).append(took)
            took, _ = await _timed(post("/api/mazes", body))
            steps.setdefault("POST /api/mazes (the same maze again)", []).append(took)
            code = published["code"]
            codes.append(code)
            took, _ = await _timed(get(f"/api/mazes/{code}"))
            steps.setdefault("GET /api/mazes/{code} (card computed)", []).append(took)
            took, _ = await _timed(get(f"/api/mazes/{code}"))
            steps.setdefault("GET /api/mazes/{code} (card kept)", []).append(took)
    return {name: _median(times) for name, times in steps.items()}, codes, largest


async def _serve(config: AppConfig, mazes: list[Maze]) -> tuple[dict[str, float], list[str], int]:
    runner = web.AppRunner(create_app(config))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        return await _publish_all(f"http://127.0.0.1:{port}", mazes)
    finally:
        await runner.cleanup()


def _config(**store: Any) -> AppConfig:
    return AppConfig(
        move_limit=UNLIMITED, read_limit=UNLIMITED, maze_work_limit=UNLIMITED, publish_limit=UNLIMITED,
        publishes_per_day=1_000_000, **store,
    )  # fmt: skip


def _stored_sizes(db: Path) -> list[tuple[int, int, int]]:
    with sqlite3.connect(db) as plain:
        return plain.execute(
            "SELECT directions, length(maze), length(code) FROM published_mazes ORDER BY created_at"
        ).fetchall()


def run(quick: bool = False) -> None:
    """Measure and print the publishing tables."""
    count = 3 if quick else 7
    rows: list[list[object]] = []
    sizes: list[tuple[str, object]] = []
    postgres = None
    if binaries() is not None:
        try:
            postgres = start_postgres(durable=True)
        except RuntimeError as error:
            print(f"PostgreSQL not measured: {error}")
    try:
        for directions in (4, 8):
            mazes = _mazes(count, directions)
            with tempfile.TemporaryDirectory() as folder:
                db = Path(folder) / "publish.db"
                times, codes, body = asyncio.run(_serve(_config(db_path=db), mazes))
                stored = [row for row in _stored_sizes(db) if row[0] == directions]
                sizes.append((f"{directions} dirs: publish request body", f"{body:,} bytes"))
                sizes.append((f"{directions} dirs: stored maze column", f"{stored[0][1]:,} characters"))
                sizes.append(
                    (f"{directions} dirs: share code", f"{len(codes[0])} characters, e.g. {codes[0]}")
                )
            pg_times: dict[str, float] = {}
            if postgres is not None:
                url = postgres.create_database("bench")
                pg_times, _, _ = asyncio.run(_serve(_config(db_url=url), mazes))
            for name, value in times.items():
                if name == "  (its steps)":
                    rows.append([name, f"{value:,.0f}", f"{pg_times.get(name, 0):,.0f}"])
                    continue
                rows.append([f"{directions} dirs: {name}", seconds(value), seconds(pg_times.get(name))])
    finally:
        if postgres is not None:
            postgres.stop()
    print_table(
        f"Publishing a {SIDE}x{SIDE} maze through the HTTP API (median of {count} mazes)",
        ["step", "SQLite", "PostgreSQL"],
        rows,
        note="one client on loopback; each publication a new maze; rate limits lifted for the run",
    )
    print_table("What a published maze costs", ["what", "size"], sizes)
