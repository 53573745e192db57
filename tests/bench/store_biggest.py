"""The store benchmark's table of the biggest races (`tests.bench.store`): 16 racers on 150 x 150 at the
bounds and a synthetic 720,000-move log, from the log's memory in the room to the cached replay answer.

Its own module because these races are built differently (a synthetic log in a scripted room) and
measured on more than the store: the log's memory, the race record, the replay answer and its stall.
"""

import dataclasses
import gc
import gzip
import random
import time

from server.http.replays import Replays
from server.room.racelog import RaceLog, hint_cap, move_cap
from server.room.records import RaceRecord, race_record
from server.room.settings import RoomSettings
from server.store.interface import Store
from tests.bench.store_measure import Plan, loop_stall, measure_async
from tests.bench.timing import print_table, seconds
from tests.store.races import ScriptedRace

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
