"""A light Socket.IO player for the cluster load tables: Engine.IO v4 frames over one aiohttp
WebSocket, no python-socketio client.

Why not `socketio.AsyncClient`: the load generator shares the two cores with the servers, and every
move costs it a send, an ack and one broadcast per player of the room; the full client decodes and
dispatches each of those through its handler machinery. This one only parses acks and the `started`
event, and skips every other frame by its first bytes, so more of the cores are left to the servers.

Each player connects from its own loopback address (127.x.y.z: Linux routes all of 127/8 to `lo`),
so the per-address limits the server applies to real people (commands, joins, room creation) see one
person per address, as in production, with no limit loosened for the benchmark.
"""

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson

from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze

CONNECT_TIMEOUT = 15.0


def source_address(index: int) -> str:
    """The loopback address of player (or room maker) number `index`: 127.2.0.1 and on."""
    number = index + 1 + (2 << 16)
    return f"127.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"


def session_from(address: str) -> aiohttp.ClientSession:
    """An HTTP session whose connections leave from `address`."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0), limit=0))


@dataclass
class LightPlayer:
    """One racer: joins a room, walks legal moves at a set rate, times each move's ack."""

    base: str
    code: str
    address: str
    http: aiohttp.ClientSession | None = None
    ws: aiohttp.ClientWebSocketResponse | None = None
    next_id: int = 0
    calls: dict[int, asyncio.Future[Any]] = field(default_factory=dict)
    moves_sent: dict[int, float] = field(default_factory=dict)
    """Ack id -> perf_counter at send, for the moves in flight."""
    latencies: list[float] = field(default_factory=list)
    acked: int = 0
    refused: int = 0
    record_from: float = float("inf")
    """perf_counter moment from which sent moves are measured (the window after the warm-up)."""
    maze: Maze | None = None
    here: Cell = (0, 0)
    confirmed: Cell = (0, 0)
    """The last cell an ack confirmed: where to walk on from after a refused move."""
    lost_track: bool = False
    started: asyncio.Event = field(default_factory=asyncio.Event)
    reader: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        self.http = session_from(self.address)
        url = (
            self.base.replace("http://", "ws://") + f"/socket.io/?EIO=4&transport=websocket&room={self.code}"
        )
        self.ws = await self.http.ws_connect(
            url, timeout=aiohttp.ClientWSTimeout(ws_close=5.0), max_msg_size=0
        )
        opening = await self.ws.receive_str(timeout=CONNECT_TIMEOUT)
        if not opening.startswith("0"):
            raise RuntimeError(f"unexpected Engine.IO opening {opening[:80]!r}")
        await self.ws.send_str("40")
        connected = await self.ws.receive_str(timeout=CONNECT_TIMEOUT)
        if not connected.startswith("40"):
            raise RuntimeError(f"Socket.IO connect refused: {connected[:200]!r}")
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            text: str = message.data
            if text.startswith("43"):
                self._on_ack(text)
            elif text == "2":
                await self.ws.send_str("3")
            elif text.startswith('42["event"') and '"t":"started"' in text:
                envelope = orjson.loads(text[2:])[1]
                self.maze = decode_maze(envelope["d"]["maze"])
                self.here = self.confirmed = self.maze.entrance
                self.started.set()

    def _on_ack(self, text: str) -> None:
        bracket = text.index("[")
        ack_id = int(text[2:bracket])
        sent = self.moves_sent.pop(ack_id, None)
        if sent is None:
            future = self.calls.pop(ack_id, None)
            if future is not None and not future.done():
                future.set_result(orjson.loads(text[bracket:])[0])
            return
        received = time.perf_counter()
        ack = orjson.loads(text[bracket:])[0]
        if ack.get("ok"):
            self.acked += 1
            self.confirmed = (ack["cell"][0], ack["cell"][1])
            if sent >= self.record_from:
                self.latencies.append((received - sent) * 1000)
        else:
            self.refused += 1
            self.lost_track = True

    def _frame(self, event: str, data: Any) -> tuple[int, str]:
        self.next_id += 1
        return self.next_id, f"42{self.next_id}" + orjson.dumps([event, data]).decode()

    async def call(self, event: str, data: Any, within: float = 20.0) -> dict[str, Any]:
        """Send a command and wait for its ack."""
        assert self.ws is not None
        ack_id, frame = self._frame(event, data)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.calls[ack_id] = future
        await self.ws.send_str(frame)
        return dict(await asyncio.wait_for(future, within))

    def _next_cell(self, rng: random.Random) -> Cell:
        assert self.maze is not None
        if self.lost_track and not self.moves_sent:  # every answer is in: walk on from the truth
            self.here, self.lost_track = self.confirmed, False
        r, c = self.here
        options = [
            cell
            for cell in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c))
            if self.maze.is_open(self.here, cell) and cell != self.maze.exit
        ]
        return rng.choice(options) if options else self.here

    @property
    def in_flight(self) -> int:
        """Moves sent and not answered yet."""
        return len(self.moves_sent)

    async def move(self, rng: random.Random) -> bool:
        """Send one legal move without waiting for its ack; False when it could not be sent."""
        if self.ws is None or self.ws.closed or self.maze is None or (self.lost_track and self.moves_sent):
            return False
        cell = self._next_cell(rng)
        ack_id, frame = self._frame("move", {"to": list(cell)})
        self.moves_sent[ack_id] = time.perf_counter()
        self.here = cell
        await self.ws.send_str(frame)
        return True

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
        if self.http is not None:
            await self.http.close()
