"""Store benchmark: the SQLite file the server writes finished races to and reads records back from.

Sections: storing one finished race of 8 players on a 100 x 100 maze (each walks about 1,500 moves and
asks a few hints: the whole log is written in one transaction, before `race_over` goes out), reading it
back (`Store.race`, what `/api/races/{id}` and the replay page load), then leaderboard and recent-race
queries over a file holding about 1,000 races. Times are medians of several repeats on a real file in a
temporary directory (WAL, synchronous=FULL, as the server runs it). Benchmarks measure; they never fail.
"""

import asyncio
import dataclasses
import gc
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.game.maze import Maze
from server.game.records import RaceRecord
from server.game.settings import RoomSettings
from server.store import Store
from tests.bench.timing import Sample, print_table, seconds
from tests.mazes import dead_end_branch, shortest_path
from tests.persistence.races import ScriptedRace

TITLE = "Store: saving a finished 8-player 100x100 race, reading it back, leaderboards over ~1,000 races"

PLAYERS = 8
MOVES_PER_PLAYER = 1500
HINTS_PER_PLAYER = 3
BOARD_RACES = 1000
NAMES = 300
"""Distinct player names across the stored races (so a leaderboard has many rows to rank)."""


@dataclass(frozen=True)
class Plan:
    save_repeats: int
    read_repeats: int
    query_repeats: int
    board_races: int


FULL = Plan(save_repeats=15, read_repeats=15, query_repeats=25, board_races=BOARD_RACES)
QUICK = Plan(save_repeats=5, read_repeats=5, query_repeats=9, board_races=BOARD_RACES)


async def measure_async(job: Callable[[int], Awaitable[Any]], repeats: int) -> Sample:
    """Time `repeats` awaited calls (a collection before each, outside the timing)."""
    sample = Sample()
    for i in range(repeats):
        gc.collect()
        start = time.perf_counter()
        note = await job(i)
        sample.times.append(time.perf_counter() - start)
        sample.notes.append(note)
    return sample


def detours_for(maze: Maze, moves: int) -> int:
    """How many trips into dead ends (and back) make a walk to the exit at least `moves` long."""
    path = shortest_path(maze)
    length, detours = len(path) - 1, 0
    while length < moves:
        _, branch = dead_end_branch(maze, path, skip=detours)
        length += 2 * len(branch)
        detours += 1
    return detours


def big_race() -> RaceRecord:
    """A finished race: 8 players on a 100 x 100 maze, each ~1,500 moves and 3 hints, 3 to 5 minutes."""
    settings = RoomSettings(preset="hard", rows=100, cols=100, algorithm="kruskal", braid=0.0)
    names = [f"Racer {n}" for n in range(PLAYERS)]
    race = ScriptedRace(settings, names, rng_seed=2024)
    detours = detours_for(race.maze, MOVES_PER_PLAYER)
    for n, name in enumerate(names):
        race.finish(name, 180_000 + n * 15_000, hints=HINTS_PER_PLAYER, detours=detours + n)
    race.play()
    return race.record()


def template_races() -> list[RaceRecord]:
    """Small finished races of every preset to copy into a big file."""
    kinds = [
        RoomSettings(),
        RoomSettings(algorithm="prim"),
        RoomSettings(preset="medium", rows=50, cols=50),
        RoomSettings(preset="medium", rows=50, cols=50, algorithm="wilson"),
        RoomSettings(preset="hard", rows=100, cols=100, algorithm="kruskal"),
    ]
    records = []
    for n, settings in enumerate(kinds):
        names = [f"T{n}-{i}" for i in range(4)]
        race = ScriptedRace(settings, names, rng_seed=n)
        for i, name in enumerate(names):
            race.finish(name, 30_000 + 1_000 * i, hints=i % 2, detours=i)
        race.play()
        records.append(race.record())
    return records


def variant(template: RaceRecord, n: int, rng: random.Random) -> RaceRecord:
    """A copy of a template race with its own id, players' names and times, a day later or so."""
    results = []
    for row in template.results:
        time_ms = rng.randint(20_000, 400_000)
        dnf = rng.random() < 0.1
        results.append(
            {
                **row,
                "name": f"Player {rng.randrange(NAMES)}",
                "time": None if dnf else time_ms,
                "total": None if dnf else time_ms + row["penalty"],
                "dnf": dnf,
            }
        )
    day = 20_000 + n // 40
    return dataclasses.replace(
        template,
        id=f"bench{n:011d}",
        room_code=f"r{n:09d}",
        daily=f"2026-{1 + day % 12:02d}-{1 + day % 28:02d}" if n % 5 == 0 else None,
        started_at=template.started_at + n * 600,
        ended_at=template.ended_at + n * 600,
        results=results,
    )


