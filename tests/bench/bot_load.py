"""How many bots one server process drives at 10 moves/s each while people's move acks stay fast.

A real server in its own process (`load.ServerProcess`); this process is the people: one per room,
hosting it, adding 7 bots at 10 moves/s (50 x 50 mazes, so no bot finishes within a level), then walking
at 4 moves/s and timing each move from send to ack. Rooms double each level; a level passes while the
people's p99 ack stays within 50 ms and the bots make at least 90% of their moves. Bounded in time.
"""

import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import socketio

from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from tests.bench.load_process import ServerProcess
from tests.bench.timing import print_table

TITLE = "bots: how many bots at 10 moves/s one process drives with people's p99 move ack <= 50 ms"

BOTS_PER_ROOM = 7
BOT_SPEED = 10
PERSON_RATE = 4.0
P99_BUDGET_MS = 50.0
LEVEL_SECONDS = 15.0
"""Long enough for ~60 acks a person: the p99 of a level is read over hundreds of acks."""


@dataclass
class Person:
    """One human-like client: hosts a room of bots, walks legally, times its acks."""

    client: socketio.AsyncClient
    maze: Maze | None = None
    here: Cell = (0, 0)
    me: str = ""
    acks_ms: list[float] = field(default_factory=list)
    bot_moves: int = 0
    started: asyncio.Event = field(default_factory=asyncio.Event)

    def on_event(self, envelope: dict[str, Any]) -> None:
        kind, data = envelope.get("t"), envelope.get("d", {})
        if kind == "started":
            self.maze = decode_maze(data["maze"])
            self.here = self.maze.entrance
            self.started.set()
        elif kind == "moved" and data.get("id") != self.me:
            self.bot_moves += 1

    def on_batch(self, envelopes: list[dict[str, Any]]) -> None:
        for envelope in envelopes:
            self.on_event(envelope)

    async def walk(self, until: float, rng: random.Random) -> None:
        while time.monotonic() < until and self.maze is not None:
            options = [self.maze.cell(i) for i in self.maze.neighbours(self.maze.index(self.here))]
            options = [cell for cell in options if cell != self.maze.exit] or [self.here]
            target = rng.choice(options)
            sent = time.perf_counter()
            ack = await self.client.call("move", {"to": list(target)}, timeout=10)
            if ack.get("ok"):
                self.acks_ms.append((time.perf_counter() - sent) * 1000)
                self.here = target
            await asyncio.sleep(1 / PERSON_RATE)


async def seat(server: ServerProcess, http: aiohttp.ClientSession) -> Person:
    """A room with one person and BOTS_PER_ROOM bots, racing."""
    settings = {"preset": "custom", "rows": 50, "cols": 50, "max_players": BOTS_PER_ROOM + 1}
    async with http.post(f"{server.url}/api/rooms", json=settings) as answer:
        code = (await answer.json())["code"]
    client = socketio.AsyncClient(reconnection=False)
    person = Person(client)
    client.on("event", person.on_event)
    client.on("events", person.on_batch)
    await client.connect(f"{server.url}/?room={code}", transports=["websocket"])
    joined = await client.call("join", {"code": code, "name": "Person", "role": "player"}, timeout=10)
    person.me = joined["you"]["id"]
    for _ in range(BOTS_PER_ROOM):
        await client.call("add_bot", {"kind": "dfs", "speed": BOT_SPEED}, timeout=10)
    await client.call("start", {}, timeout=10)
    await asyncio.wait_for(person.started.wait(), 30)
    return person


async def level(server: ServerProcess, rooms: int) -> tuple[int, float, float, float, float]:
    """(bots, p50 ms, p99 ms, bot moves/s achieved per bot, server CPU %) at `rooms` rooms."""
    async with aiohttp.ClientSession() as http:
        people = [await seat(server, http) for _ in range(rooms)]
    await asyncio.sleep(1.0)  # the bots get going
    for person in people:
        person.acks_ms.clear()
        person.bot_moves = 0
    cpu_before, began = server.cpu_seconds(), time.monotonic()
    rng = random.Random(rooms)
    await asyncio.gather(*(person.walk(began + LEVEL_SECONDS, rng) for person in people))
    elapsed = time.monotonic() - began
    cpu = (server.cpu_seconds() - cpu_before) / elapsed * 100
    acks = sorted(ms for person in people for ms in person.acks_ms)
    bots = rooms * BOTS_PER_ROOM
    bot_rate = sum(person.bot_moves for person in people) / elapsed / bots
    for person in people:
        await person.client.disconnect()
    p99 = acks[min(len(acks) - 1, int(len(acks) * 0.99))] if acks else float("nan")
    return bots, statistics.median(acks) if acks else float("nan"), p99, bot_rate, cpu


def run(quick: bool = False) -> None:
    """Double the rooms until the people's p99 ack or the bots' pace gives out."""
    server = ServerProcess("ours")
    rows: list[tuple[object, ...]] = []
    best = 0

    async def climb() -> None:
        nonlocal best
        await server.ready()
        rooms = 1
        while rooms <= (8 if quick else 64):
            bots, p50, p99, rate, cpu = await level(server, rooms)
            passed = p99 <= P99_BUDGET_MS and rate >= 0.9 * BOT_SPEED
            rows.append(
                (
                    bots,
                    rooms,
                    f"{p50:.1f}",
                    f"{p99:.1f}",
                    f"{rate:.1f}",
                    f"{cpu:.0f}%",
                    "yes" if passed else "no",
                )
            )
            if not passed:
                return
            best = bots
            rooms *= 2

    try:
        asyncio.run(climb())
    finally:
        server.stop()
    print_table(
        "bots driven by one process (7 dfs bots at 10 moves/s a room, one person walking at 4/s)",
        ("bots", "rooms", "person ack p50 ms", "p99 ms", "bot moves/s", "server CPU", "within"),
        rows,
        note=f"most bots with the people's p99 <= {P99_BUDGET_MS:.0f} ms, every bot at >= 90% pace: {best}",
    )
