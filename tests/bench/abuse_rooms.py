"""Rooms left to their bots, races nobody watches, a number too big for a float, bots across a restart:
measured the way the hardening issue reported them, against real servers, and printed.

- A room whose last person leaves: who hosts it then, what a newcomer may do, whether it closes after
  the idle timeout and gives its place under `max_rooms` back (an in-process server with a 2 s idle
  timeout and room for one room).
- 20 rooms x 15 bots at 20 moves/s set up from 2 addresses, then everyone gone: the bots the server
  took, its CPU and the ack p99 of a probe racer (10 moves/s, a room of its own), before the attack,
  with the hosts connected and after they left (a real server process).
- `braid` = 10^400 in the settings, over HTTP and the socket.
- A racing bot across a restart (SIGTERM, a real server process on SQLite) and a grace period.

Every load loop is bounded in time; nothing here asserts.
"""

import asyncio
import contextlib
import os
import socket
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import socketio
from aiohttp import web

from server.app.factory import create_app
from server.config import AppConfig
from server.maze.model import Cell
from server.maze.wire import decode_maze
from tests.bench.timing import print_table
from tests.store.live import ServerProcess

ATTACK_ROOMS, ATTACK_BOTS = 20, 15
ADDRESSES = ("127.0.0.2", "127.0.0.3")
BOT = {"kind": "dfs", "speed": 20}
BIG = {"preset": "hard", "max_players": 16}
"""100 x 100: no bot gets out while it is measured."""
HUGE = "1" + "0" * 400
ACK_TIMEOUT = 5.0


def cpu_seconds(pid: int) -> float:
    """User and system CPU a process has used so far, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    """The `share` quantile of `values` (0 when there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Peer:
    """A Socket.IO client (and an HTTP session) from one local address."""

    def __init__(self, url: str, address: str = "127.0.0.1") -> None:
        self.url = url
        self.http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0), limit=0))
        self.sio = socketio.AsyncClient(reconnection=False, http_session=self.http)
        self.events: list[dict[str, Any]] = []
        self.sio.on("event", self._event)
        self.sio.on("events", self._batch)

    async def _event(self, envelope: dict[str, Any]) -> None:
        self.events.append(envelope)

    async def _batch(self, envelopes: list[dict[str, Any]]) -> None:
        self.events.extend(envelopes)

    async def connect(self) -> "Peer":
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=ACK_TIMEOUT)
        return self

    async def call(self, event: str, data: Any = None) -> dict[str, Any]:
        """The ack of a command (an error ack included); a timeout reads as an error ack."""
        try:
            return dict(await self.sio.call(event, data or {}, timeout=ACK_TIMEOUT))
        except TimeoutError:
            return {"ok": False, "error": {"code": "timeout"}}

    async def make_room(self, settings: dict[str, Any]) -> str | None:
        async with self.http.post(self.url + "/api/rooms", json=settings) as response:
            body = await response.json()
            return str(body["code"]) if response.status == 201 else None

    async def wait_for(self, kind: str, within: float = ACK_TIMEOUT) -> dict[str, Any] | None:
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            for envelope in self.events:
                if envelope["t"] == kind:
                    return envelope
            await asyncio.sleep(0.01)
        return None

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.sio.disconnect()
        with contextlib.suppress(Exception):
            await self.sio.shutdown()
        await self.http.close()


def _code(ack: dict[str, Any]) -> str:
    return "ok" if ack.get("ok") else str(ack.get("error", {}).get("code"))


@contextlib.asynccontextmanager
async def in_process(config: AppConfig) -> AsyncIterator[str]:
    """The app on a free local port, in this process; its URL."""
    runner = web.AppRunner(create_app(config))
    await runner.setup()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


# ----- a room nobody can close -----------------------------------------------------------------------


