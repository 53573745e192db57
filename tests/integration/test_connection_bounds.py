"""What one client address can hold of the server's connections, through the real server: a bounded
number of Socket.IO connections, none idle for long without joining a room, no connection whose
unread output piles up, and no HTTP request waiting forever for a body that never comes."""

import asyncio
import time

import aiohttp
import pytest
import socketio

from .conftest import Harness, StartServer
from .deaf_socket import DeafSocket
from .raw_http import request_bytes, send_raw


async def health(harness: Harness) -> dict[str, object]:
    status, body, _ = await harness.request("GET", "/healthz")
    assert status == 200, body
    return dict(body)


async def eventually(check: object, within: float) -> bool:
    """Whether the coroutine function `check` returns true within `within` seconds (polled)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if await check():  # type: ignore[operator]
            return True
        await asyncio.sleep(0.1)
    return False


async def connect_from(url: str, local: str) -> socketio.AsyncClient:
    """A Socket.IO client connected from the loopback address `local`."""
    client = socketio.AsyncClient(reconnection=False, http_session=aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(local_addr=(local, 0))
    ))  # fmt: skip
    await client.connect(url, transports=["websocket"], wait_timeout=5)
    return client


async def test_one_address_holds_a_bounded_number_of_connections(start_server: StartServer) -> None:
    harness = await start_server(connections_per_address=5)
    for _ in range(5):
        await harness.client()
    refused = socketio.AsyncClient(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await refused.connect(harness.url, transports=["websocket"], wait_timeout=5)
    if refused.eio.http is not None:
        await refused.eio.http.close()
    status, body, _ = await harness.request("GET", "/socket.io/?EIO=4&transport=polling")
    assert (status, body["code"]) == (401, "too_many_connections"), body
    other = await connect_from(harness.url, "127.0.0.2")  # another address is not affected
    try:
        assert other.connected
        assert (await health(harness))["connections"] == 6
        await harness.clients[0].sio.disconnect()  # a place freed is a place to take
        assert await eventually(lambda: _connects(harness), 5.0)
    finally:
        await other.disconnect()
        await other.eio.http.close()


async def _connects(harness: Harness) -> bool:
    try:
        await harness.client()
    except socketio.exceptions.ConnectionError:
        return False
    return True


async def test_a_connection_that_never_joins_is_hung_up(start_server: StartServer) -> None:
    harness = await start_server(join_within=0.5)
    code = await harness.create_room()
    idle, player = await harness.client(), await harness.client()
    await player.join(code, "Ann")
    assert await eventually(lambda: _disconnected(idle.sio), 10.0), "the idle connection stayed"
    await asyncio.sleep(1.0)
    assert player.sio.connected  # a member is never dropped for it
    await player.ok("ready", {"ready": True})
    assert (await health(harness))["hung_up"] == 1


async def _disconnected(client: socketio.AsyncClient) -> bool:
    return not client.connected


async def test_a_connection_that_does_not_read_is_hung_up(start_server: StartServer) -> None:
    harness = await start_server(max_backlog=256 * 1024)
    code = await harness.create_room(preset="custom", rows=100, cols=100)
    reader = await harness.client()
    await reader.join(code, "Watcher", role="spectator")
    deaf = await DeafSocket.open(harness.url)
    try:
        assert await deaf.emit("join", {"code": code, "name": "Deaf", "role": "spectator"})
        deadline = time.monotonic() + 20.0
        while time.monotonic() < deadline and await deaf.emit("resync", {}):
            for _ in range(9):
                await deaf.emit("resync", {})
            await deaf.send("3")  # pongs, unasked: the ping check never sees it gone
            if (await health(harness))["hung_up"]:
                break
        assert (await health(harness))["hung_up"] == 1, "a client that does not read kept its backlog"
        assert await eventually(lambda: _connections_are(harness, 1), 10.0)
        assert reader.sio.connected
        assert (await reader.resync())["code"] == code  # the room and its readers are not affected
    finally:
        deaf.close()


async def _connections_are(harness: Harness, count: int) -> bool:
    return (await health(harness))["connections"] == count


@pytest.mark.parametrize("path", ["/api/rooms", "/socket.io/?EIO=4&transport=polling&sid=x"])
async def test_a_body_that_never_comes_is_timed_out(start_server: StartServer, path: str) -> None:
    harness = await start_server(body_timeout=0.5)
    head = request_bytes("POST", path, {"Content-Type": "application/json", "Content-Length": "100"})
    started = time.monotonic()
    answer = await send_raw(harness.url, head + b'{"preset":')  # and the other 90 bytes never come
    assert answer.status == 408, answer
    assert b"body_timeout" in answer.body
    assert time.monotonic() - started < 8.0
