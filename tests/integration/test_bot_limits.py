"""Regression tests: bots are capped per room, per client address and per server, each refusal a
`bot_limit` error; a bot that goes gives its place back."""

import contextlib
from collections.abc import AsyncIterator

import aiohttp
import socketio

from server.config import AppConfig

from .conftest import TIMEOUT, Client, Harness, StartServer

BOT = {"kind": "dfs", "speed": 5}
MAX_BOTS_PER_ROOM = AppConfig().max_bots_per_room


@contextlib.asynccontextmanager
async def client_from(harness: Harness, address: str) -> AsyncIterator[Client]:
    """A Socket.IO client whose connection comes from `address` (another client to the server)."""
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))
    client = Client()
    client.sio = socketio.AsyncClient(reconnection=False, http_session=http)
    client.sio.on("event", client._on_event)
    try:
        await client.sio.connect(harness.url, transports=["websocket"], wait_timeout=TIMEOUT)
        yield client
    finally:
        await client.sio.disconnect()
        await http.close()


async def _host(harness: Harness, client: Client) -> str:
    code = await harness.create_room(max_players=16)
    await client.join(code, "Host")
    return code


async def test_a_room_takes_at_most_its_bots(arena: Harness) -> None:
    host = await arena.client()
    await _host(arena, host)
    for _ in range(MAX_BOTS_PER_ROOM):
        await host.ok("add_bot", BOT)
    assert await host.refused("add_bot", BOT) == "bot_limit"
    assert len([p for p in (await host.resync())["players"] if "bot" in p]) == MAX_BOTS_PER_ROOM


async def test_bots_are_capped_per_address_and_per_server(start_server: StartServer) -> None:
    harness = await start_server(max_bots_per_address=3, max_bots=5)
    async with (
        client_from(harness, "127.0.0.2") as first,
        client_from(harness, "127.0.0.2") as second,
        client_from(harness, "127.0.0.3") as other,
    ):
        await _host(harness, first)
        await _host(harness, second)
        for _ in range(2):
            await first.ok("add_bot", BOT)
        await second.ok("add_bot", BOT)
        assert await second.refused("add_bot", BOT) == "bot_limit"  # 3 from 127.0.0.2, in two rooms
        await _host(harness, other)
        for _ in range(2):
            await other.ok("add_bot", BOT)  # another address: its own bots, up to the server's 5
        assert await other.refused("add_bot", BOT) == "bot_limit"
        bot = next(p["id"] for p in (await first.resync())["players"] if "bot" in p)
        await first.ok("remove_bot", {"id": bot})  # a bot that goes gives its place back
        await other.ok("add_bot", BOT)
