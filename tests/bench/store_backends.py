"""The store benchmark's side-by-side table (`tests.bench.store`): the same save and leaderboard reads
on SQLite and on a real local PostgreSQL server started for the run.

Its own module because it starts and stops a database server of its own and compares two backends,
where the other store tables measure one SQLite file.
"""

import asyncio
import dataclasses
from pathlib import Path

from server.store.interface import Store
from server.store.postgres.results import PgStore
from server.store.sqlite.results import SqliteStore
from tests.bench.store_measure import Plan, measure_async, spread
from tests.bench.store_races import big_race, fill
from tests.bench.timing import Sample, print_table, seconds
from tests.services.postgres import binaries, start_postgres


async def backend_figures(store: Store, plan: Plan) -> dict[str, Sample]:
    """The save of the big race and two leaderboard reads over `plan.board_races` races, on `store`."""
    await fill(store, plan.board_races)
    record = big_race()

    async def save(i: int) -> None:
        await store.save_race(dataclasses.replace(record, id=f"{record.id}-cmp-{i}"))

    async def again(i: int) -> None:
        await store.save_race(dataclasses.replace(record, id=f"{record.id}-cmp-0"))

    async def board(i: int) -> int:
        return len(await store.leaderboard())

    async def wide(i: int) -> int:
        return len(await store.leaderboard(limit=100))

    async def read(i: int) -> int:
        race = await store.race(f"{record.id}-cmp-{i % plan.save_repeats}")
        return len(race["log"]) if race else 0

    return {
        "save_race, the 8-player 100x100 race": await measure_async(save, plan.save_repeats),
        "save_race again (stored already: nothing written)": await measure_async(again, plan.save_repeats),
        "race (read back with its log)": await measure_async(read, plan.read_repeats),
        "leaderboard(), top 20": await measure_async(board, plan.query_repeats),
        "leaderboard(limit=100)": await measure_async(wide, plan.query_repeats),
    }


async def bench_backends(folder: Path, plan: Plan) -> None:
    sqlite = await SqliteStore.open(folder / "compare.db")
    try:
        on_file = await backend_figures(sqlite, plan)
    finally:
        await sqlite.close()
    if binaries() is None:
        print("SQLite and PostgreSQL: PostgreSQL is not installed (apt-get install postgresql); skipped\n")
        return
    server = await asyncio.to_thread(start_postgres, True)
    try:
        url = await asyncio.to_thread(server.create_database, "bench")
        postgres = await PgStore.open(url)
        try:
            on_server = await backend_figures(postgres, plan)
        finally:
            await postgres.close()
    finally:
        await asyncio.to_thread(server.stop)
    rows = [
        (label, seconds(on_file[label].median), seconds(sample.median), *spread(sample)[1:])
        for label, sample in on_server.items()
    ]
    print_table(
        f"SQLite and PostgreSQL side by side, over {plan.board_races} stored races",
        ("operation", "SQLite median", "PostgreSQL median", "PG min", "PG max", "n"),
        rows,
        note=(
            "SQLite: a file in a temporary folder (WAL, synchronous=FULL). PostgreSQL 15 on this machine over"
            " loopback TCP, fsync and synchronous_commit on, a pool of up to 4 connections; it shares the"
            " two cores with the benchmark."
        ),
    )
