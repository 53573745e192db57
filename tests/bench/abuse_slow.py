"""Bench row: slow readers of a long race's replay, without gzip, from two addresses.

Each asks for the replay with `Accept-Encoding: identity`, reads its head and stops reading; the server's
RSS is read while they stall and after they have left.
"""

import asyncio
import tempfile
from pathlib import Path

import aiohttp

from tests.bench.timing import print_table
from tests.integration.slow_readers import rss_mb, slow_reader, stored_long_race
from tests.store.live import ServerProcess

ADDRESSES = ("127.0.0.2", "127.0.0.3")
READERS = 20


async def slow_readers(quick: bool) -> None:
    """Print the server's RSS before, during and after 20 slow readers from 2 addresses."""
    moves = 20_000 if quick else 45_000
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        race_id = await stored_long_race(db, moves)
        path = f"/api/races/{race_id}"
        async with aiohttp.ClientSession() as http:
            server = await ServerProcess.start(db, Path(folder) / "server.log", http)
            try:
                async with http.get(server.url + path) as response:
                    await response.read()  # built and cached
                pid = server.process.pid
                before = rss_mb(pid)
                readers = [await slow_reader(server.port, ADDRESSES[n % 2], path) for n in range(READERS)]
                await asyncio.sleep(3.0)
                during = rss_mb(pid)
                sent = sum(reader.status == 200 for reader in readers)
                for reader in readers:
                    reader.close()
                await asyncio.sleep(3.0)
                after = rss_mb(pid)
            finally:
                await server.ensure_stopped()
    print_table(
        "Slow readers of a long race's replay (no gzip)",
        ["attack", "measured"],
        [
            (
                f"{READERS} slow readers from 2 addresses, 16 x {moves:,} moves:"
                " server RSS before -> during -> after",
                f"{before:.0f} -> {during:.0f} -> {after:.0f} MB ({sent} answered, the rest 429)",
            )
        ],
    )
