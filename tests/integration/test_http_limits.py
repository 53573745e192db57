"""Per-address rate limits on every HTTP route, through a real server: reads, pages and static files,
and the Socket.IO endpoint each have a bucket; a refusal is a JSON 429 with `Retry-After`, costs nothing
else, and another address is not affected."""

import aiohttp
import pytest
import socketio

from server.room.rate_limits import RateLimit

from .conftest import Harness, StartServer

SLOW = RateLimit(0.001, 4.0)
"""Four requests, then (for the length of a test) no more."""


async def status_of(harness: Harness, method: str, path: str, **kwargs: object) -> int:
    status, _, _ = await harness.request(method, path, **kwargs)
    return status


async def assert_refused(harness: Harness, path: str) -> None:
    status, body, response = await harness.request("GET", path)
    assert status == 429, (path, body)
    assert body["error"]["code"] == "rate_limited"
    assert int(response.headers["Retry-After"]) >= 1
    assert response.headers["X-Content-Type-Options"] == "nosniff"


async def from_another_address(harness: Harness, path: str) -> int:
    """The status of a GET sent from 127.0.0.2 (another client, as far as the server can tell)."""
    connector = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
    async with aiohttp.ClientSession(connector=connector) as http, http.get(harness.url + path) as response:
        return response.status


async def test_api_reads_are_limited_per_address(start_server: StartServer) -> None:
    harness = await start_server(read_limit=SLOW)
    code = await harness.create_room()  # making rooms has its own limit and is not counted here
    for path in (f"/api/rooms/{code}", "/api/rooms", "/healthz", f"/api/rooms/{code}"):
        assert await status_of(harness, "GET", path) == 200
    for path in (f"/api/rooms/{code}", "/api/rooms", "/healthz", "/api/leaderboard", "/api/nothing"):
        await assert_refused(harness, path)
    assert await status_of(harness, "GET", "/") == 200  # pages are another bucket
    assert await harness.create_room()
    assert await from_another_address(harness, f"/api/rooms/{code}") == 200


async def test_pages_and_static_files_are_limited_generously_but_limited(start_server: StartServer) -> None:
    harness = await start_server(page_limit=SLOW)
    for path in ("/", "/r/0000000000", "/static/css/app.css", "/replay/AAAAAAAAAAAAAAAA"):
        assert await status_of(harness, "GET", path) in (200, 404)
    for path in ("/", "/static/css/app.css", "/static/js/pages/room.js"):
        await assert_refused(harness, path)
    assert await status_of(harness, "GET", "/api/rooms") == 200
    assert await from_another_address(harness, "/static/css/app.css") == 200


async def test_socket_io_requests_are_limited_per_address(start_server: StartServer) -> None:
    harness = await start_server(socket_limit=RateLimit(0.001, 2.0))
    first, second = await harness.client(), await harness.client()
    refused = socketio.AsyncClient(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await refused.connect(harness.url, transports=["websocket"])
    if refused.eio.http is not None:  # the client leaves its HTTP session open after a failed connect
        await refused.eio.http.close()
    await assert_refused(harness, "/socket.io/?EIO=4&transport=polling")
    assert first.sio.connected  # the connections made stay
    assert second.sio.connected
    assert (await first.call("resync", {}))["error"]["code"] == "not_joined"
    assert await status_of(harness, "GET", "/api/rooms") == 200


async def test_the_default_limits_stop_a_flood_of_room_lookups(start_server: StartServer) -> None:
    defaults = {"read_limit": RateLimit(20.0, 100.0)}  # AppConfig's own
    harness = await start_server(**defaults)
    code = await harness.create_room()
    statuses = [await status_of(harness, "GET", f"/api/rooms/{code}") for _ in range(400)]
    assert statuses.count(429) >= 200, statuses.count(200)  # 3,804 a second got through before
    assert set(statuses) == {200, 429}
