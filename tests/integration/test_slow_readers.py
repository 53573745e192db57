"""Regression test: clients that do not take gzip and read slowly cannot pin big answers.

A replay is kept gzip-compressed; a client without gzip used to get it decompressed whole (8 MB for a
long race, 35 MB for its analysis), held until it was read: 20 slow readers from 2 addresses took the
server from 76 to 1,723 MB. Now the answer is decompressed a piece at a time as it is read, and an
address may have `downloads_per_address` answers being sent at once. Against a real server process on
a SQLite file holding a long stored race.
"""

import asyncio
import contextlib
import gzip
import time
from pathlib import Path

import aiohttp
from yarl import URL

from server.config import AppConfig
from server.http.replays import REPLAYS
from tests.integration.conftest import StartServer
from tests.integration.slow_readers import SlowReader, rss_mb, slow_reader, stored_long_race
from tests.store.live import ServerProcess

MOVES_PER_RACER = 45_000
"""The longest race the bounds allow: 16 racers x 45,000 moves, an 8 MB replay decompressed."""
ADDRESSES = ("127.0.0.2", "127.0.0.3")
READERS_PER_ADDRESS = 10
CAP = AppConfig().downloads_per_address
GROWTH_BOUND = 48.0
"""MB the server may grow by while the slow readers stall: each holds about one 64 KB piece now (it
was the whole 8 MB answer and more each: 78 -> 409 MB)."""
SETTLED_BOUND = 24.0
"""MB over the baseline the server must be back under once they have left."""


async def test_slow_readers_pin_neither_answers_nor_memory(tmp_path: Path) -> None:
    db = tmp_path / "races.db"
    race_id = await stored_long_race(db, MOVES_PER_RACER)
    path = f"/api/races/{race_id}"
    async with aiohttp.ClientSession(auto_decompress=False) as http:
        server = await ServerProcess.start(db, tmp_path / "server.log", http)
        try:
            async with http.get(server.url + path, headers={"Accept-Encoding": "gzip"}) as zipped:
                assert zipped.status == 200
                assert zipped.headers["Content-Encoding"] == "gzip"
                expected = gzip.decompress(await zipped.read())
            assert len(expected) > 6_000_000
            pid = server.process.pid
            baseline = rss_mb(pid)

            readers = [
                await slow_reader(server.port, address, path)
                for address in ADDRESSES
                for _ in range(READERS_PER_ADDRESS)
            ]
            try:
                await asyncio.sleep(2.0)
                during = max([rss_mb(pid)] + [await _rss_soon(pid) for _ in range(5)])
                assert during - baseline < GROWTH_BOUND, (baseline, during)

                for address in ADDRESSES:
                    statuses = [r.status for r in readers if r.sock.getsockname()[0] == address]
                    assert statuses.count(200) == CAP, statuses
                    assert statuses.count(429) == READERS_PER_ADDRESS - CAP, statuses
                refused = next(r for r in readers if r.status == 429)
                assert "retry-after" in refused.head.lower()

                plain = aiohttp.TCPConnector(local_addr=("127.0.0.4", 0))
                async with aiohttp.ClientSession(connector=plain, auto_decompress=False) as other:
                    headers = {"Accept-Encoding": "identity"}
                    async with other.get(server.url + path, headers=headers) as response:
                        assert response.status == 200
                        assert "Content-Encoding" not in response.headers
                        assert await response.read() == expected
            finally:
                for reader in readers:
                    reader.close()

            settled = await _rss_settled(pid, baseline + SETTLED_BOUND, within=15.0)
            assert settled - baseline < SETTLED_BOUND, (baseline, settled)
        finally:
            await server.ensure_stopped()


async def _rss_settled(pid: int, under: float, within: float) -> float:
    """The server's RSS once it is under `under` MB, or when `within` seconds are over."""
    deadline = time.monotonic() + within
    for _ in range(int(within / 0.5)):
        if rss_mb(pid) < under or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.5)
    return rss_mb(pid)


async def _rss_soon(pid: int) -> float:
    await asyncio.sleep(0.5)
    return rss_mb(pid)


async def test_a_download_that_stops_moving_is_hung_up(start_server: StartServer, tmp_path: Path) -> None:
    """The real app in process (for a short `write_stall`): a reader that stops reading is hung up,
    and its address's download slot is free again."""
    db = tmp_path / "races.db"
    race_id = await stored_long_race(db, MOVES_PER_RACER)
    arena = await start_server(db_path=db, write_stall=1.0)
    port = URL(arena.url).port
    assert port is not None
    reader = await slow_reader(port, "127.0.0.5", f"/api/races/{race_id}")
    try:
        assert reader.status == 200
        length = int(
            next(
                line.split(":")[1]
                for line in reader.head.split("\r\n")[1:]
                if line.lower().startswith("content-length")
            )
        )
        await asyncio.sleep(4.0)  # the stall bound, and time to spare
        received = await asyncio.to_thread(_read_to_end, reader)
        assert received < length, (received, length)
        assert arena.app[REPLAYS].slots.held() == 0
    finally:
        reader.close()


def _read_to_end(reader: SlowReader) -> int:
    """Bytes of body the socket still yields before the server's end (a reset counts as the end)."""
    received = reader.body_read
    reader.sock.settimeout(10.0)
    with contextlib.suppress(ConnectionError, TimeoutError):
        while chunk := reader.sock.recv(1 << 16):
            received += len(chunk)
    return received


async def test_a_head_of_a_streamed_answer_has_no_body(start_server: StartServer, tmp_path: Path) -> None:
    """A HEAD gets the answer's headers only, and the connection then serves the next request."""
    db = tmp_path / "races.db"
    race_id = await stored_long_race(db, 2_000)
    arena = await start_server(db_path=db)
    url, plain = f"{arena.url.rstrip('/')}/api/races/{race_id}", {"Accept-Encoding": "identity"}
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=1)) as http:
        async with http.head(url, headers=plain) as head:
            assert head.status == 200
            length = int(head.headers["Content-Length"])
        async with http.get(url, headers=plain) as response:
            assert response.status == 200
            assert len(await response.read()) == length
