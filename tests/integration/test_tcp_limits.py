"""What one client address can hold of a real server process's TCP connections, counted where they are
accepted (before any request or Socket.IO handshake): a bounded number at once, answered with a 429 over
it, its slots given back as it closes them; and none held open in silence."""

import asyncio
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest_asyncio

from server.config import AppConfig
from tests.store.live import ServerProcess

SILENT_FOR = 1.0
"""The silence the test server allows a new connection (`--silent-for`), in seconds."""


@pytest_asyncio.fixture
async def server(tmp_path: Path) -> AsyncIterator[ServerProcess]:
    async with aiohttp.ClientSession() as http:
        process = await ServerProcess.start(
            tmp_path / "tcp.db", tmp_path / "server.log", http, options=["--silent-for", str(SILENT_FOR)]
        )
        try:
            yield process
        finally:
            await process.ensure_stopped()


def open_from(address: str, port: int) -> socket.socket:
    """A TCP connection to the server from the loopback address `address`."""
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(address, 0))


def open_asking(address: str, port: int) -> socket.socket:
    """A connection from `address` that has sent the first line of a request and nothing more."""
    connection = open_from(address, port)
    connection.sendall(b"GET /healthz HTTP/1.1\r\n")
    return connection


def closed(connection: socket.socket) -> bool:
    """Whether the server has closed the connection (read without waiting)."""
    connection.setblocking(False)
    try:
        return connection.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def healthz_from(address: str, port: int) -> bytes:
    """The whole answer to a plain `GET /healthz` sent from `address` at once."""
    with open_from(address, port) as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return read_all(connection)


def read_all(connection: socket.socket) -> bytes:
    """What the server sends until it closes the connection (a reset counts as closed)."""
    answer = b""
    try:
        while chunk := connection.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
    return answer


async def test_one_address_holds_a_bounded_number_of_connections(server: ServerProcess) -> None:
    limit = AppConfig.tcp_connections_per_address
    # each held by a request head sent in part as it opens: not silent, never finished
    held = [await asyncio.to_thread(open_asking, "127.0.0.2", server.port) for _ in range(limit)]
    try:
        await asyncio.sleep(SILENT_FOR + 0.5)  # past the silence allowed: none of these is hung up
        over = await asyncio.to_thread(healthz_from, "127.0.0.2", server.port)
        assert over.startswith(b"HTTP/1.1 429 "), over[:200]
        assert over.endswith(b"too many connections from your address; close some tabs and try again\n")
        other = await asyncio.to_thread(healthz_from, "127.0.0.3", server.port)
        assert other.startswith(b"HTTP/1.1 200 "), other[:200]  # another address is served meanwhile
        for connection in held[:5]:
            connection.close()
        for _ in range(100):  # the server sees them close within moments
            again = await asyncio.to_thread(healthz_from, "127.0.0.2", server.port)
            if not again.startswith(b"HTTP/1.1 429 "):
                break
            await asyncio.sleep(0.05)
        assert again.startswith(b"HTTP/1.1 200 "), again[:200]  # its slots came back as it closed some
        assert [connection for connection in held[5:] if closed(connection)] == []
    finally:
        for connection in held:
            connection.close()


async def test_a_connection_that_sends_nothing_is_hung_up(server: ServerProcess) -> None:
    silent = await asyncio.to_thread(open_from, "127.0.0.4", server.port)
    with silent:
        started = time.monotonic()
        assert await asyncio.to_thread(read_all, silent) == b""
        waited = time.monotonic() - started
    assert SILENT_FOR - 0.2 <= waited <= SILENT_FOR + 2, waited
    answer = await asyncio.to_thread(healthz_from, "127.0.0.4", server.port)
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]  # one that asks at once is served
