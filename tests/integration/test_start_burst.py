"""Regression tests: starts sent in a burst build one maze a room, and rooms starting together do not
stall the other rooms' moves (maze builds run in worker processes, never on the event loop's GIL).

Against a real server process, hosts on loopback addresses of their own, and a probe racer in a room of
its own timing every move's ack.
"""

import asyncio
import contextlib
import statistics
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import socketio

from server.maze.model import Cell
from server.maze.wire import decode_maze
from tests.store.live import TIMEOUT, ServerProcess, post_json

BIG = {"preset": "custom", "rows": 150, "cols": 150, "algorithm": "backtracker"}
"""The biggest maze a room may have: a tenth of a second or more of pure Python to build."""
STARTS_AT_ONCE = 8
"""Starts one host sends together: with its join, within the burst one connection may send."""
BURST_ROOMS = 16
STARTS_PER_ROOM = 6
PROBE_GAP = 0.1
"""Seconds between the probe's moves: 10 moves a second."""
STALL_BOUND = 0.5
"""Seconds the probe's slowest ack may take during the burst. Builds on the loop's GIL stall it for
several seconds; in worker processes it stays in milliseconds, even on a loaded two-core machine."""


@contextlib.asynccontextmanager
async def server_process(tmp_path: Path) -> AsyncIterator[ServerProcess]:
    async with aiohttp.ClientSession() as http:
        server = await ServerProcess.start(tmp_path / "starts.db", tmp_path / "server.log", http)
        try:
            yield server
        finally:
            await server.ensure_stopped()


class Host:
    """A Socket.IO client whose connections leave from a loopback address of its own."""

    def __init__(self, url: str, address: str) -> None:
        self.url = url
        self.http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))
        self.sio = socketio.AsyncClient(reconnection=False, http_session=self.http)
        self.events: list[dict[str, Any]] = []
        self.sio.on("event", self.events.append)
        self.sio.on("events", self.events.extend)

    async def enter(self, settings: dict[str, Any]) -> "Host":
        """Make a room with `settings` and join it alone, as its host."""
        status, body = await post_json(self.http, self.url + "/api/rooms", settings)
        assert status == 201, body
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=TIMEOUT)
        ack = await self.sio.call("join", {"code": body["code"], "name": "Host"}, timeout=TIMEOUT)
        assert ack["ok"] is True, ack
        return self

    async def starts(self, count: int) -> list[dict[str, Any]]:
        """`count` starts sent together, before any answer can come back; their acks."""
        calls = [self.sio.call("start", {}, timeout=30) for _ in range(count)]
        return list(await asyncio.gather(*calls))

    def started(self) -> list[dict[str, Any]]:
        return [e for e in self.events if e["t"] == "started"]

    async def close(self) -> None:
        if self.sio.connected:
            await self.sio.disconnect()
        await self.sio.shutdown()
        await self.http.close()


async def test_starts_sent_together_start_one_race(tmp_path: Path) -> None:
    async with server_process(tmp_path) as server:
        host = await Host(server.url, "127.5.0.1").enter(BIG)
        try:
            acks = await host.starts(STARTS_AT_ONCE)
            # Before: one start won and seven were refused (after seven more mazes were built for nothing).
            assert all(ack["ok"] is True for ack in acks), [a for a in acks if not a["ok"]]
            await asyncio.sleep(0.5)
            assert len(host.started()) == 1
        finally:
            await host.close()


async def probe_moves(host: Host, stop: asyncio.Event) -> list[float]:
    """The probe steps back and forth between its first two cells; each ack's latency, in seconds."""
    started = host.started()[-1]
    maze = decode_maze(started["d"]["maze"])
    here: Cell = maze.entrance
    there = next(n for n in ((here[0], here[1] + 1), (here[0] + 1, here[1])) if maze.is_open(here, n))
    latencies: list[float] = []
    while not stop.is_set():
        sent = time.perf_counter()
        ack = await host.sio.call("move", {"to": list(there)}, timeout=30)
        latencies.append(time.perf_counter() - sent)
        assert ack["ok"] is True, ack
        here, there = there, here
        await asyncio.sleep(PROBE_GAP)
    return latencies


async def test_rooms_starting_together_do_not_stall_other_rooms(tmp_path: Path) -> None:
    async with server_process(tmp_path) as server:
        probe = await Host(server.url, "127.5.1.1").enter({"preset": "easy"})
        hosts = [await Host(server.url, f"127.5.2.{n + 1}").enter(BIG) for n in range(BURST_ROOMS)]
        try:
            await probe.starts(1)
            await asyncio.sleep(0.5)  # the probe's countdown (its `started` came before the ack)
            stop = asyncio.Event()
            probing = asyncio.create_task(probe_moves(probe, stop))
            await asyncio.sleep(0.5)
            bursts = await asyncio.gather(*(host.starts(STARTS_PER_ROOM) for host in hosts))
            await asyncio.sleep(0.5)
            stop.set()
            latencies = await probing
            assert len(latencies) >= 5
            slowest = max(latencies)
            assert slowest < STALL_BOUND, (
                f"the probe's slowest ack took {slowest * 1000:.0f} ms"
                f" (median {statistics.median(latencies) * 1000:.0f} ms)"
            )
            assert all(ack["ok"] is True for acks in bursts for ack in acks), bursts
        finally:
            for host in (probe, *hosts):
                await host.close()
