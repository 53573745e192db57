"""The simulated clients of the load benchmark (`tests.bench.load`): a bot that joins a room, walks its
maze legally at a human rate and times the broadcasts of its own moves, and setting rooms of them up on
our server or on the bare re-broadcaster.

Its own module because both the room-count ladder and the spectator and stall tests use these bots.
"""

import asyncio
import collections
import random
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import socketio

from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from tests.bench.load_process import ServerProcess

PLAYERS_PER_ROOM = 4
MOVES_PER_SECOND = 4.0  # a brisk human on the keyboard


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
