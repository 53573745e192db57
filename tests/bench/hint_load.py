"""Hint benchmark: what hints cost a server and everyone else on it, through a real server process.

Two sections, each on a fresh `tests.bench.load_servers ours` process (the real app, limits sized for
bots; hints at most 2/s a player):

- Hint load against a bystander: a solo racer in a room of its own steps back and forth (10 moves/s) and
  times each move's ack, first alone, then while 48 racers (12 rooms of 4 on 150 x 150 mazes of several
  generators) each ask one hint a second, explored order on, methods dfs, bfs, astar in turn. The hint
  racers run in a child process of their own, so their client work does not delay the solo racer's.
  Prints the solo racer's ack p50/p99 both ways, the hint acks' p50/p99 and the server's loop stalls.
- Hint ack latency for one player alone, from the entrance: 100 x 100 with the order off and 150 x 150
  with the order on, per method and over all (a real server, so it includes the socket and encoding).

`MAZERACE_BENCH_ROOT=/path/to/checkout` runs the server of another checkout (e.g. main, for the figures
before a change) with this load generator. Benchmarks measure and print; they never fail.
"""

import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import socketio

from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from tests.bench.load_process import ServerProcess
from tests.bench.timing import print_table

TITLE = "hints: a bystander's move acks under 48 racers' hints on 150x150; hint ack latency alone"

ROOT = Path(os.environ.get("MAZERACE_BENCH_ROOT", Path(__file__).resolve().parents[2]))
HINT_ROOMS = 12
PLAYERS_PER_ROOM = 4
HINT_PERIOD = 1.0
SOLO_MOVES_PER_SECOND = 10.0
ALGORITHMS = ("backtracker", "prim", "kruskal", "classic", "wilson", "division")
METHODS = ("dfs", "bfs", "astar")
TIMEOUT = 20.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


@dataclass
class Racer:
    """A Socket.IO client in a room; knows the maze once the race has started."""

    client: socketio.AsyncClient
    id: str = ""
    maze: Maze | None = None
    started: asyncio.Event | None = None

    def on_event(self, envelope: dict[str, Any]) -> None:
        if envelope.get("t") == "started":
            self.maze = decode_maze(envelope["d"]["maze"])
            if self.started is not None:
                self.started.set()


async def room_of(
    url: str, http: aiohttp.ClientSession, players: int, settings: dict[str, Any]
) -> list[Racer]:
    """A started room of `players` racers."""
    async with http.post(f"{url}/api/rooms", json=settings) as response:
        code = (await response.json())["code"]
    racers = []
    for n in range(players):
        client = socketio.AsyncClient(reconnection=False)
        racer = Racer(client, started=asyncio.Event())
        client.on("event", racer.on_event)
        client.on("events", lambda batch, racer=racer: [racer.on_event(e) for e in batch])
        await client.connect(url, transports=["websocket"])
        ack = await client.call("join", {"code": code, "name": f"r{n}", "role": "player"}, timeout=TIMEOUT)
        racer.id = ack["you"]["id"]
        if n:
            await client.call("ready", {"ready": True}, timeout=TIMEOUT)
        racers.append(racer)
    await racers[0].client.call("start", {}, timeout=TIMEOUT)
    await asyncio.wait_for(asyncio.gather(*(r.started.wait() for r in racers if r.started)), TIMEOUT)
    return racers


def race_settings(size: int, algorithm: str) -> dict[str, Any]:
    return {
        "preset": "custom", "rows": size, "cols": size, "algorithm": algorithm, "hint_limit": 99,
        "hint_penalty": 0, "time_limit": 3600,
    }  # fmt: skip


async def timed_hint(racer: Racer, method: str, order: bool) -> tuple[float, bool]:
    """One hint's ack time in ms, and whether it was given."""
    began = time.perf_counter()
    ack = await racer.client.call("hint", {"method": method, "order": order}, timeout=TIMEOUT)
    return (time.perf_counter() - began) * 1000, bool(ack.get("ok"))


