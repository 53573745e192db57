"""Load benchmark: our server against a bare python-socketio re-broadcaster, under the same load.

Each server runs in its own process; this process is the load generator (loopback only, every phase
bounded in time). Rooms of P players walk their maze at a human rate (legal moves, so every move is
broadcast) with one idle spectator a room; the room count climbs until p99 move-to-broadcast latency
passes 50 ms. Also: memory with 1,000 idle spectators, and event-loop stalls while 100 x 100 mazes are
generated and hinted.

The server processes are driven through `tests.bench.load_process`, the bots are in
`tests.bench.load_bots` and the room-count ladder in `tests.bench.load_ladder`; this module holds the
spectator and stall tests and prints the summary.
"""

import asyncio
import random
import statistics
import time
from typing import Any

import aiohttp

from tests.bench.load_bots import (
    MOVES_PER_SECOND,
    PLAYERS_PER_ROOM,
    Bot,
    connect_bot,
    gather_in_chunks,
    setup_room_ours,
)
from tests.bench.load_ladder import P99_BUDGET_MS, ladder, print_plain_comparison, sustained
from tests.bench.load_process import ServerProcess

TITLE = "load: moves/s and latency against a bare python-socketio server; 1,000 spectators; loop stalls"
FULL_ROOMS = [10, 25, 40, 55, 70, 90, 110, 140, 170]
QUICK_ROOMS = [5, 15, 30]
"""The ladder's steps: rooms racing at once, every one made and joined from one loopback address."""
FULL_SPECTATORS = 1000
QUICK_SPECTATORS = 300

PHASES = (("making a maze of every generator", "making"), ("racing: moves + hints with order", "racing"))
HINT_EVERY = 2.0
"""Seconds between one bot's hints in the stall test: far more than people ask (3 a race by default)."""


