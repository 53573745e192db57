"""What one client address can hold of the server's connections, through the real server: a bounded
number of Socket.IO connections, none idle for long without joining a room, no connection whose
unread output piles up, and no HTTP request waiting forever for a body that never comes."""

import asyncio
import json
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


async def test_a_session_outside_the_game_namespace_is_hung_up(start_server: StartServer) -> None:
    """Engine.IO sessions that never connect to `/` (polling with no `40`, a namespace the server has
    not) or that leave it are hung up like connections that join no room; a member is not, nor the
    WebSocket that came next on the keep-alive connection of a polling session's handshake."""
    harness = await start_server(join_within=0.5)
    code = await harness.create_room()
    player = await harness.client()
    await player.join(code, "Ann")
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=1)) as one_connection:
        url = harness.url + "/socket.io/?EIO=4&transport=polling"
        async with one_connection.get(url) as response:
            polling_sid = json.loads((await response.text())[1:])["sid"]
        watcher = await _engine_socket(one_connection, harness.url, "40")  # the same TCP connection
        await watcher.receive_str(timeout=5)  # connected to `/`
        await watcher.send_str(
            "421" + json.dumps(["join", {"code": code, "name": "Bo", "role": "spectator"}])
        )
        sockets = [
            await _engine_socket(harness.http, harness.url, first) for first in (None, "40/elsewhere,", "40")
        ]
        await sockets[2].send_str("41")  # in, then out of `/`, keeping the Engine.IO session
        assert (await health(harness))["sessions"] == 6
        for ws in sockets:
            assert await _closed_within(ws, 10.0), f"an Engine.IO session stayed open ({ws})"
        async with harness.http.get(f"{url}&sid={polling_sid}") as response:
            assert response.status == 400  # the polling session is gone
        assert await eventually(lambda: _sessions_are(harness, 2), 5.0)
        assert not watcher.closed, "hanging up a polling session closed another session's connection"
        await watcher.close()
    assert player.sio.connected
    await player.ok("ready", {"ready": True})
    final = await health(harness)
    assert final["hung_up"] == 4, final


async def _engine_socket(
    http: aiohttp.ClientSession, url: str, first: str | None
) -> aiohttp.ClientWebSocketResponse:
    """A WebSocket Engine.IO session, after its open packet, that has sent `first` (if any)."""
    ws = await http.ws_connect(url + "/socket.io/?EIO=4&transport=websocket")
    opened = await ws.receive_str(timeout=5)
    assert opened.startswith("0"), opened
    if first is not None:
        await ws.send_str(first)
    return ws


async def _closed_within(ws: aiohttp.ClientWebSocketResponse, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            message = await ws.receive(timeout=deadline - time.monotonic())
        except TimeoutError:
            return False
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            return True
    return False


async def _sessions_are(harness: Harness, count: int) -> bool:
    return (await health(harness))["sessions"] == count


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
