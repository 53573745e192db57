"""A real server process (`python -m server`) on a real SQLite file (or a PostgreSQL URL), and real
Socket.IO racers for it.

`ServerProcess.start` runs the server on a free port and waits for `/healthz`; `stop` signals it and
times the exit; `ensure_stopped` (for `finally` blocks) kills what is still running. A `Racer` is a
Socket.IO client that records the room events it receives and walks at a pace the move limit allows.
"""

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, Any

import aiohttp
import socketio

from server.cluster.services import free_port
from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze

ROOT = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT = 15.0
TIMEOUT = 5.0
MOVE_GAP = 0.06
"""Seconds between moves: under the server's 20 moves a second."""


def _open_log(path: Path) -> IO[bytes]:
    return path.open("ab")


class ServerProcess:
    """One `python -m server` child process."""

    def __init__(self, process: asyncio.subprocess.Process, port: int, log: Path) -> None:
        self.process = process
        self.port = port
        self.log = log
        self.url = f"http://127.0.0.1:{port}"

    @classmethod
    async def spawn(
        cls,
        db: Path | str,
        log: Path,
        *,
        countdown: float = 0.2,
        grace: float = 30.0,
        strict: bool = False,
        env: dict[str, str] | None = None,
        options: Sequence[str] = (),
    ) -> "ServerProcess":
        """Start a server process on `db` without waiting for it (`options`: more of its command line).
        `strict` runs it as root without the power to override file permissions (Linux `setpriv`), so a
        read-only file is read-only to it."""
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"] if strict else []
        port = free_port()
        out = _open_log(log)
        try:
            process = await asyncio.create_subprocess_exec(
                *prefix, sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
                "--db", str(db), "--countdown", str(countdown), "--grace", str(grace), *options,
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
            )  # fmt: skip
        finally:
            out.close()  # the child has its own copy
        return cls(process, port, log)

    @classmethod
    async def start(
        cls,
        db: Path | str,
        log: Path,
        http: aiohttp.ClientSession,
        *,
        countdown: float = 0.2,
        grace: float = 30.0,
        strict: bool = False,
        env: dict[str, str] | None = None,
        options: Sequence[str] = (),
    ) -> "ServerProcess":
        """Start a server on `db` and wait until it answers; retries on a port taken meanwhile."""
        for _ in range(3):
            server = await cls.spawn(
                db, log, countdown=countdown, grace=grace, strict=strict, env=env, options=options
            )
            process = server.process
            try:
                if await server._healthy(http):
                    return server
            except BaseException:
                await server.ensure_stopped()
                raise
            if "address already in use" not in server.output().lower():
                raise AssertionError(f"the server exited with {process.returncode}:\n{server.output()}")
        raise AssertionError(f"no free port for the server:\n{server.output()}")

    async def _healthy(self, http: aiohttp.ClientSession) -> bool:
        """Poll /healthz; False if the process exited first."""
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.returncode is not None:
                return False
            with contextlib.suppress(aiohttp.ClientError, asyncio.TimeoutError):
                async with http.get(
                    self.url + "/healthz", timeout=aiohttp.ClientTimeout(total=1)
                ) as response:
                    if response.status == 200 and (await response.json())["ok"] is True:
                        return True
            await asyncio.sleep(0.05)
        raise AssertionError(f"the server did not come up within {STARTUP_TIMEOUT} s:\n{self.output()}")

    def output(self) -> str:
        """Everything the server process has logged so far (this file is shared by its restarts)."""
        return self.log.read_text(errors="replace")

    def send(self, number: int) -> None:
        """Send a signal now (safe to call from an event handler)."""
        if self.process.returncode is None:
            self.process.send_signal(number)

    async def stop(self, number: int = signal.SIGTERM, within: float = 10.0) -> tuple[int, float]:
        """Signal the process and wait for it to exit: its exit code and how long it took."""
        started = time.monotonic()
        self.send(number)
        code = await asyncio.wait_for(self.process.wait(), within)
        return code, time.monotonic() - started

    async def ensure_stopped(self) -> None:
        """Kill the process if it still runs, and reap it."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        await self.process.wait()


class Racer:
    """A Socket.IO client that joins a room, records its events and walks."""

    def __init__(
        self,
        url: str,
        on_event: Callable[[dict[str, Any]], None] | None = None,
        http: aiohttp.ClientSession | None = None,
    ) -> None:
        """`http`: the session to connect through (one bound to a source address, say)."""
        self.url = url
        self.sio = socketio.AsyncClient(reconnection=False, http_session=http)
        self.events: list[dict[str, Any]] = []
        self.notices: list[str] = []
        """Other server events by name (`closing`, `replaced`), in arrival order."""
        self.you: dict[str, Any] = {}
        self._on_event = on_event
        self.sio.on("event", self._event)
        self.sio.on("events", self._batch)
        self.sio.on("*", self._other)

    async def _event(self, envelope: dict[str, Any]) -> None:
        self.events.append(envelope)
        if self._on_event is not None:
            self._on_event(envelope)

    async def _batch(self, envelopes: list[dict[str, Any]]) -> None:
        for envelope in envelopes:
            await self._event(envelope)

    async def _other(self, name: str, *args: Any) -> None:
        self.notices.append(name)

    async def connect(self) -> "Racer":
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=TIMEOUT)
        return self

    async def ok(self, event: str, data: Any = None) -> dict[str, Any]:
        """A command that must succeed; its ack."""
        ack = await self.sio.call(event, data if data is not None else {}, timeout=TIMEOUT)
        assert ack["ok"] is True, (event, data, ack)
        return dict(ack)

    async def join(self, code: str, name: str, token: str | None = None) -> dict[str, Any]:
        """Join as a player (with a token: come back as that player); the ack."""
        payload: dict[str, Any] = {"code": code, "name": name}
        if token is not None:
            payload["token"] = token
        ack = await self.ok("join", payload)
        self.you = ack["you"]
        return ack

    async def wait_for(self, kind: str, within: float = TIMEOUT) -> dict[str, Any]:
        """The first received event of type `kind`, waiting for it if need be."""
        deadline = time.monotonic() + within
        while True:
            for envelope in self.events:
                if envelope["t"] == kind:
                    return envelope
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"no {kind!r} event within {within} s; saw {[e['t'] for e in self.events]}"
                )
            await asyncio.sleep(0.01)

    async def walk(self, rooms: Iterable[Cell]) -> list[dict[str, Any]]:
        """Step into `rooms` one by one at an allowed pace; the move acks."""
        acks = []
        for i, cell in enumerate(rooms):
            if i:
                await asyncio.sleep(MOVE_GAP)
            acks.append(await self.ok("move", {"to": list(cell)}))
        return acks

    async def close(self) -> None:
        """Disconnect (if still connected) and stop the client's tasks."""
        if self.sio.connected:
            await self.sio.disconnect()
        await self.sio.shutdown()


async def get_json(http: aiohttp.ClientSession, url: str) -> tuple[int, Any]:
    """Status and JSON body of a GET."""
    async with http.get(url) as response:
        return response.status, await response.json()


async def post_json(http: aiohttp.ClientSession, url: str, body: Any) -> tuple[int, Any]:
    """Status and JSON body of a POST with a JSON body."""
    async with http.post(url, json=body) as response:
        return response.status, await response.json()


async def started_race(host: Racer, *others: Racer) -> tuple[Maze, str, dict[str, Any]]:
    """Everyone else readies, the host starts; the maze, the race id and the `started` data."""
    for other in others:
        await other.ok("ready", {"ready": True})
    await host.ok("start")
    started = (await host.wait_for("started"))["d"]
    for other in others:
        await other.wait_for("started")
    return decode_maze(started["maze"]), str(started["race"]), started
