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
"""

import asyncio
import dataclasses
import gc
import gzip
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.http.replays import Replays
from server.maze.model import Maze
from server.room.racelog import RaceLog, hint_cap, move_cap
from server.room.records import RaceRecord, race_record
from server.room.settings import RoomSettings
from server.store.interface import Store
from server.store.postgres.results import PgStore
from server.store.sqlite.results import SqliteStore
from tests.bench.timing import Sample, print_table, seconds
from tests.mazes import dead_end_branch, shortest_path
from tests.services.postgres import binaries, start_postgres
from tests.store.races import ScriptedRace

TITLE = (
    "Store: saving a finished 8-player 100x100 race, reading it back, leaderboards over ~1,000 races;"
    " the biggest races the bounds allow and a 720,000-move log"
)

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


BIG_SIDE = 150
BIG_PLAYERS = 16
SYNTHETIC_MOVES = 720_000


def synthetic_log(moves: int, hints: int, players: int = BIG_PLAYERS, cols: int = BIG_SIDE) -> RaceLog:
    """A log of `moves` moves and `hints` hints by `players` racers over an hour (a room made it, it is
    what the room would have logged: the contents do not change the costs measured)."""
    log = RaceLog(cols)
    rng = random.Random(1)
    per_hint = max(1, moves // max(1, hints))
    for n in range(moves):
        member = f"p{1 + n % players}"
        log.add_move(n * 3_600_000 // moves, member, (rng.randrange(BIG_SIDE), rng.randrange(BIG_SIDE)))
        if hints and n % per_hint == 0 and n // per_hint < hints:
            log.add_hint(n * 3_600_000 // moves, member, ("dfs", "bfs", "astar")[n % 3], n % 2 == 0)
    return log


def big_room_record(log: RaceLog, time_limit: int) -> tuple[RaceRecord, float]:
    """A finished 16-player 150 x 150 race holding `log`; the record, and `race_record`'s time."""
    settings = RoomSettings(
        preset="custom", rows=BIG_SIDE, cols=BIG_SIDE, max_players=BIG_PLAYERS, hint_limit=99,
        time_limit=time_limit,
    )  # fmt: skip
    race = ScriptedRace(settings, [f"Racer {n}" for n in range(BIG_PLAYERS)])
    race.room.log = log
    race.room.tick(race.start + time_limit)  # everyone still racing is out of time
    gc.collect()
    started = time.perf_counter()
    record = race_record(race.room)
    return record, time.perf_counter() - started


def dict_bytes_per_entry() -> float:
    """What one entry cost in the old log (a dict with a tuple), measured on 20,000 of them."""
    import tracemalloc

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    entries = [{"t": 1_000_000 + n, "type": "move", "id": f"p{n % 16}", "room": (n % 150, n % 149)}
               for n in range(20_000)]  # fmt: skip
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del entries
    return used / 20_000


async def loop_stall(job: Callable[[], Awaitable[Any]]) -> tuple[Any, float]:
    """Run `job` while a probe measures the event loop's longest gap (the stall other rooms would see)."""
    worst = 0.0
    running = True

    async def probe() -> None:
        nonlocal worst
        last = time.perf_counter()
        while running:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            worst = max(worst, now - last - 0.001)
            last = now

    task = asyncio.create_task(probe())
    try:
        result = await job()
    finally:
        running = False
        await task
    return result, worst


async def bench_biggest(store: Store, plan: Plan) -> None:
    per_byte = dict_bytes_per_entry()
    cases = [
        ("bounds, 3,600 s limit", 16 * move_cap(150, 150, 3600), 16 * hint_cap(99, 3600), 3600),
        ("bounds, 600 s default", 16 * move_cap(150, 150, 600), 16 * hint_cap(99, 600), 600),
        ("synthetic 720,000", SYNTHETIC_MOVES, 0, 3600),
    ]
    rows = []
    for n, (label, moves, hints, limit) in enumerate(cases):
        log = synthetic_log(moves, hints)
        record, built = big_room_record(log, limit)
        copies = max(1, plan.save_repeats // 5)
        ids = [f"big{n}-{i:011d}" for i in range(copies)]

        async def save(i: int, record: RaceRecord = record, ids: list[str] = ids) -> None:
            await store.save_race(dataclasses.replace(record, id=ids[i]))

        async def cold(i: int, ids: list[str] = ids) -> bytes:
            return await Replays(store).compressed(ids[i % len(ids)])  # a fresh cache each time

        saved = await measure_async(save, copies)
        replays = Replays(store)
        body, stall = await loop_stall(lambda ids=ids, replays=replays: replays.compressed(ids[0]))
        built_cold = await measure_async(cold, max(1, plan.read_repeats // 5))
        hit = await measure_async(lambda i, ids=ids, replays=replays: replays.compressed(ids[0]), 5)
        plain = len(gzip.decompress(body))
        rows.append(
            (
                label, f"{len(log):,}", f"{log.nbytes / 1e6:.1f} MB", f"{len(log) * per_byte / 1e6:.0f} MB",
                seconds(built), seconds(saved.median), seconds(built_cold.median), seconds(hit.median),
                f"{len(body) / 1e6:.2f} MB", f"{plain / 1e6:.1f} MB", seconds(stall),
            )
        )  # fmt: skip
    print_table(
        "The biggest races: 16 racers on 150x150 (log in the room, record, store, replay answer)",
        ("race", "entries", "log", "old log", "record", "save", "replay (cold)", "replay (cached)",
         "gzip", "JSON", "loop stall"),
        rows,
        note=(
            f"'old log' is what the list of dicts cost ({per_byte:.0f} B an entry, by tracemalloc);"
            " 'record' is race_record (a copy of the packed columns); 'replay (cold)' reads the blob, makes"
            " the maze and builds and compresses the answer in a worker thread; 'loop stall' is the event"
            " loop's longest gap while one cold answer is built."
        ),
    )  # fmt: skip


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
