"""The Engine.IO server under MazeRace's Socket.IO server: each connection's outgoing backlog is counted,
and a connection that does not take what it is sent is hung up.

Engine.IO queues every packet for a connection without bound, and its WebSocket writer waits for the
client to read each one. A client that answers pings without reading a byte is never dropped by the
ping check, and everything its room says piles up for it (100 such spectators of a busy room grew a
server by 273 MB in 120 s). Here a connection whose backlog passes `max_backlog` bytes, or whose
backlog has not moved for `write_stall` seconds, is hung up at the next packet it would be sent.

Hanging up closes the TCP connection first and then the Engine.IO session without waiting: Engine.IO's
own disconnect queues a close packet and waits for the client to read its backlog, which such a
client never does.
"""

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import engineio
from engineio import packet


def packet_bytes(item: object) -> int:
    """About how many bytes a queued packet takes on the wire (its text; a few for control packets)."""
    data = getattr(item, "data", None)
    return len(data) + 8 if isinstance(data, str | bytes) else 64


class Backlog(asyncio.Queue[Any]):
    """A connection's outgoing packets, with their size in bytes and when the writer last took one."""

    def __init__(self) -> None:
        super().__init__()
        self.bytes = 0
        self.last_taken = time.monotonic()
        self.waiting_since = self.last_taken
        """When the queue last went from empty to not empty."""

    def _put(self, item: Any) -> None:
        if self.empty():
            self.waiting_since = time.monotonic()
        self.bytes += packet_bytes(item)
        super()._put(item)

    def _get(self) -> Any:
        item = super()._get()
        self.bytes -= packet_bytes(item)
        self.last_taken = time.monotonic()
        return item

    def stalled_for(self, now: float) -> float:
        """Seconds packets have waited with none taken (0 while the writer keeps up)."""
        if self.empty():
            return 0.0
        return now - max(self.waiting_since, self.last_taken)


class BoundedEngine(engineio.AsyncServer):
    """`engineio.AsyncServer` with a bounded backlog per connection; past it, the connection is hung up."""

    max_backlog = 1024 * 1024
    write_stall = 30.0
    requests: Callable[[str], object] = staticmethod(lambda _sid: None)
    """The aiohttp request whose TCP connection is the session's own (a WebSocket handshake's: what a
    hang-up closes), or None; set by the Socket.IO server, which keeps the handshakes."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.hung_up = 0
        """Connections hung up for not taking what they were sent (reported by /healthz)."""

    def create_queue(self, *args: Any, **kwargs: Any) -> Backlog:
        """Every connection's outgoing queue is a `Backlog` (Engine.IO makes no other queues)."""
        return Backlog()

    async def send_packet(self, sid: str, pkt: packet.Packet) -> None:
        """Send, unless the connection's backlog is over its bound: then hang it up instead."""
        socket = self.sockets.get(sid)
        if socket is not None and socket.closing:
            return  # being hung up: what it would still be sent goes nowhere
        queue = getattr(socket, "queue", None)
        if isinstance(queue, Backlog):
            over = queue.bytes + packet_bytes(pkt) > self.max_backlog
            if over or queue.stalled_for(time.monotonic()) > self.write_stall:
                self.hung_up += 1
                await self.hang_up(sid)
                return
        await super().send_packet(sid, pkt)

    async def hang_up(self, sid: str) -> None:
        """Close the session's TCP connection, then end the session at once (no close packet, no wait)."""
        socket = self.sockets.get(sid)
        if socket is None:
            return
        transport = getattr(self.requests(sid), "transport", None)
        if transport is not None:
            transport.close()
        with contextlib.suppress(Exception):
            await socket.close(wait=False, abort=True, reason=self.reason.SERVER_DISCONNECT)
        self.sockets.pop(sid, None)
