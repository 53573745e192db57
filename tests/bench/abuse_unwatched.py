"""Races nobody watches: 20 rooms x 15 bots at 20 moves/s set up from 2 addresses, then everyone gone.
The bots the server took, its CPU and the ack p99 of a probe racer (10 moves/s, a room of its own),
before the attack, with the hosts connected and after they left (a real server process).

Its own module because the attack, the probe and the server's CPU readings are a measurement apart
from the other rows of the rooms table (abuse_rooms.py), which prints them.
"""

import asyncio
import contextlib
import os
import tempfile
import time
from pathlib import Path

import aiohttp

from server.maze.model import Cell
from server.maze.wire import decode_maze
from tests.bench.abuse_peer import Peer
from tests.store.live import ServerProcess

ATTACK_ROOMS, ATTACK_BOTS = 20, 15
ADDRESSES = ("127.0.0.2", "127.0.0.3")
BOT = {"kind": "dfs", "speed": 20}
BIG = {"preset": "hard", "max_players": 16}
"""100 x 100: no bot gets out while it is measured."""


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
