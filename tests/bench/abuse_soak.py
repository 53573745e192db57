"""A classroom's first page loads behind one address: 40 browsers with empty caches open the same room
link at once, each loading the room page, its styles and its modules (about 60 requests). A page with
one request refused is broken (a browser does not ask again for a refused module), so the figure is how
many of the 40 loaded whole."""

import asyncio
import tempfile
from pathlib import Path

import aiohttp

from tests.bench.timing import print_table
from tests.integration.page_loads import load_room_page
from tests.store.live import ServerProcess, post_json

STUDENTS = 40


async def _whole(http: aiohttp.ClientSession, url: str, code: str) -> int:
    """The requests of one page load, or 0 when one of them was refused."""
    try:
        return await load_room_page(http, url, code, set())
    except AssertionError:
        return 0


async def classroom_page_loads(quick: bool) -> None:
    """Print how many of a classroom's first room-page loads from one address load whole."""
    async with aiohttp.ClientSession() as http:
        with tempfile.TemporaryDirectory() as folder:
            log = Path(folder) / "server.log"
            server = await ServerProcess.start(Path(folder) / "bench.db", log, http)
            try:
                status, body = await post_json(http, server.url + "/api/rooms", {"max_players": 16})
                assert status == 201, body
                loads = await asyncio.wait_for(
                    asyncio.gather(*(_whole(http, server.url, body["code"]) for _ in range(STUDENTS))), 60.0
                )
            finally:
                await server.ensure_stopped()
    whole = [n for n in loads if n]
    print_table(
        "A classroom behind one address opens the room link at once",
        ["measure", "measured"],
        [
            (f"first room-page loads that load whole (of {STUDENTS})", len(whole)),
            ("requests a first load makes", max(whole, default=0)),
        ],
        note="Empty browser caches, all from 127.0.0.1, default limits; a refused request breaks its page.",
    )