# ----- the hint racers (a child process) --------------------------------------------------------------


async def hint_racers(url: str, seconds: float) -> dict[str, Any]:
    """Make the hint rooms, say "ready", then ask a hint a second each for `seconds`; the ack figures."""
    async with aiohttp.ClientSession() as http:
        rooms = [
            await room_of(url, http, PLAYERS_PER_ROOM, race_settings(150, ALGORITHMS[n % len(ALGORITHMS)]))
            for n in range(HINT_ROOMS)
        ]
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # "go"
    racers = [racer for room in rooms for racer in room]
    times: list[float] = []
    refused = 0
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds

    async def ask(index: int, racer: Racer) -> None:
        nonlocal refused
        await asyncio.sleep(HINT_PERIOD * index / len(racers))  # spread over the second, as people are
        n = index
        while loop.time() < until:
            due = loop.time() + HINT_PERIOD
            ms, given = await timed_hint(racer, METHODS[n % len(METHODS)], True)
            times.append(ms)
            refused += not given
            n += 1
            await asyncio.sleep(max(0.0, due - loop.time()))

    await asyncio.gather(*(ask(i, r) for i, r in enumerate(racers)))
    for racer in racers:
        await racer.client.disconnect()
    return {
        "hints": len(times),
        "refused": refused,
        "p50": percentile(times, 0.5),
        "p99": percentile(times, 0.99),
    }


# ----- the bystander ----------------------------------------------------------------------------------


async def solo_moves(racer: Racer, seconds: float) -> list[float]:
    """Step between the entrance and a neighbour at SOLO_MOVES_PER_SECOND; each move's ack time in ms."""
    assert racer.maze is not None
    maze = racer.maze
    here = maze.entrance
    there: Cell = next(maze.cell(i) for i in maze.neighbours(maze.index(here)))
    times: list[float] = []
    refusals: dict[str, int] = {}
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    while loop.time() < until:
        due = loop.time() + 1 / SOLO_MOVES_PER_SECOND
        began = time.perf_counter()
        ack = await racer.client.call("move", {"to": list(there)}, timeout=TIMEOUT)
        if ack.get("ok"):
            times.append((time.perf_counter() - began) * 1000)
            here, there = there, here
        else:
            code = str(ack.get("error", {}).get("code"))
            refusals[code] = refusals.get(code, 0) + 1
        await asyncio.sleep(max(0.0, due - loop.time()))
    if refusals:
        print(f"solo racer's refused moves: {refusals}", flush=True)
    return times


async def bystander(seconds: float) -> None:
    server = ServerProcess("ours", cwd=ROOT)
    child: asyncio.subprocess.Process | None = None
    try:
        await server.ready()
        async with aiohttp.ClientSession() as http:
            [solo] = await room_of(server.url, http, 1, race_settings(50, "prim"))
            alone = await solo_moves(solo, seconds)
            async with http.get(f"{server.url}/_bench/lag?reset=1") as response:
                await response.read()
            child = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.bench.hint_load", "racers", server.url, str(seconds),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            )  # fmt: skip
            assert child.stdin is not None
            assert child.stdout is not None
            line = await asyncio.wait_for(child.stdout.readline(), 120)
            if line.strip() != b"ready":
                raise RuntimeError(f"the hint racers did not start: {line!r}")
            child.stdin.write(b"go\n")
            await child.stdin.drain()
            loaded = await solo_moves(solo, seconds)
            hints = json.loads(await asyncio.wait_for(child.stdout.readline(), 60))
            async with http.get(f"{server.url}/_bench/lag") as response:
                lag = await response.json()
            await solo.client.disconnect()
    finally:
        if child is not None and child.returncode is None:
            child.kill()
            await child.wait()
        server.stop()
    rows = [
        ["alone", len(alone), f"{percentile(alone, 0.5):.1f}", f"{percentile(alone, 0.99):.1f}"],
        [
            "48 racers hinting",
            len(loaded),
            f"{percentile(loaded, 0.5):.1f}",
            f"{percentile(loaded, 0.99):.1f}",
        ],
    ]
    print_table(
        f"A solo racer's move acks (ms), {SOLO_MOVES_PER_SECOND:.0f} moves/s, {seconds:.0f} s each"
        f" (target under the hint load: p99 < 20 ms)",
        ["solo racer", "moves", "p50", "p99"],
        rows,
        note=(
            f"hint load: {HINT_ROOMS} rooms x {PLAYERS_PER_ROOM} racers on 150x150 ({', '.join(ALGORITHMS)}),"
            f" each one hint every {HINT_PERIOD:g} s with the order, {'/'.join(METHODS)} in turn:"
            f" {hints['hints']} hints ({hints['refused']} refused), ack p50 {hints['p50']:.1f} ms,"
            f" p99 {hints['p99']:.1f} ms\nserver loop under the load: {callbacks(lag)},"
            f" latest wake-up {lag['max_ms']:.1f} ms"
        ),
    )