async def unattended_room(url: str, idle_timeout: float) -> list[tuple[str, object]]:
    """The last person leaves a room with a bot; a newcomer comes and goes; is the room closed after
    the idle timeout, and is its place under `max_rooms` (1 here) free again?"""
    host, newcomer = await Peer(url).connect(), await Peer(url).connect()
    try:
        code = await host.make_room({})
        await host.call("join", {"code": code, "name": "Host"})
        bot = (await host.call("add_bot", {"kind": "dfs", "speed": 5})).get("id")
        await host.call("leave")
        joined = await newcomer.call("join", {"code": code, "name": "Newcomer"})
        holder = joined.get("snapshot", {}).get("host")
        who = "the bot" if holder == bot else "the newcomer" if holder == joined["you"]["id"] else holder
        settings = await newcomer.call("settings", {"preset": "medium"})
        await newcomer.call("leave")
        await asyncio.sleep(idle_timeout + 1.5)
        async with host.http.get(f"{url}/api/rooms/{code}") as response:
            still_open = response.status == 200
        made = await host.make_room({})
        return [
            ("after the last person left, a newcomer finds the host role held by", who),
            ("the newcomer's settings change", _code(settings)),
            (f"the room {idle_timeout + 1.5:.1f} s after everyone left (idle timeout {idle_timeout:g} s)",
             "still open" if still_open else "closed"),
            ("a new room on a server with room for one", "made" if made else "server_full"),
        ]  # fmt: skip
    finally:
        await host.close()
        await newcomer.close()


async def huge_braid(url: str) -> list[tuple[str, object]]:
    """`braid` = 10^400 over HTTP and over the socket."""
    peer = await Peer(url).connect()
    try:
        body = f'{{"braid": {HUGE}}}'
        headers = {"Content-Type": "application/json"}
        async with peer.http.post(url + "/api/rooms", data=body, headers=headers) as response:
            status, answer = response.status, await response.json()
        code = await peer.make_room({})
        await peer.call("join", {"code": code, "name": "Host"})
        ack = await peer.call("settings", {"braid": 10**400})
        return [
            ("POST /api/rooms with braid = 10^400", f"HTTP {status} {answer['error']['code']}"),
            ("socket settings with braid = 10^400", _code(ack)),
        ]
    finally:
        await peer.close()


# ----- races nobody watches --------------------------------------------------------------------------


class Probe:
    """A racer alone in a room, stepping back and forth at 10 moves/s and timing every ack."""

    def __init__(self, url: str) -> None:
        self.peer = Peer(url)
        self.acks: list[float] = []
        self.cells: tuple[Cell, Cell] = ((0, 0), (0, 0))
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.peer.connect()
        code = await self.peer.make_room({"preset": "easy"})
        await self.peer.call("join", {"code": code, "name": "Probe"})
        await self.peer.call("start")
        started = await self.peer.wait_for("started")
        if started is None:
            raise RuntimeError("the probe's race did not start")
        maze = decode_maze(started["d"]["maze"])
        self.cells = (maze.entrance, maze.cell(maze.neighbours(maze.index(maze.entrance))[0]))
        self._task = asyncio.create_task(self._walk())

    async def _walk(self) -> None:
        step = 0
        while True:
            step += 1
            sent = time.perf_counter()
            await self.peer.call("move", {"to": list(self.cells[step % 2])})
            self.acks.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(max(0.0, 0.1 - (time.perf_counter() - sent)))

    def window(self) -> None:
        """Forget the acks so far: the next figures are of what follows."""
        self.acks = []

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.peer.close()


async def measure_window(pid: int, probe: Probe, seconds: float) -> tuple[float, float]:
    """The server's CPU (% of one core) and the probe's ack p99 (ms) over `seconds`."""
    probe.window()
    cpu, began = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(seconds)
    used = (cpu_seconds(pid) - cpu) / (time.monotonic() - began) * 100
    return used, percentile(probe.acks, 0.99)


async def bot_room(url: str, address: str, budget: float) -> tuple[Peer, int]:
    """One attacker's room: made and joined from `address`, filled with bots, started; the host and
    the bots the server took."""
    host = await Peer(url, address).connect()
    code = await host.make_room(BIG)
    if code is None:
        return host, 0
    await host.call("join", {"code": code, "name": "Host"})
    added, deadline = 0, time.monotonic() + budget
    while added < ATTACK_BOTS and time.monotonic() < deadline:
        ack = await host.call("add_bot", BOT)
        if ack.get("ok"):
            added += 1
        elif ack["error"]["code"] == "rate_limited":
            await asyncio.sleep(0.25)
        else:
            break  # refused for good (the caps)
    while time.monotonic() < deadline + 5.0:
        ack = await host.call("start")
        if ack.get("ok") or ack["error"]["code"] != "rate_limited":
            break
        await asyncio.sleep(0.25)
    return host, added


