"""Integration fixtures: the real app on a real port, real Socket.IO clients, and small race helpers.

`arena` is a running server with fast timings and generous rate limits (the rate-limit tests build their
own with `start_server(...)`). Every `Client` made through a harness is disconnected at teardown.
"""

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Any

import aiohttp
import pytest
import socketio
from aiohttp import web

from server.app.factory import create_app
from server.config import AppConfig
from server.http.keys import REGISTRY
from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from server.room.rate_limits import RateLimit

Envelope = dict[str, Any]
Predicate = Callable[[dict[str, Any]], bool]

GENEROUS = RateLimit(10_000.0, 10_000.0)
FAST = AppConfig(
    countdown=0.1,
    tick=0.02,
    grace=10.0,
    idle_timeout=60.0,
    move_limit=GENEROUS,
    hint_limit=GENEROUS,
    command_limit=GENEROUS,
    snapshot_limit=GENEROUS,
    address_command_limit=GENEROUS,
    address_snapshot_limit=GENEROUS,
    create_limit=GENEROUS,
    read_limit=GENEROUS,
    page_limit=GENEROUS,
    socket_limit=GENEROUS,
    rooms_per_address=10_000,
)
"""Short timings and no rate limits to trip over; tests override single fields."""

TIMEOUT = 5.0


class Client:
    """A Socket.IO client that records every room event and every ack, in arrival order."""

    def __init__(self) -> None:
        self.sio = socketio.AsyncClient(reconnection=False)
        self.events: list[Envelope] = []
        self.received: list[tuple[str, Any]] = []
        """("event", envelope), ("ack", ack) or (name, args) for any other server event, in order."""
        self.you: dict[str, Any] = {}
        self.snapshot: dict[str, Any] = {}
        self.sio.on("event", self._on_event)
        self.sio.on("*", self._on_other)

    async def _on_event(self, envelope: Envelope) -> None:
        self.events.append(envelope)
        self.received.append(("event", envelope))

    async def _on_other(self, name: str, *args: Any) -> None:
        self.received.append((name, args))

    @property
    def id(self) -> str:
        """The member id the last join gave."""
        return str(self.you["id"])

    async def call(self, event: str, data: Any = None) -> Any:
        """Emit a command and wait (up to TIMEOUT) for its ack."""
        ack = await self.sio.call(event, data, timeout=TIMEOUT)
        self.received.append(("ack", ack))
        return ack

    async def ok(self, event: str, data: Any = None) -> dict[str, Any]:
        """A command that must succeed."""
        ack = await self.call(event, data)
        assert ack["ok"] is True, (event, data, ack)
        return dict(ack)

    async def refused(self, event: str, data: Any = None) -> str:
        """A command that must be refused; returns the error code."""
        ack = await self.call(event, data)
        assert ack["ok"] is False, (event, data, ack)
        assert isinstance(ack["error"]["message"], str)
        assert ack["error"]["message"]
        return str(ack["error"]["code"])

    async def join(
        self, code: str, name: str = "player", role: str = "player", token: str | None = None
    ) -> dict[str, Any]:
        """Join a room; remembers `you` and the snapshot."""
        payload: dict[str, Any] = {"code": code, "name": name, "role": role}
        if token is not None:
            payload["token"] = token
        ack = await self.ok("join", payload)
        self.you, self.snapshot = ack["you"], ack["snapshot"]
        return ack

    async def resync(self) -> dict[str, Any]:
        """A fresh snapshot."""
        return dict((await self.ok("resync", {}))["snapshot"])

    async def me(self) -> dict[str, Any]:
        """This player's entry in a fresh snapshot."""
        snapshot = await self.resync()
        return next(p for p in snapshot["players"] if p["id"] == self.id)

    def of_type(self, t: str, member: str | None = None) -> list[dict[str, Any]]:
        """The data of every event of type `t` so far (optionally only those about member id)."""
        return [e["d"] for e in self.events if e["t"] == t and (member is None or e["d"].get("id") == member)]

    async def wait_for(
        self, t: str, predicate: Predicate | None = None, *, after: int = 0, within: float = TIMEOUT
    ) -> Envelope:
        """The first event of type `t` with version above `after` whose data matches `predicate`."""
        deadline = time.monotonic() + within
        while True:
            for envelope in self.events:
                if envelope["t"] != t or envelope["v"] <= after:
                    continue
                if predicate is None or predicate(envelope["d"]):
                    return envelope
            if time.monotonic() > deadline:
                seen = [(e["v"], e["t"]) for e in self.events]
                raise AssertionError(f"no {t!r} event within {within} s; saw {seen}")
            await asyncio.sleep(0.005)

    async def move_to(self, cell: Cell) -> dict[str, Any]:
        """One legal step into a neighbouring room."""
        return await self.ok("move", {"to": list(cell)})

    async def walk(self, cells: Iterable[Cell]) -> None:
        """Step through `cells` one by one, each ack awaited."""
        for cell in cells:
            await self.move_to(cell)

    def versions(self) -> list[int]:
        """The `v` of every event received, in arrival order."""
        return [e["v"] for e in self.events]


