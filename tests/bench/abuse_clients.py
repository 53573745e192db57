"""The clients, the probe and the long stored races of the burst benchmarks (`tests.bench.abuse_board`)."""

import asyncio
import contextlib
import random
import statistics
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import socketio

from server.maze.model import Cell
from server.maze.wire import decode_maze
from server.room.racelog import RaceLog
from server.room.records import RaceRecord, race_record
from server.room.settings import RoomSettings
from tests.store.live import ServerProcess, post_json
from tests.store.races import ScriptedRace

PROBE_GAP = 0.1
"""Seconds between the probe's moves: 10 moves a second."""
CALL_TIMEOUT = 60.0


class Client:
    """A Socket.IO client whose connections leave from a loopback address of its own."""

    def __init__(self, url: str, address: str) -> None:
        self.url = url
        self.http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))
        self.sio = socketio.AsyncClient(reconnection=False, http_session=self.http)
        self.events: list[dict[str, Any]] = []
        self.sio.on("event", self.events.append)
        self.sio.on("events", self.events.extend)

    async def enter(self, settings: dict[str, Any], name: str = "Host") -> "Client":
        """Make a room with `settings` and join it alone, as its host."""
        status, body = await post_json(self.http, self.url + "/api/rooms", settings)
        assert status == 201, body
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=10)
        ack = await self.sio.call("join", {"code": body["code"], "name": name}, timeout=CALL_TIMEOUT)
        assert ack["ok"] is True, ack
        return self

    async def call(self, event: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        return dict(await self.sio.call(event, data or {}, timeout=CALL_TIMEOUT))

    async def started_maze(self, within: float = 30.0) -> Any:
        """The maze of the latest `started` event, waiting for one."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            started = [e for e in self.events if e["t"] == "started"]
            if started:
                return decode_maze(started[-1]["d"]["maze"])
            await asyncio.sleep(0.02)
        raise AssertionError("no race started")

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            if self.sio.connected:
                await self.sio.disconnect()
            await self.sio.shutdown()
        await self.http.close()


@contextlib.asynccontextmanager
async def server_on(db: Path) -> AsyncIterator[ServerProcess]:
    async with aiohttp.ClientSession() as http:
        server = await ServerProcess.start(db, db.with_suffix(".log"), http)
        try:
            yield server
        finally:
            await server.ensure_stopped()


async def probe_during(url: str, load: Callable[[], Awaitable[object]]) -> list[float]:
    """A probe racer stepping back and forth at 10 moves a second in a room of its own while `load`
    runs (and half a second either side); each ack's latency in ms."""
    probe = await Client(url, "127.6.0.1").enter({"preset": "easy"}, "Probe")
    try:
        await probe.call("start")
        maze = await probe.started_maze()
        await asyncio.sleep(0.5)  # the countdown
        here: Cell = maze.entrance
        there = next(n for n in ((here[0], here[1] + 1), (here[0] + 1, here[1])) if maze.is_open(here, n))
        stop, latencies = asyncio.Event(), []

        async def step() -> None:
            nonlocal here, there
            while not stop.is_set():
                sent = time.perf_counter()
                await probe.call("move", {"to": list(there)})
                latencies.append((time.perf_counter() - sent) * 1000)
                here, there = there, here
                await asyncio.sleep(PROBE_GAP)

        stepping = asyncio.create_task(step())
        await asyncio.sleep(0.5)
        await load()
        await asyncio.sleep(0.5)
        stop.set()
        await asyncio.wait_for(stepping, CALL_TIMEOUT)
        return latencies
    finally:
        await probe.close()


def p99(values: list[float]) -> float:
    return sorted(values)[max(0, round(len(values) * 0.99) - 1)] if values else float("nan")


def latency_text(values: list[float]) -> str:
    if not values:
        return "no acks"
    return f"p50 {statistics.median(values):.0f} ms, p99 {p99(values):.0f} ms, max {max(values):.0f} ms"


def long_race(moves_per_racer: int, seed: int) -> RaceRecord:
    """A finished 16-racer 150 x 150 race whose racers each walked `moves_per_racer` random steps."""
    settings = RoomSettings(
        preset="custom", rows=150, cols=150, max_players=16, hint_limit=99, time_limit=3600
    )
    race = ScriptedRace(settings, [f"Racer {n}" for n in range(16)], rng_seed=seed)
    maze, rng, log = race.maze, random.Random(seed), RaceLog(race.maze.cols)
    walkers = dict.fromkeys(race.ids.values(), maze.index(maze.entrance))
    for n in range(moves_per_racer):
        for member, here in walkers.items():
            step = rng.choice(maze.neighbours(here))
            if maze.cell(step) == maze.exit:
                continue  # wander on: a finish would end the walk early
            walkers[member] = step
            log.add_move(n * 3_600_000 // moves_per_racer, member, maze.cell(step))
    race.room.log = log
    race.room.tick(race.start + 3600)  # everyone is out of time
    return race_record(race.room)