async def bench_big_race(store: Store, plan: Plan) -> None:
    record = big_race()
    moves = sum(1 for e in record.log if e["type"] == "move")
    hints = sum(1 for e in record.log if e["type"] == "hint")

    async def save(i: int) -> None:
        await store.save_race(dataclasses.replace(record, id=f"{record.id}-{i}"))

    saved = await measure_async(save, plan.save_repeats)

    async def read(i: int) -> int:
        race = await store.race(f"{record.id}-{i % plan.save_repeats}")
        assert race is not None
        return len(race["log"])

    read_back = await measure_async(read, plan.read_repeats)
    print_table(
        f"One finished race: {PLAYERS} players, 100x100 maze, {moves} moves and {hints} hints in the log",
        ("operation", "median", "min", "max", "n"),
        [
            ("Store.save_race (one transaction)", *spread(saved)),
            ("Store.race (read back with its log)", *spread(read_back)),
        ],
        note=(
            f"{len(record.log)} log rows, {len(record.results)} result rows; each repeat stores a copy under"
            " a new id in the same file."
        ),
    )


def spread(sample: Sample) -> tuple[str, str, str, int]:
    """Median, fastest, slowest and count of a sample, for a table row."""
    low = min(sample.times) if sample.times else None
    high = max(sample.times) if sample.times else None
    return seconds(sample.median), seconds(low), seconds(high), len(sample.times)


async def fill(store: Store, count: int) -> tuple[float, int]:
    """Store `count` races copied from the templates; the time it took and the log rows written."""
    rng = random.Random(7)
    templates = template_races()
    rows = 0
    started = time.perf_counter()
    for n in range(count):
        record = variant(templates[n % len(templates)], n, rng)
        rows += len(record.log)
        await store.save_race(record)
    return time.perf_counter() - started, rows


async def bench_queries(store: Store, path: Path, plan: Plan) -> None:
    took, log_rows = await fill(store, plan.board_races)
    board = await store.leaderboard(limit=100)
    name = board[len(board) // 2]["name"] if board else "Player 1"
    daily = next((row["daily"] for row in await store.recent_races(limit=100) if row["daily"]), None)
    queries: list[tuple[str, Callable[[], Awaitable[list[dict[str, Any]]]]]] = [
        ("leaderboard(), top 20", lambda: store.leaderboard()),
        ("leaderboard(limit=100)", lambda: store.leaderboard(limit=100)),
        ("leaderboard(preset='hard')", lambda: store.leaderboard(preset="hard")),
        (
            "leaderboard(preset='easy', algorithm='prim')",
            lambda: store.leaderboard(preset="easy", algorithm="prim"),
        ),
        (f"leaderboard(name={name!r})", lambda: store.leaderboard(name=name)),
        (f"leaderboard(daily={daily!r})", lambda: store.leaderboard(daily=daily)),
        ("recent_races()", lambda: store.recent_races()),
    ]
    rows = []
    for label, query in queries:

        async def job(i: int, query: Callable[[], Awaitable[list[dict[str, Any]]]] = query) -> int:
            return len(await query())

        sample = await measure_async(job, plan.query_repeats)
        rows.append((label, *spread(sample), sample.notes[0] if sample.notes else "-"))
    size = sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
    print_table(
        f"Queries over {plan.board_races + plan.save_repeats} stored races ({NAMES} player names)",
        ("query", "median", "min", "max", "n", "rows"),
        rows,
        note=(
            f"Filling the file: {plan.board_races} races ({log_rows} log rows) in {took:.1f} s,"
            f" {seconds(took / max(1, plan.board_races))} a race; the file (with its WAL) is"
            f" {size / 1e6:.1f} MB."
        ),
    )


async def main(quick: bool) -> None:
    plan = QUICK if quick else FULL
    with tempfile.TemporaryDirectory(prefix="mazerace-bench-") as folder:
        path = Path(folder) / "bench.db"
        store = await Store.open(path)
        try:
            await bench_big_race(store, plan)
            await bench_queries(store, path, plan)
        finally:
            await store.close()


def run(quick: bool = False) -> None:
    """Measure and print every table of this module."""
    asyncio.run(main(quick))
