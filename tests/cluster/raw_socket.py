"""A Socket.IO join spoken by hand over one WebSocket, so that a test controls the handshake's query
byte for byte (python-socketio's client goes through yarl, which rewrites a percent-encoded letter)."""

import json
from typing import Any

import aiohttp
from yarl import URL


async def raw_join(base: str, query: str, payload: dict[str, Any], within: float = 10.0) -> dict[str, Any]:
    """Open `base`'s Socket.IO endpoint with the raw `query` (before Engine.IO's own arguments), join
    with `payload` (each answer awaited at most `within` seconds), and return the join's ack; the
    connection is closed after it."""
    prefix = f"{query}&" if query else ""
    url = URL(f"{base.replace('http', 'ws', 1)}/socket.io/?{prefix}EIO=4&transport=websocket", encoded=True)
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        opened = await ws.receive_str(timeout=within)
        assert opened.startswith("0"), opened
        await ws.send_str("40")
        while not (await ws.receive_str(timeout=within)).startswith("40"):
            pass
        await ws.send_str("421" + json.dumps(["join", payload]))
        while True:
            message = await ws.receive_str(timeout=within)
            if message == "2":
                await ws.send_str("3")
            elif message.startswith("431"):
                return dict(json.loads(message[3:])[0])
