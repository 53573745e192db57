"""Clients that ask for a big answer and then barely read it, as a slow (or spiteful) line would, and
the figures a test or the bench reads off the server process meanwhile.

A slow reader is a raw TCP socket with a small receive buffer, bound to a loopback address of its own
choosing (every 127.x.y.z is this machine, and the server sees it as the client's address), that sends
one GET without `Accept-Encoding: gzip`, reads the status line and headers, and then stops reading.
"""

import asyncio
import socket
from dataclasses import dataclass
from pathlib import Path

from server.store.sqlite.results import SqliteStore
from tests.bench.abuse_clients import long_race

RECEIVE_BUFFER = 4096
"""Bytes the slow reader's kernel takes before the server's writes stop moving."""


@dataclass
class SlowReader:
    """An open socket whose answer has begun (or been refused) and is no longer read."""

    sock: socket.socket
    status: int
    head: str
    """The status line and headers, as received."""
    body_read: int
    """Bytes of the body that came with the head (read)."""

    def close(self) -> None:
        self.sock.close()


def _open(port: int, source: str, path: str, wait: float) -> SlowReader:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
    sock.settimeout(wait)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Accept-Encoding: identity\r\nConnection: close\r\n\r\n"
    )
    sock.sendall(request.encode())
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(256)
        if not chunk:
            break
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    text = head.decode("latin-1")
    return SlowReader(sock, int(text.split()[1]), text, len(body))


async def slow_reader(port: int, source: str, path: str) -> SlowReader:
    """Ask for `path` from the address `source`, read the answer's head (within 30 s), then stop."""
    return await asyncio.to_thread(_open, port, source, path, 30.0)


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB (`VmRSS`)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def stored_long_race(db: Path, moves_per_racer: int) -> str:
    """A SQLite file holding one long 16-racer race; its id."""
    record = long_race(moves_per_racer, seed=7)
    store = await SqliteStore.open(db)
    try:
        assert await store.save_race(record)
    finally:
        await store.close()
    return record.id
