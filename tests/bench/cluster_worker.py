"""A load-generator process of the cluster benchmark: `python -m tests.bench.cluster_worker BASE`.

The benchmark starts two of these, so the generator is not one Python event loop (which would saturate
a core of its own long before the servers do) and each loop's own lateness stays small. A worker reads
one JSON command a line on stdin and answers each with one JSON line on stdout:

- `{"cmd": "setup", "rooms": [{"code", "addresses": [...]}, ...]}`: connect a light player from each
  address, join (the first of a room is its host), ready, start; answers when every race runs.
- `{"cmd": "run", "rate": moves/s a player, "warmup": s, "duration": s}`: walk at that rate; answers
  the moves sent, acked and refused in the measured window, its ack latencies (ms) and the worker's CPU.
- `{"cmd": "quit"}`.
"""

import asyncio
import json
import random
import sys
import time
from typing import Any

from server.app.serve import fast_loop
from tests.bench.cluster_client import LightPlayer

SETUP_CHUNK = 20
DRAIN_SECONDS = 15.0


async def _chunked(coroutines: list[Any]) -> list[Any]:
    results: list[Any] = []
    for start in range(0, len(coroutines), SETUP_CHUNK):
        results.extend(await asyncio.gather(*coroutines[start : start + SETUP_CHUNK]))
    return results


async def _join(player: LightPlayer, name: str) -> None:
    ack = await player.call("join", {"code": player.code, "name": name, "role": "player"})
    if not ack.get("ok"):
        raise RuntimeError(f"join refused: {ack}")


async def setup_room(base: str, code: str, addresses: list[str]) -> list[LightPlayer]:
    """Players from `addresses` join room `code`; the first (the host) starts the race."""
    players = [LightPlayer(base, code, address) for address in addresses]
    for player in players:
        await player.connect()
    await _join(players[0], "host")
    for index, player in enumerate(players[1:], 1):
        await _join(player, f"bot{index}")
        await player.call("ready", {"ready": True})
    ack = await players[0].call("start", {})
    if not ack.get("ok"):
        raise RuntimeError(f"start refused: {ack}")
    return players


async def walk(player: LightPlayer, rate: float, until: float, counts: list[int], rng: random.Random) -> None:
    """Send moves at `rate` a second (open loop: a late ack never holds the next move back); when this
    loop itself falls behind, it skips ahead rather than bursting into the server's rate limit."""
    loop = asyncio.get_running_loop()
    interval = 1 / rate
    due = loop.time() + rng.random() * interval
    while due < until:
        await asyncio.sleep(max(0.0, due - loop.time()))
        if await player.move(rng) and time.perf_counter() >= player.record_from:
            counts[0] += 1
        due += interval
        if loop.time() > due + interval:
            due = loop.time()


async def drain(players: list[LightPlayer], within: float) -> int:
    """Wait until every move sent has its answer (so a backlog never spills into the next level); the
    moves still unanswered after `within` seconds."""
    for _ in range(int(within / 0.05)):
        if not any(p.in_flight for p in players):
            break
        await asyncio.sleep(0.05)
    return sum(p.in_flight for p in players)


async def run_level(
    players: list[LightPlayer], rate: float, warmup: float, duration: float
) -> dict[str, Any]:
    """One level: `warmup` s of walking, then `duration` s measured: the moves sent in the window,
    those acked within it, and the ack latency of every move sent in it (answered late or not)."""
    loop = asyncio.get_running_loop()
    rng = random.Random(int(rate * 1000))
    counts = [0]
    until = loop.time() + warmup + duration
    walking = [asyncio.create_task(walk(p, rate, until, counts, rng)) for p in players]
    await asyncio.sleep(warmup)
    window = time.perf_counter()
    for player in players:
        player.latencies.clear()
        player.record_from = window
    acked = sum(p.acked for p in players)
    refused = sum(p.refused for p in players)
    cpu = time.process_time()
    await asyncio.gather(*walking)
    wall = time.perf_counter() - window
    cpu = time.process_time() - cpu
    acked = sum(p.acked for p in players) - acked
    unanswered = await drain(players, DRAIN_SECONDS)
    for player in players:
        player.record_from = float("inf")
    return {
        "sent": counts[0],
        "acked": acked,
        "refused": sum(p.refused for p in players) - refused,
        "unanswered": unanswered,
        "latencies": [ms for p in players for ms in p.latencies],
        "wall": wall,
        "cpu": cpu,
    }


async def main(base: str) -> None:
    players: list[LightPlayer] = []
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        command = json.loads(line)
        try:
            if command["cmd"] == "setup":
                groups = await _chunked(
                    [setup_room(base, r["code"], r["addresses"]) for r in command["rooms"]]
                )
                players = [p for group in groups for p in group]
                await asyncio.wait_for(asyncio.gather(*(p.started.wait() for p in players)), 30)
                answer: dict[str, Any] = {"ok": True, "players": len(players)}
            elif command["cmd"] == "run":
                answer = await run_level(players, command["rate"], command["warmup"], command["duration"])
            else:
                break
        except Exception as error:  # reported to the benchmark, which prints it
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)
    await asyncio.gather(*(p.close() for p in players), return_exceptions=True)


if __name__ == "__main__":
    loop = fast_loop() or asyncio.new_event_loop()
    loop.run_until_complete(main(sys.argv[1]))
