"""A Socket.IO client over a bare TCP socket that sends but never reads, as a hostile client would: it
speaks just enough WebSocket (the upgrade, masked text frames) to join a room and ask for snapshots,
and answers pings blindly, so the server's ping check never catches it."""

import asyncio
import base64
import json
import os
import socket
import struct
from typing import Any

from yarl import URL

RECEIVE_BUFFER = 4096
"""The socket's receive buffer: small, so what the server sends backs up on its side at once."""


def text_frame(text: str) -> bytes:
    """One masked WebSocket text frame (every client frame is masked)."""
    payload = text.encode()
    mask = os.urandom(4)
    if len(payload) < 126:
        head = struct.pack("!BB", 0x81, 0x80 | len(payload))
    else:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, len(payload))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class DeafSocket:
    """A WebSocket connection to `/socket.io/` that reads its upgrade answer and nothing after."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._acks = 0

    @classmethod
    async def open(cls, url: str, source: str | None = None) -> "DeafSocket":
        """Connect (from the loopback address `source`, if given) and join the default namespace."""
        address = URL(url)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
        if source is not None:
            sock.bind((source, 0))
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(sock, (address.host, address.port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n"
            f"Host: {address.host}:{address.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        await loop.sock_sendall(sock, request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 1), 5.0)
            assert chunk, "the server closed the connection during the upgrade"
            head += chunk
        assert head.startswith(b"HTTP/1.1 101"), head
        deaf = cls(sock)
        await deaf.send("40")
        return deaf

    async def send(self, text: str) -> bool:
        """Send one Engine.IO packet; False once the server has hung up."""
        try:
            await asyncio.wait_for(asyncio.get_running_loop().sock_sendall(self.sock, text_frame(text)), 5.0)
        except (OSError, TimeoutError):
            return False
        return True

    async def emit(self, event: str, data: Any) -> bool:
        """A Socket.IO event with an ack id (whose answer this client never reads)."""
        self._acks += 1
        return await self.send(f"42{self._acks}" + json.dumps([event, data]))

    def close(self) -> None:
        self.sock.close()
