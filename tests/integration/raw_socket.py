"""A bare Engine.IO v4 websocket client that sends whatever frames a test likes, as an attacker would.

python-socketio's client only sends well-formed packets; this one speaks just enough of the protocol
(the open packet, the Socket.IO connect) to reach the server's packet decoder with anything.
"""

import contextlib
import time

import aiohttp

TIMEOUT = 5.0


class RawSocket:
    """One websocket connection to `/socket.io/`, connected to the default namespace."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, http: aiohttp.ClientSession, url: str) -> "RawSocket":
        """Connect and join the default namespace (`40`), as the real client does."""
        ws = await http.ws_connect(f"{url.rstrip('/')}/socket.io/?EIO=4&transport=websocket")
        raw = cls(ws)
        opened = await raw.receive_text()
        assert opened.startswith("0{"), opened
        await ws.send_str("40")
        connected = await raw.receive_text()
        assert connected.startswith("40"), connected
        return raw

    async def receive_text(self) -> str:
        """The next text frame (pings answered on the way)."""
        while True:
            message = await self.ws.receive(timeout=TIMEOUT)
            if message.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"expected a text frame, got {message.type}")
            if message.data == "2":
                await self.ws.send_str("3")
                continue
            return str(message.data)

    async def send_text(self, text: str) -> bool:
        """Send a text frame; False if the connection is already closed."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.send_str(text)
            return True
        return False

    async def send_bytes(self, data: bytes) -> bool:
        """Send a binary frame; False if the connection is already closed."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.send_bytes(data)
            return True
        return False

    async def closed_by_server(self, within: float = TIMEOUT) -> bool:
        """Whether the server closes the connection within `within` seconds (frames before are read)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            try:
                message = await self.ws.receive(timeout=max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                return False
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                return True
            if message.type == aiohttp.WSMsgType.TEXT and message.data == "2":
                await self.send_text("3")
        return False

    async def close(self) -> None:
        """Close from this side, if still open."""
        await self.ws.close()
