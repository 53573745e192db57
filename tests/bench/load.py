"""Load benchmark: our server against a bare python-socketio re-broadcaster, under the same load.

Each server runs in its own process; this process is the load generator (loopback only, every phase
bounded in time). Rooms of P players walk their maze at a human rate (legal moves, so every move is
broadcast) with one idle spectator a room; the room count climbs until p99 move-to-broadcast latency
passes 50 ms. Also: memory with 1,000 idle spectators, and event-loop stalls while 100 x 100 mazes are
generated and hinted.
"""

import asyncio
import collections
import gc
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import socketio

from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze

TITLE = "load: moves/s and latency against a bare python-socketio server; 1,000 spectators; loop stalls"

PLAYERS_PER_ROOM = 4
MOVES_PER_SECOND = 4.0  # a brisk human on the keyboard
P99_BUDGET_MS = 50.0
PHASES = (("making a maze of every generator", "making"), ("racing: moves + hints with order", "racing"))
HINT_EVERY = 2.0
"""Seconds between one bot's hints in the stall test: far more than people ask (3 a race by default)."""
CLOCK_TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """A benchmark server in a child process, with CPU and memory read from /proc."""

    def __init__(self, kind: str, batch: float = 0.0, plain: bool = False, cwd: Path | None = None) -> None:
        self.kind = kind
        self.port = free_port()
        command = [
            sys.executable,
            "-m",
            "tests.bench.load_servers",
            kind,
            str(self.port),
            "--batch",
            str(batch),
            *(["--plain"] if plain else []),
        ]
        self.process = subprocess.Popen(
            command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.url = f"http://127.0.0.1:{self.port}"

    async def ready(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                await writer.wait_closed()
                return
            except OSError:
                await asyncio.sleep(0.1)
        raise RuntimeError(f"{self.kind} server did not start")

    def cpu_seconds(self) -> float:
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICK

    def rss_mb(self) -> float:
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@dataclass
class Bot:
    """One simulated client: joins, walks legally at a steady rate, times its own broadcasts."""

    client: socketio.AsyncClient
    id: str = ""
    maze: Maze | None = None
    here: Cell = (0, 0)
    sent: collections.deque[float] = field(default_factory=collections.deque)
    latencies: list[float] = field(default_factory=list)
    acked: int = 0
    recording: bool = False
    started: asyncio.Event = field(default_factory=asyncio.Event)

    def on_envelope(self, envelope: dict[str, Any]) -> None:
        kind, data = envelope.get("t"), envelope.get("d", {})
        if kind == "moved" and data.get("id") == self.id and self.sent:
            sent_at = self.sent.popleft()
            if self.recording:
                self.latencies.append((time.perf_counter() - sent_at) * 1000)
        elif kind == "started":
            self.maze = decode_maze(data["maze"])
            self.here = self.maze.entrance
            self.started.set()

    def on_ack(self, ack: dict[str, Any]) -> None:
        if ack.get("ok"):
            self.acked += 1
        elif self.sent:  # a refused move is never broadcast
            self.sent.pop()

    def next_room(self, rng: random.Random) -> Cell:
        if self.maze is None:
            return (rng.randrange(50), rng.randrange(50))
        r, c = self.here
        options = [
            room
            for room in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c))
            if self.maze.is_open(self.here, room) and room != self.maze.exit
        ]
        return rng.choice(options) if options else self.here

    async def walk(self, until: float, rng: random.Random) -> None:
        await asyncio.sleep(rng.random() / MOVES_PER_SECOND)
        loop = asyncio.get_running_loop()
        while loop.time() < until:
            room = self.next_room(rng)
            if room != self.here:
                self.sent.append(time.perf_counter())
                self.here = room
                await self.client.emit("move", {"to": list(room)}, callback=self.on_ack)
            await asyncio.sleep(1 / MOVES_PER_SECOND)


async def connect_bot(url: str) -> Bot:
    client = socketio.AsyncClient(reconnection=False)
    bot = Bot(client)
    client.on("event", bot.on_envelope)
    client.on("events", lambda batch: [bot.on_envelope(e) for e in batch])
    await client.connect(url, transports=["websocket"])
    return bot


async def gather_in_chunks(coroutines: list[Any], size: int = 50) -> list[Any]:
    results: list[Any] = []
    for start in range(0, len(coroutines), size):
        results.extend(await asyncio.gather(*coroutines[start : start + size]))
    return results


async def setup_room_ours(
    server: ServerProcess, http: aiohttp.ClientSession, settings: dict[str, Any]
) -> list[Bot]:
    async with http.post(f"{server.url}/api/rooms", json=settings) as response:
        code = (await response.json())["code"]
    bots = await gather_in_chunks([connect_bot(server.url) for _ in range(PLAYERS_PER_ROOM + 1)])
    for index, bot in enumerate(bots):
        role = "player" if index < PLAYERS_PER_ROOM else "spectator"
        ack = await bot.client.call("join", {"code": code, "name": f"bot{index}", "role": role}, timeout=10)
        bot.id = ack["you"]["id"]
        if 0 < index < PLAYERS_PER_ROOM:
            await bot.client.call("ready", {"ready": True}, timeout=10)
    await bots[0].client.call("start", {}, timeout=10)
    await asyncio.wait_for(asyncio.gather(*(bot.started.wait() for bot in bots)), 20)
    return bots


async def setup_room_bare(server: ServerProcess, index: int) -> list[Bot]:
    bots = await gather_in_chunks([connect_bot(server.url) for _ in range(PLAYERS_PER_ROOM + 1)])
    for bot in bots:
        ack = await bot.client.call("join", {"room": f"room{index}"}, timeout=10)
        bot.id = ack["you"]["id"]
    return bots


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
    steps = [5, 15, 30] if quick else [10, 25, 40, 55, 70, 90, 110, 140, 170]
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

    count = 300 if quick else 1000
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