async def bots_alone(quick: bool) -> list[tuple[str, object]]:
    """20 rooms x 15 bots at 20 moves/s from 2 addresses, then everyone gone."""
    window = 5.0 if quick else 10.0
    with tempfile.TemporaryDirectory() as folder:
        async with aiohttp.ClientSession() as http:
            server = await ServerProcess.start(Path(folder) / "bench.db", Path(folder) / "server.log", http)
            pid = server.process.pid
            probe = Probe(server.url)
            hosts: list[Peer] = []
            try:
                await probe.start()
                await asyncio.sleep(1.0)
                idle_cpu, idle_p99 = await measure_window(pid, probe, window)
                began = time.monotonic()
                owners = [address for address in ADDRESSES for _ in range(ATTACK_ROOMS // len(ADDRESSES))]
                made = await asyncio.gather(*(bot_room(server.url, owner, 30.0) for owner in owners))
                setup = time.monotonic() - began
                hosts = [host for host, _ in made]
                bots = sum(added for _, added in made)
                await asyncio.sleep(1.0)
                held_cpu, held_p99 = await measure_window(pid, probe, window)
                for host in hosts:
                    await host.close()  # every tab closes
                await asyncio.sleep(1.0)
                gone_cpu, gone_p99 = await measure_window(pid, probe, window)
            finally:
                await probe.stop()
                for host in hosts:
                    await host.close()
                await server.ensure_stopped()
    asked = ATTACK_ROOMS * ATTACK_BOTS
    return [
        (f"bots taken of {asked} asked ({ATTACK_ROOMS} rooms from 2 addresses, set up in {setup:.0f} s)",
         f"{bots}"),
        ("server CPU: probe alone -> hosts connected -> everyone gone",
         f"{idle_cpu:.0f} % -> {held_cpu:.0f} % -> {gone_cpu:.0f} %"),
        ("probe ack p99: probe alone -> hosts connected -> everyone gone",
         f"{idle_p99:.1f} -> {held_p99:.1f} -> {gone_p99:.1f} ms"),
    ]  # fmt: skip


# ----- bots across a restart -------------------------------------------------------------------------


async def restart_with_bot() -> list[tuple[str, object]]:
    """A racing bot, a SIGTERM, a restart, the host back, and a 2 s grace period waited out."""
    grace = 2.0
    with tempfile.TemporaryDirectory() as folder:
        db, log = Path(folder) / "bench.db", Path(folder) / "server.log"
        async with aiohttp.ClientSession() as http:
            first = await ServerProcess.start(db, log, http, grace=grace)
            host = await Peer(first.url).connect()
            try:
                code = await host.make_room(BIG)
                token = (await host.call("join", {"code": code, "name": "Host"}))["you"]["token"]
                bot = (await host.call("add_bot", {"kind": "dfs", "speed": 10}))["id"]
                await host.call("start")
                await host.wait_for("moved")
            finally:
                await host.close()
                await first.stop()
            second = await ServerProcess.start(db, log, http, grace=grace)
            back = await Peer(second.url).connect()
            try:
                joined = await back.call("join", {"code": code, "name": "Host", "token": token})
                entry = next(p for p in joined["snapshot"]["players"] if p["id"] == bot)
                await asyncio.sleep(grace + 1.0)
                later = next(p for p in (await back.call("resync"))["snapshot"]["players"] if p["id"] == bot)
            finally:
                await back.close()
                await second.ensure_stopped()

    def state(player: dict[str, Any]) -> str:
        if player["left"]:
            return "left (DNF)"
        return f"{'connected' if player['connected'] else 'away'}, {player['moves']} moves"

    return [
        ("a racing bot just after a restart", state(entry)),
        (f"the same bot {grace + 1:.0f} s later (grace period {grace:g} s)", state(later)),
    ]


async def main(quick: bool) -> None:
    """Every measurement of this module, printed as one table."""
    idle_timeout = 2.0
    config = replace(AppConfig(), idle_timeout=idle_timeout, max_rooms=1)
    async with in_process(config) as url:
        rows = await unattended_room(url, idle_timeout)
    async with in_process(AppConfig()) as url:
        rows += await huge_braid(url)
    rows += await asyncio.wait_for(bots_alone(quick), 180.0)
    rows += await asyncio.wait_for(restart_with_bot(), 60.0)
    print_table(
        "Rooms left to their bots, races nobody watches, huge numbers, bots across a restart",
        ["measured", "figure"],
        rows,
        note="The probe races alone in its own room at 10 moves/s; CPU is the server process's, in % of"
        " one core; 'everyone gone' is after every host's connection closed.",
    )


def run(quick: bool = False) -> None:
    """Measure and print the table."""
    asyncio.run(main(quick))


if __name__ == "__main__":
    import sys

    run("--quick" in sys.argv)
