"""Each process says who it is (`GET /healthz`, the `X-MazeRace-Node` header on every answer but the web
client's files) and takes a client's address from `X-Real-IP` only when the connection comes from a
trusted proxy."""

import argparse
import os
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from server.app.factory import create_app
from server.config import AppConfig
from server.http.client_address import parse_proxy_address
from server.http.healthz import NODE_HEADER, parse_node_id
from server.room.rate_limits import RateLimit
from tests.integration.raw_http import request_bytes, send_raw

ONE_ROOM = RateLimit(0.001, 1.0)


async def _serve(aiohttp_server: Any, **config: Any) -> TestServer:
    server: TestServer = await aiohttp_server(create_app(AppConfig(**config)), host="127.0.0.1")
    return server


async def test_healthz_names_the_node_and_its_pid(aiohttp_server: Any) -> None:
    server = await _serve(aiohttp_server, node="node7")
    async with aiohttp.ClientSession() as http, http.get(server.make_url("/healthz")) as response:
        body = await response.json()
    files = body.pop("open_files")
    assert 0 < files["open"] <= files["limit"]
    assert body == {
        "ok": True,
        "node": "node7",
        "pid": os.getpid(),
        "rooms": 0,
        "connections": 0,
        "sessions": 0,
        "hung_up": 0,
    }
    assert response.headers[NODE_HEADER] == "node7"


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/api/rooms", 200),
        ("GET", "/api/rooms/nosuchroom", 404),  # an API error
        ("GET", "/nothing/here", 404),  # aiohttp's own 404 page
        ("GET", "/socket.io/?EIO=4&transport=polling&room=abcdefghij", 200),  # an Engine.IO handshake
        ("GET", "/socket.io/?EIO=4&transport=polling&j=1", 400),  # refused before engine.io
    ],
)
async def test_every_answer_names_the_node(aiohttp_server: Any, method: str, path: str, status: int) -> None:
    server = await _serve(aiohttp_server, node="node2")
    async with aiohttp.ClientSession() as http, http.request(method, server.make_url(path)) as response:
        assert response.status == status
        assert response.headers[NODE_HEADER] == "node2"


async def test_websocket_upgrade_names_the_node(aiohttp_server: Any) -> None:
    server = await _serve(aiohttp_server, node="node3")
    upgrade = {
        "Upgrade": "websocket",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
    }
    target = "/socket.io/?EIO=4&transport=websocket&room=abcdefghij"
    raw = request_bytes("GET", target, upgrade).replace(b"Connection: close", b"Connection: Upgrade")
    answer = await send_raw(str(server.make_url("/")), raw, read_body=False)
    assert (answer.status, answer.headers[NODE_HEADER.lower()]) == (101, "node3")


async def _room_statuses(server: TestServer, addresses: list[str]) -> list[int]:
    statuses = []
    async with aiohttp.ClientSession() as http:
        for address in addresses:
            headers = {"X-Real-IP": address}
            async with http.post(server.make_url("/api/rooms"), json={}, headers=headers) as response:
                statuses.append(response.status)
    return statuses


async def test_a_trusted_proxy_names_the_client(aiohttp_server: Any) -> None:
    server = await _serve(aiohttp_server, create_limit=ONE_ROOM, trusted_proxies=frozenset({"127.0.0.1"}))
    addresses = ["10.0.0.1", "10.0.0.1", "10.0.0.2", "::ffff:10.0.0.2", "2001:db8::1"]
    assert await _room_statuses(server, addresses) == [201, 429, 201, 429, 201]


async def test_a_bad_forwarded_address_counts_as_the_proxy(aiohttp_server: Any) -> None:
    server = await _serve(aiohttp_server, create_limit=ONE_ROOM, trusted_proxies=frozenset({"127.0.0.1"}))
    assert await _room_statuses(server, ["not an address", "", "10.0.0.1, 10.0.0.2"]) == [201, 429, 429]


async def test_x_real_ip_from_anyone_else_is_ignored(aiohttp_server: Any) -> None:
    server = await _serve(aiohttp_server, create_limit=ONE_ROOM, trusted_proxies=frozenset({"10.1.1.1"}))
    assert await _room_statuses(server, ["10.0.0.1", "10.0.0.2"]) == [201, 429]
    plain = await _serve(aiohttp_server, create_limit=ONE_ROOM)
    assert await _room_statuses(plain, ["10.0.0.1", "10.0.0.2"]) == [201, 429]


@pytest.mark.parametrize("text", ["node1", "eu-west.3", "A_b", "x" * 32])
def test_node_ids_that_fit_a_header(text: str) -> None:
    assert parse_node_id(text) == text


@pytest.mark.parametrize("text", ["", "-node", "x" * 33, "node 1", "node\r\nX-Evil: 1", "nöde"])
def test_node_ids_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        parse_node_id(text)


def test_trusted_proxies_are_addresses() -> None:
    assert parse_proxy_address(" ::ffff:127.0.0.1 ") == "127.0.0.1"
    assert parse_proxy_address("::1") == "::1"
    for bad in ("localhost", "10.0.0.0/8", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_proxy_address(bad)