def callbacks(lag: dict[str, Any]) -> str:
    """The longest event-loop callback, where the server's loop lets it be timed (asyncio's)."""
    if not lag.get("callbacks_timed", True):
        return "callbacks not timed on uvloop"
    return f"longest callback {lag['callback_max_ms']:.1f} ms, {lag['callbacks_over_20ms']} over 20 ms"


# ----- one player alone -------------------------------------------------------------------------------


async def alone(repeats: int) -> None:
    server = ServerProcess("ours", cwd=ROOT)
    rows = []
    try:
        await server.ready()
        async with aiohttp.ClientSession() as http:
            for size, order in ((100, False), (150, True)):
                everything: list[float] = []
                for method in METHODS:
                    times: list[float] = []
                    for algorithm in ("backtracker", "prim", "classic"):
                        [racer] = await room_of(server.url, http, 1, race_settings(size, algorithm))
                        for _ in range(repeats):
                            ms, given = await timed_hint(racer, method, order)
                            if given:
                                times.append(ms)
                            await asyncio.sleep(0.55)  # within the bench server's 2 hints a second
                        await racer.client.disconnect()
                    everything += times
                    rows.append([f"{size}x{size}", "on" if order else "off", method, len(times),
                                 f"{percentile(times, 0.5):.1f}", f"{max(times):.1f}"])  # fmt: skip
                rows.append([f"{size}x{size}", "on" if order else "off", "all", len(everything),
                             f"{statistics.median(everything):.1f}", f"{max(everything):.1f}"])  # fmt: skip
                # the game's defaults: the backtracker maze and the `random` method (dfs or bfs)
                [racer] = await room_of(server.url, http, 1, race_settings(size, "backtracker"))
                defaults: list[float] = []
                for _ in range(3 * repeats):
                    ms, given = await timed_hint(racer, "random", order)
                    if given:
                        defaults.append(ms)
                    await asyncio.sleep(0.55)
                await racer.client.disconnect()
                rows.append([f"{size}x{size}", "on" if order else "off", "random, defaults", len(defaults),
                             f"{percentile(defaults, 0.5):.1f}", f"{max(defaults):.1f}"])  # fmt: skip
    finally:
        server.stop()
    print_table(
        "Hint ack (ms) for one player alone at the entrance, backtracker, prim and classic mazes"
        " (targets: p50 <= 3 ms at 100x100, <= 6 ms at 150x150 with the order)",
        ["maze", "order", "method", "hints", "p50", "max"],
        rows,
        left=3,
    )


async def main(quick: bool) -> None:
    await bystander(8.0 if quick else 20.0)
    await alone(3 if quick else 6)


def run(quick: bool = False) -> None:
    asyncio.run(main(quick))


if __name__ == "__main__":
    if sys.argv[1:2] == ["racers"]:
        print(json.dumps(asyncio.run(hint_racers(sys.argv[2], float(sys.argv[3])))), flush=True)
