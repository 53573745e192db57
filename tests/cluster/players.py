"""A python-socketio player for cluster tests: reconnects on its own and rejoins with its token.

It connects with the room code in the handshake query (so nginx routes it by room), keeps every
event it receives per connection (to check versions are contiguous from each join's snapshot), and
retries a command that met a fail-over (`server_unavailable`, `not_joined`, a lost connection) once
it has joined again. `acked` lists the moves the server acknowledged, with the move count each ack
reported, so a test can check none was lost.
"""

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import socketio

TIMEOUT = 10.0
RETRYABLE = ("server_unavailable", "server_unsure", "not_joined", "server_closing")


@dataclass
class Session:
    """One join: the snapshot's version and the events after it."""

    version: int
    events: list[dict[str, Any]] = field(default_factory=list)

    def gaps(self) -> list[tuple[int, int]]:
        """Pairs (expected, got) where an event skipped versions. Events at or below the version
        already seen are stale (the snapshot had them) and dropped, as the protocol says."""
        found, last = [], self.version
        for event in self.events:
            if event["v"] <= last:
                continue
            if event["v"] != last + 1:
                found.append((last + 1, event["v"]))
            last = event["v"]
        return found


class ClusterPlayer:
    """A player (or a spectator) of one room, through the cluster's nginx."""

    def __init__(
        self, base: str, code: str, name: str, role: str = "player", http: aiohttp.ClientSession | None = None
    ) -> None:
        """`http`: a session of the caller's for every request (the benchmark binds each player's to an
        address of its own, so per-address limits see one person); None lets the client make its own."""
        self.base, self.code, self.name, self.role = base, code, name, role
        extra: dict[str, Any] = {} if http is None else {"http_session": http}
        self.sio = socketio.AsyncClient(
            reconnection=True,
            reconnection_delay=0.25,
            reconnection_delay_max=1.0,
            randomization_factor=0.5,
            **extra,
        )
        self.token: str | None = None
        self.you: dict[str, Any] = {}
        self.snapshot: dict[str, Any] = {}
        self.sessions: list[Session] = []
        self.acked: list[tuple[list[int], int]] = []
        """Each acknowledged move: the cell it reached and the move count the ack reported."""
        self.joined = asyncio.Event()
        self.rejoins: list[float] = []
        """Monotonic moments each rejoin after a lost connection succeeded."""
        self.lost_at: float | None = None
        self._lost = asyncio.Event()
        """Set when the connection drops, cleared when it is made again: a call in flight ends then."""
        self.notices: list[str] = []
        self.sio.on("connect", self._connected)
        self.sio.on("disconnect", self._disconnected)
        self.sio.on("event", self._event)
        self.sio.on("events", self._events)
        self.sio.on("*", self._other)
        self._tasks: set[asyncio.Task[None]] = set()

    async def _connected(self) -> None:
        self._lost.clear()
        if self.you:  # a reconnection: join again as who we were (from a task: calls wait on acks)
            task = asyncio.create_task(self._rejoin())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _disconnected(self, *reason: Any) -> None:
        self._lost.set()
        self.joined.clear()
        if self.lost_at is None:
            self.lost_at = time.monotonic()

    async def _event(self, envelope: dict[str, Any]) -> None:
        if self.sessions:
            self.sessions[-1].events.append(envelope)

    async def _events(self, envelopes: list[dict[str, Any]]) -> None:
        for envelope in envelopes:
            await self._event(envelope)

    async def _other(self, name: str, *args: Any) -> None:
        self.notices.append(name)

    async def connect(self) -> "ClusterPlayer":
        url = f"{self.base}?room={self.code}"
        await self.sio.connect(url, transports=["websocket"], wait_timeout=TIMEOUT)
        return self

    async def join(self) -> dict[str, Any]:
        payload: dict[str, Any] = {"code": self.code, "name": self.name, "role": self.role}
        if self.token is not None:
            payload["token"] = self.token
        ack = await self.sio.call("join", payload, timeout=TIMEOUT)
        if not ack.get("ok"):
            return dict(ack)
        self.you = ack["you"]
        self.token = self.you.get("token", self.token)
        self.snapshot = ack["snapshot"]
        self.sessions.append(Session(self.snapshot["version"]))
        self.joined.set()
        return dict(ack)

    async def _rejoin(self) -> None:
        for _ in range(50):
            try:
                ack = await self.join()
            except Exception:
                ack = {"ok": False}
            if ack.get("ok"):
                self.rejoins.append(time.monotonic())
                self.lost_at = None
                return
            await asyncio.sleep(0.2)

    async def command(self, event: str, data: Any = None, within: float = 20.0) -> dict[str, Any]:
        """Send a command until it is answered other than by a fail-over; the final ack."""
        deadline = time.monotonic() + within
        while True:
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: {event} got no answer within {within} s")
            if not self.joined.is_set():
                try:
                    await asyncio.wait_for(self.joined.wait(), max(0.1, deadline - time.monotonic()))
                except TimeoutError:
                    continue
            try:
                ack = await self.call_once(event, data if data is not None else {})
            except (socketio.exceptions.TimeoutError, socketio.exceptions.BadNamespaceError):
                await asyncio.sleep(0.05)
                continue
            if not ack.get("ok") and ack["error"]["code"] in RETRYABLE:
                await asyncio.sleep(0.05)
                continue
            return dict(ack)

    async def call_once(self, event: str, data: Any) -> Any:
        """`sio.call`, ended (`TimeoutError`) as soon as the connection drops, as the browser's client
        ends an ack it waits for with a timeout; python-socketio's call would wait the timeout out."""
        call = asyncio.ensure_future(self.sio.call(event, data, timeout=3.0))
        lost = asyncio.ensure_future(self._lost.wait())
        try:
            await asyncio.wait({call, lost}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            lost.cancel()
        if not call.done():
            call.cancel()
            raise socketio.exceptions.TimeoutError()
        return call.result()

    async def move_to(self, cell: list[int]) -> dict[str, Any]:
        """One step; an ack that fails because the step already landed (its ack lost) counts as done."""
        ack = await self.command("move", {"to": cell})
        if ack.get("ok"):
            self.acked.append((cell, ack["moves"]))
        return ack

    def gaps(self) -> list[tuple[int, int]]:
        return [gap for session in self.sessions for gap in session.gaps()]

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.sio.connected:
            await self.sio.disconnect()
        await self.sio.shutdown()