async def spectators_memory(count: int) -> tuple[float, float]:
    """Server RSS before and after `count` idle spectators join (100 a room)."""
    server = ServerProcess("ours")
    try:
        await server.ready()
        before = server.rss_mb()
        bots: list[Bot] = []
        async with aiohttp.ClientSession() as http:
            codes = []
            for _ in range((count + 99) // 100):
                async with http.post(f"{server.url}/api/rooms", json={}) as response:
                    codes.append((await response.json())["code"])
        connected = await gather_in_chunks([connect_bot(server.url) for _ in range(count)], 100)
        for index, bot in enumerate(connected):
            join = {"code": codes[index // 100], "role": "spectator"}
            await bot.client.emit("join", join)
            bots.append(bot)
        await asyncio.sleep(2)
        after = server.rss_mb()
        await gather_in_chunks([bot.client.disconnect() for bot in bots], 100)
        return before, after
    finally:
        server.stop()


async def stalls(rooms: int, seconds: float) -> dict[str, dict[str, Any]]:
    """Loop stalls in two phases: making 100 x 100 mazes of every generator, then racing them with
    hints (every method, explored order on) and moves. Returns each phase's stall figures.

    On asyncio (`--plain`): the per-callback timing patches asyncio's handles, which uvloop has not; the
    work that could stall the loop is the same Python code on either loop."""
    server = ServerProcess("ours", plain=True)
    algorithms = ["classic", "backtracker", "prim", "kruskal", "division", "wilson"]
    hint_ms: list[float] = []
    try:
        await server.ready()
        async with aiohttp.ClientSession() as http:
            await (await http.get(f"{server.url}/_bench/lag?reset=1")).read()
            groups = []
            for index in range(rooms):
                settings = {
                    "preset": "hard",
                    "algorithm": algorithms[index % len(algorithms)],
                    "hint_limit": 99,
                    "braid": 0.1,
                }
                groups.append(await setup_room_ours(server, http, settings))
            making = await (await http.get(f"{server.url}/_bench/lag?reset=1")).json()
            walkers = [bot for group in groups for bot in group[:PLAYERS_PER_ROOM]]
            rng = random.Random(7)
            loop = asyncio.get_running_loop()
            until = loop.time() + seconds

            async def ask(bot: Bot) -> None:
                methods = ["dfs", "bfs", "astar"]
                n = 0
                await asyncio.sleep(rng.random() * HINT_EVERY)  # people do not all ask at once
                while loop.time() < until:
                    started = time.perf_counter()
                    await bot.client.call("hint", {"method": methods[n % 3], "order": True}, timeout=10)
                    hint_ms.append((time.perf_counter() - started) * 1000)
                    n += 1
                    await asyncio.sleep(HINT_EVERY)

            await asyncio.gather(*(bot.walk(until, rng) for bot in walkers), *(ask(bot) for bot in walkers))
            racing = await (await http.get(f"{server.url}/_bench/lag")).json()
            await gather_in_chunks([bot.client.disconnect() for group in groups for bot in group], 100)
    finally:
        server.stop()
    racing["hints"] = len(hint_ms)
    racing["hint_p50"] = statistics.median(hint_ms) if hint_ms else float("nan")
    racing["hint_p99"] = sorted(hint_ms)[int(0.99 * (len(hint_ms) - 1))] if hint_ms else float("nan")
    return {"making": making, "racing": racing}


async def main(quick: bool) -> None:
    steps = QUICK_ROOMS if quick else FULL_ROOMS
    duration = 3.0 if quick else 5.0
    print(
        f"{PLAYERS_PER_ROOM} players a room at {MOVES_PER_SECOND:.0f} moves/s each, 1 spectator a room; "
        f"{duration:.0f} s a level after 1 s warm-up; legal moves only, so every move is broadcast"
    )
    bare = await ladder("bare", 0.0, steps, duration)
    ours = await ladder("ours", 0.0, steps, duration)
    plain = await ladder("ours", 0.0, steps, duration, plain=True)
    batched = await ladder("ours", 0.01, steps, duration)
    best_bare, best_ours, best_batched = sustained(bare), sustained(ours), sustained(batched)
    print_plain_comparison(ours, plain)
    print(f"\nhighest move rate with p99 <= {P99_BUDGET_MS:.0f} ms (>= 90% of offered):")
    print(f"  bare {best_bare:.0f}/s, ours {best_ours:.0f}/s, ours batched {best_batched:.0f}/s")
    if best_bare:
        print(f"  ratio ours/bare = {best_ours / best_bare:.2f} (target >= 0.8); "
              f"batched/bare = {best_batched / best_bare:.2f} (target >= 1.0)")  # fmt: skip
    print("  (a ladder that never left the budget was capped by its top step or by the load generator)")

    count = QUICK_SPECTATORS if quick else FULL_SPECTATORS
    before, after = await spectators_memory(count)
    verdict = "PASS" if after < 100 else "MISS"
    print(f"\n{count} idle spectators: server RSS {before:.0f} MB -> {after:.0f} MB ({verdict}: < 100 MB)")

    phases = await stalls(3 if quick else 6, 4.0 if quick else 8.0)
    print("\nevent-loop stalls with 100x100 mazes, on asyncio (target: no callback over 20 ms)")
    print(
        f"{'phase':<34} {'longest callback':>17} {'over 20 ms':>11} {'longest GC':>11} {'latest wake-up':>15}"
    )
    for label, key in (
        ("making a maze of every generator", "making"),
        ("racing: moves + hints with order", "racing"),
    ):
        lag = phases[key]
        verdict = "PASS" if lag["callback_max_ms"] <= 20 else "MISS"
        print(
            f"{label:<34} {lag['callback_max_ms']:>11.1f} ms {verdict} {lag['callbacks_over_20ms']:>6}"
            f" {lag['gc_max_ms']:>8.1f} ms {lag['max_ms']:>12.1f} ms"
        )
    racing = phases["racing"]
    print(
        f"{racing['hints']} hints (each bot every {HINT_EVERY:.0f} s), ack p50 {racing['hint_p50']:.1f} ms,"
        f" p99 {racing['hint_p99']:.1f} ms; a wake-up is late when it queues behind other work"
    )


def run(quick: bool = False) -> None:
    asyncio.run(main(quick))
