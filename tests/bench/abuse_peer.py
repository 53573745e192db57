"""The Socket.IO client of the room benchmarks (abuse_rooms.py, abuse_unwatched.py): a `Peer` connects
from one local address, makes rooms over HTTP, calls commands and keeps the events it is sent.

Its own module because both the rooms left to their bots and the races nobody watches are played
through it.
"""

import asyncio
import contextlib
import time
from typing import Any

import aiohttp
import socketio

ACK_TIMEOUT = 5.0


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
