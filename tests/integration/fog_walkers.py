"""A full room of racers walking a real server process at full pace, with or without fog, and what
it cost the server: its CPU time a move, the acks' round trip and the moves a second the room managed.

Each racer connects from its own loopback address (as 16 people would), speaks Engine.IO over one
aiohttp WebSocket (lighter than the python-socketio client, so more of the cores are left to the
server), knows only what the server sent it (in fog, the fogged maze at the start and the cells each
ack reveals) and walks random legal steps at 20 a second, a few moves in flight at most. Every frame a
fog racer gets is checked for a distance to the exit, which a fog racer must never be sent.
"""

import asyncio
import contextlib
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from server.maze.model import Cell
from server.maze.walls import owner_and_kind
from server.maze.wire import decode_maze
from tests.bench.cluster_client import session_from, source_address
from tests.store.live import ServerProcess, post_json

RACERS = 16
MOVES_PER_SECOND = 20.0
IN_FLIGHT = 4
"""Moves a racer sends before waiting for acks: enough to keep its pace while acks take a while."""
SIDE = 50
OPEN_FOG = {
    "preset": "custom",
    "rows": SIDE,
    "cols": SIDE,
    "algorithm": "classic",
    "directions": 8,
    "braid": 1,
    "vision": 10,
    "max_players": RACERS,
}
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0


@dataclass
class FogWalker:
    """One racer over a raw Engine.IO WebSocket: walks what it knows of the maze, times its acks."""

    base: str
    address: str
    http: aiohttp.ClientSession | None = None
    ws: aiohttp.ClientWebSocketResponse | None = None
    next_id: int = 0
    calls: dict[int, "asyncio.Future[Any]"] = field(default_factory=dict)
    sent_at: dict[int, float] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    acked: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    with_distance: int = 0
    """Frames received that carry a distance to the exit (never, for a fog racer while racing)."""
    record_from: float = float("inf")
    known: list[bytearray] = field(default_factory=list)
    """What this racer knows of each passage kind (E, S, SE, SW), unseen cells all walls."""
    cols: int = 0
    exit: Cell = (0, 0)
    here: Cell = (0, 0)
    confirmed: Cell = (0, 0)
    started: asyncio.Event = field(default_factory=asyncio.Event)
    reader: "asyncio.Task[None] | None" = None

    async def connect(self) -> None:
        self.http = session_from(self.address)
        url = self.base.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        self.ws = await self.http.ws_connect(url, max_msg_size=0)
        assert (await self.ws.receive_str(timeout=15)).startswith("0")
        await self.ws.send_str("40")
        assert (await self.ws.receive_str(timeout=15)).startswith("40")
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            text: str = message.data
            self.with_distance += '"distance"' in text
            if text.startswith("43"):
                self._on_ack(text)
            elif text == "2":
                await self.ws.send_str("3")
            elif text.startswith('42["event"') and '"t":"started"' in text:
                maze = decode_maze(orjson.loads(text[2:])[1]["d"]["maze"])
                self.known = [bytearray(kind) for kind in maze.kinds()]
                self.cols, self.exit = maze.cols, maze.exit
                self.here = self.confirmed = maze.entrance
                self.started.set()

    def _on_ack(self, text: str) -> None:
        bracket = text.index("[")
        ack_id = int(text[2:bracket])
        ack = orjson.loads(text[bracket:])[0]
        sent = self.sent_at.pop(ack_id, None)
        if sent is None:
            future = self.calls.pop(ack_id, None)
            if future is not None and not future.done():
                future.set_result(ack)
            return
        if not ack.get("ok"):
            self.refused[ack.get("code", "?")] = self.refused.get(ack.get("code", "?"), 0) + 1
            self.here = self.confirmed  # walk on from where the server says
            return
        self.acked += sent >= self.record_from
        self.confirmed = (ack["cell"][0], ack["cell"][1])
        for r, c, bits in ack.get("seen", ()):
            for kind, flags in enumerate(self.known):
                flags[r * self.cols + c] = bits >> kind & 1
        if sent >= self.record_from:
            self.latencies.append((time.perf_counter() - sent) * 1000)

    def _frame(self, event: str, data: Any) -> tuple[int, str]:
        self.next_id += 1
        return self.next_id, f"42{self.next_id}" + orjson.dumps([event, data]).decode()

    async def call(self, event: str, data: Any) -> dict[str, Any]:
        assert self.ws is not None
        ack_id, frame = self._frame(event, data)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.calls[ack_id] = future
        await self.ws.send_str(frame)
        return dict(await asyncio.wait_for(future, 20.0))

    def _is_open(self, a: Cell, b: Cell) -> bool:
        rows = len(self.known[0]) // self.cols
        if not (0 <= b[0] < rows and 0 <= b[1] < self.cols):
            return False
        passage = owner_and_kind(a[0] * self.cols + a[1], b[0] * self.cols + b[1], self.cols)
        return passage is not None and bool(self.known[passage[1]][passage[0]])

    async def walk(self, rng: random.Random, until: float) -> None:
        """Random legal steps at MOVES_PER_SECOND until `until`, at most IN_FLIGHT unanswered."""
        assert self.ws is not None
        due = time.perf_counter()
        while due < until and not self.ws.closed:
            due += 1 / MOVES_PER_SECOND
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            if len(self.sent_at) >= IN_FLIGHT:
                continue
            r, c = self.here
            options = [
                (r + dr, c + dc)
                for dr, dc in STEPS
                if self._is_open(self.here, (r + dr, c + dc)) and (r + dr, c + dc) != self.exit
            ]
            if not options:
                continue
            self.here = rng.choice(options)
            ack_id, frame = self._frame("move", {"to": list(self.here)})
            self.sent_at[ack_id] = time.perf_counter()
            await self.ws.send_str(frame)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
        if self.http is not None:
            await self.http.close()


