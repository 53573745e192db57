"""Store benchmark: the SQLite file the server writes finished races to and reads records back from.

Sections: storing one finished race of 8 players on a 100 x 100 maze (each walks about 1,500 moves and
asks a few hints: the whole log is written in one transaction, before `race_over` goes out), reading it
back (`Store.race`, what `/api/races/{id}` and the replay page load), then leaderboard and recent-race
queries over a file holding about 1,000 races. Then the biggest races: 16 racers on 150 x 150 at the
bounds (`racelog.move_cap`: 45,000 moves each with a 3,600 s time limit, 12,010 with the default 600 s),
and a synthetic 720,000-move log: the log's memory in the room, building the race record, storing it,
and the replay answer (built in a worker thread, gzip-compressed, then served from the cache) with its
size and the longest event-loop stall while it is built. Times are medians of several repeats on a real
file in a temporary directory (WAL, synchronous=FULL, as the server runs it). Last, the same save and
leaderboard reads on SQLite and on PostgreSQL side by side: a real local PostgreSQL server started for
the run (`tests.services.postgres`, with its durable defaults: fsync and synchronous commit on), reached
over loopback TCP through the `PgStore`'s pool. Benchmarks measure; they never fail.

The races it stores are made in `tests.bench.store_races`, its timing helpers are in
`tests.bench.store_measure`, and the biggest-races and SQLite/PostgreSQL tables are
`tests.bench.store_biggest` and `tests.bench.store_backends`; this module runs them in turn.
"""

import asyncio
import dataclasses
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from server.store.interface import Store
from server.store.sqlite.results import SqliteStore
from tests.bench.store_backends import bench_backends
from tests.bench.store_biggest import bench_biggest
from tests.bench.store_measure import Plan, measure_async, spread
from tests.bench.store_races import NAMES, PLAYERS, big_race, fill
from tests.bench.timing import print_table, seconds

TITLE = (
    "Store: saving a finished 8-player 100x100 race, reading it back, leaderboards over ~1,000 races;"
    " the biggest races the bounds allow and a 720,000-move log"
)

BOARD_RACES = 1000

FULL = Plan(save_repeats=15, read_repeats=15, query_repeats=25, board_races=BOARD_RACES)
QUICK = Plan(save_repeats=5, read_repeats=5, query_repeats=9, board_races=BOARD_RACES)


async def bench_big_race(store: Store, plan: Plan) -> None:
    record = big_race()
    moves = sum(1 for what in record.log.what if what >= 0)
    hints = len(record.log) - moves

    async def save(i: int) -> None:
        await store.save_race(dataclasses.replace(record, id=f"{record.id}-{i}"))

    saved = await measure_async(save, plan.save_repeats)

    async def read(i: int) -> int:
        race = await store.race(f"{record.id}-{i % plan.save_repeats}")
        if race is None:
            raise LookupError("the race just stored is not there")
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
        store = await SqliteStore.open(path)
        try:
            await bench_big_race(store, plan)
            await bench_queries(store, path, plan)
            await bench_biggest(store, plan)
        finally:
            await store.close()
        await bench_backends(Path(folder), plan)


def run(quick: bool = False) -> None:
    """Measure and print every table of this module."""
    asyncio.run(main(quick))