class Harness:
    """One running server: its URL, an HTTP session and the clients made for it."""

    def __init__(self, url: str, http: aiohttp.ClientSession, app: web.Application | None = None) -> None:
        self.url = url.rstrip("/")
        self.http = http
        self.clients: list[Client] = []
        self.app = app

    def maze_of(self, code: str) -> Maze:
        """The maze room `code` races on, as the server holds it: for tests of what onlookers are not
        sent (a fog race's spectators see only its entrance)."""
        assert self.app is not None, "an in-process server"
        maze = self.app[REGISTRY].get(code).maze
        assert maze is not None, "the race has started"
        return maze

    async def client(self, room: str | None = None) -> Client:
        """A connected (not yet joined) Socket.IO client; `room` goes in the handshake query."""
        client = Client()
        self.clients.append(client)
        url = self.url if room is None else f"{self.url}/?room={room}"
        await client.sio.connect(url, transports=["websocket"], wait_timeout=TIMEOUT)
        return client

    async def request(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any, aiohttp.ClientResponse]:
        """Status, JSON body (or text) and the response of an HTTP request."""
        async with self.http.request(method, self.url + path, **kwargs) as response:
            if response.content_type == "application/json":
                return response.status, await response.json(), response
            return response.status, await response.text(), response

    async def create_room(self, **settings: Any) -> str:
        """A new room's code."""
        status, body, _ = await self.request("POST", "/api/rooms", json=settings)
        assert status == 201, body
        return str(body["code"])

    async def room_count(self) -> int:
        """The rooms the server holds, public or private, joined or not (`/healthz`)."""
        status, body, _ = await self.request("GET", "/healthz")
        assert status == 200, body
        return int(body["rooms"])

    async def room_status(self, code: str) -> int:
        """The status of `GET /api/rooms/{code}`."""
        status, _, _ = await self.request("GET", f"/api/rooms/{code}")
        return status

    async def close(self) -> None:
        """Disconnect every client and close the HTTP session."""
        for client in self.clients:
            if client.sio.connected:
                await client.sio.disconnect()
            await client.sio.shutdown()
        await self.http.close()


StartServer = Callable[..., Awaitable[Harness]]


@pytest.fixture
async def start_server(aiohttp_server: Any) -> Any:
    """A factory: `await start_server(grace=0.3)` runs a server with FAST timings plus the overrides."""
    harnesses: list[Harness] = []

    async def start(**overrides: Any) -> Harness:
        server = await aiohttp_server(create_app(replace(FAST, **overrides)))
        harness = Harness(str(server.make_url("/")), aiohttp.ClientSession(), server.app)
        harnesses.append(harness)
        return harness

    yield start
    for harness in harnesses:
        await harness.close()


@pytest.fixture
async def arena(start_server: StartServer) -> Harness:
    """A server with FAST timings."""
    return await start_server()


# ----- race helpers ----------------------------------------------------------------------------------


async def start_race(host: Client, *others: Client) -> Maze:
    """Everyone else readies, the host starts; returns the maze once the host has seen `started`."""
    for other in others:
        if other.you.get("role") == "player":
            await other.ok("ready", {"ready": True})
    after = max(host.versions(), default=0)
    await host.ok("start", {})
    started = await host.wait_for("started", after=after)
    return decode_maze(started["d"]["maze"])


def closed_neighbour(maze: Maze, cell: Cell) -> Cell | None:
    """An in-bounds room next to `cell` behind a wall, if any."""
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        other = (cell[0] + dr, cell[1] + dc)
        if maze.in_bounds(other) and not maze.is_open(cell, other):
            return other
    return None


def assert_consecutive(client: Client) -> None:
    """Event versions arrive strictly consecutive, and continue from the join snapshot's version."""
    versions = client.versions()
    gaps = [(a, b) for a, b in itertools.pairwise(versions) if b != a + 1]
    assert not gaps, f"out of order or missing: {gaps} in {[(e['v'], e['t']) for e in client.events]}"
    fresh = [v for v in versions if v > client.snapshot.get("version", 0)]
    if fresh:
        assert fresh[0] == client.snapshot["version"] + 1, (client.snapshot["version"], versions)