def refusals(walkers: list[FogWalker]) -> dict[str, int]:
    """Every walker's refused moves, added up by error code."""
    total: dict[str, int] = {}
    for walker in walkers:
        for code, count in walker.refused.items():
            total[code] = total.get(code, 0) + count
    return total


@dataclass(frozen=True)
class RaceLoad:
    """One race's figures over the measured window."""

    cpu_ms_a_move: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    moves_a_second: float
    refused: dict[str, int]
    """Moves refused, by error code, over the whole race."""
    with_distance: int
    """Frames the racers received that carry a distance to the exit."""


async def race_load(server: ServerProcess, fog: bool, seconds: float, warmup: float) -> RaceLoad:
    """Race RACERS walkers in a new room of the open maze, with or without fog; the window's figures."""
    walkers = [FogWalker(server.url, source_address(100 + i)) for i in range(RACERS)]
    try:
        async with session_from(source_address(99)) as http:
            status, body = await post_json(http, server.url + "/api/rooms", {**OPEN_FOG, "fog": fog})
            assert status == 201, body
        for n, walker in enumerate(walkers):
            await walker.connect()
            assert (await walker.call("join", {"code": body["code"], "name": f"W{n}"}))["ok"]
        for walker in walkers[1:]:
            assert (await walker.call("ready", {"ready": True}))["ok"]
        assert (await walkers[0].call("start", {}))["ok"]
        await asyncio.wait_for(asyncio.gather(*(w.started.wait() for w in walkers)), 30)
        began = time.perf_counter()
        measure_from, until = began + warmup, began + warmup + seconds
        for walker in walkers:
            walker.record_from = measure_from
        walks = [asyncio.create_task(w.walk(random.Random(i), until)) for i, w in enumerate(walkers)]
        await asyncio.sleep(max(0.0, measure_from - time.perf_counter()))
        cpu_before = cpu_seconds(server.process.pid)
        await asyncio.gather(*walks)
        cpu = cpu_seconds(server.process.pid) - cpu_before
        await asyncio.sleep(1.0)  # the last acks of the window come in
        latencies = sorted(x for w in walkers for x in w.latencies)
        moves = sum(w.acked for w in walkers)
        return RaceLoad(
            cpu * 1000 / max(1, moves),
            statistics.median(latencies) if latencies else float("nan"),
            latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
            latencies[-1] if latencies else float("nan"),
            moves / seconds,
            refusals(walkers),
            sum(w.with_distance for w in walkers),
        )
    finally:
        for walker in walkers:
            with contextlib.suppress(Exception):
                await walker.close()
