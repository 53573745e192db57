"""The load benchmark's ladder (`tests.bench.load`): one level of rooms walking at once, measured for
throughput, latency, CPU and memory, and the climb through room counts until p99 leaves its budget.

Its own module because the ladder is the benchmark's main measuring loop, apart from the spectator
memory and loop-stall tests and from the printing of the summary.
"""

import asyncio
import gc
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

import aiohttp

from tests.bench.load_bots import (
    MOVES_PER_SECOND,
    PLAYERS_PER_ROOM,
    gather_in_chunks,
    setup_room_bare,
    setup_room_ours,
)
from tests.bench.load_process import ServerProcess

P99_BUDGET_MS = 50.0


@dataclass
class Level:
    rooms: int
    offered: float
    achieved: float
    p50: float
    p99: float
    server_cpu: float
    load_cpu: float
    rss: float


async def run_level(server: ServerProcess, rooms: int, duration: float, settings: dict[str, Any]) -> Level:
    async with aiohttp.ClientSession() as http:
        if server.kind == "ours":
            groups = await gather_in_chunks(
                [setup_room_ours(server, http, settings) for _ in range(rooms)], 10
            )
        else:
            groups = await gather_in_chunks([setup_room_bare(server, i) for i in range(rooms)], 10)
    bots = [bot for group in groups for bot in group]
    walkers = [bot for group in groups for bot in group[:PLAYERS_PER_ROOM]]
    rng = random.Random(rooms)
    loop = asyncio.get_running_loop()
    gc.collect()
    gc.freeze()  # the load generator's own collector pauses would show up as server latency
    gc.disable()
    warmup = 1.0
    until = loop.time() + warmup + duration
    walking = [asyncio.create_task(bot.walk(until, rng)) for bot in walkers]
    await asyncio.sleep(warmup)
    for bot in walkers:
        bot.recording = True
    acked_before = sum(bot.acked for bot in walkers)
    cpu_before, load_before, wall_before = server.cpu_seconds(), time.process_time(), time.perf_counter()
    await asyncio.gather(*walking)
    wall = time.perf_counter() - wall_before
    acked = sum(bot.acked for bot in walkers) - acked_before
    server_cpu = (server.cpu_seconds() - cpu_before) / wall * 100
    load_cpu = (time.process_time() - load_before) / wall * 100
    rss = server.rss_mb()
    await asyncio.sleep(0.3)  # let the last broadcasts arrive
    latencies = sorted(ms for bot in walkers for ms in bot.latencies)
    gc.enable()
    gc.unfreeze()
    await gather_in_chunks([bot.client.disconnect() for bot in bots], 100)
    p50 = statistics.median(latencies) if latencies else float("nan")
    p99 = latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan")
    offered = rooms * PLAYERS_PER_ROOM * MOVES_PER_SECOND
    return Level(rooms, offered, acked / wall, p50, p99, server_cpu, load_cpu, rss)


def print_plain_comparison(fast: list[Level], plain: list[Level]) -> None:
    """uvloop and orjson against plain asyncio and json, level by level: server CPU per 1,000 moves
    and p99 (the switch `--plain` / MAZERACE_PLAIN=1 keeps the plain path)."""
    print("\nuvloop + orjson against asyncio + json (server CPU ms per 1,000 moves; p99 ms)")
    for a, b in zip(fast, plain, strict=False):
        per_a = a.server_cpu * 10 / a.achieved * 1000 if a.achieved else float("nan")
        per_b = b.server_cpu * 10 / b.achieved * 1000 if b.achieved else float("nan")
        print(
            f"  {a.rooms:>4} rooms: CPU {per_a:6.0f} vs {per_b:6.0f} ({(1 - per_a / per_b) * 100:+.0f} %),"
            f" p99 {a.p99:6.1f} vs {b.p99:6.1f}"
        )


def sustained(levels: list[Level]) -> float:
    """The highest achieved move rate with p99 within budget and at least 90% of the offered load."""
    good = [lv.achieved for lv in levels if lv.p99 <= P99_BUDGET_MS and lv.achieved >= 0.9 * lv.offered]
    return max(good, default=0.0)


async def ladder(
    kind: str, batch: float, steps: list[int], duration: float, plain: bool = False
) -> list[Level]:
    """Climb the room counts, each level on a fresh server process so earlier levels' rooms (kept for
    their grace period) do not weigh on later ones."""
    settings = {"preset": "medium", "algorithm": "prim", "braid": 0.3, "time_limit": 3600}
    levels: list[Level] = []
    label = (
        kind + (f" batch {batch * 1000:.0f} ms" if batch else "") + (" plain asyncio+json" if plain else "")
    )
    print(f"\n{label}")
    print(f"{'rooms':>6} {'offered/s':>10} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'srv CPU%':>9} {'load CPU%':>10} {'srv MB':>7}")  # fmt: skip
    over = 0
    for rooms in steps:
        server = ServerProcess(kind, batch, plain)
        try:
            await server.ready()
            level = await run_level(server, rooms, duration, settings)
        finally:
            server.stop()
        levels.append(level)
        print(
            f"{level.rooms:>6} {level.offered:>10.0f} {level.achieved:>9.0f} {level.p50:>8.1f} "
            f"{level.p99:>8.1f} {level.server_cpu:>9.0f} {level.load_cpu:>10.0f} {level.rss:>7.0f}",
            flush=True,
        )
        if level.p99 > P99_BUDGET_MS or level.achieved < 0.9 * level.offered:
            over += 1
            if over >= 2:
                break
    return levels
