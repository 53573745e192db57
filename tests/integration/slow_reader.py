"""A spectator that reads what it is sent, but slowly: a raw WebSocket client (see `deaf_socket`) that
takes a few kilobytes off its socket now and then and answers pings blindly, as a phone on a poor link
or a busy old laptop would. The server must neither hold its backlog forever nor slow anyone else."""

import asyncio
import contextlib

from .deaf_socket import DeafSocket

READ_BYTES = 2048
READ_GAP = 0.2
"""Seconds between reads: about 10 KB a second."""
PONG_GAP = 5.0
"""Seconds between unasked pongs: well inside the server's ping timeout."""


class SlowReader:
    """A spectator of one room over a `DeafSocket` that reads `READ_BYTES` every `READ_GAP` seconds."""

    def __init__(self, socket: DeafSocket) -> None:
        self.socket = socket
        self.received = 0
        self.closed = False
        """True once the server hung up (a reader too slow for its backlog)."""
        self._task = asyncio.create_task(self._read())

    @classmethod
    async def watch(cls, url: str, code: str, name: str) -> "SlowReader":
        """Connect, join room `code` as a spectator and start reading slowly."""
        socket = await DeafSocket.open(url)
        assert await socket.emit("join", {"code": code, "name": name, "role": "spectator"})
        return cls(socket)

    async def _read(self) -> None:
        loop = asyncio.get_running_loop()
        last_pong = loop.time()
        while True:
            await asyncio.sleep(READ_GAP)
            try:
                chunk = await asyncio.wait_for(loop.sock_recv(self.socket.sock, READ_BYTES), 1.0)
            except TimeoutError:  # nothing to read right now
                chunk = None
            except OSError:
                chunk = b""
            if chunk == b"":
                self.closed = True
                return
            self.received += len(chunk or b"")
            if loop.time() - last_pong >= PONG_GAP:
                last_pong = loop.time()
                if not await self.socket.send("3"):
                    self.closed = True
                    return

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self.socket.close()
