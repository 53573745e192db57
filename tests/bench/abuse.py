"""What abusive clients cost a real server process: binary attachment floods, malformed packet floods,
and joins arriving together. Measured the way the hardening issue reported them, and printed."""

import asyncio
import contextlib
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import socketio

from tests.bench import abuse_avail, abuse_board, abuse_fair, abuse_rooms, abuse_slow
from tests.bench.abuse_fog import fog_sight_cost
from tests.bench.abuse_soak import classroom_page_loads
from tests.bench.timing import print_table
from tests.integration.raw_socket import RawSocket
from tests.store.live import ServerProcess, post_json

TITLE = "abusive clients against a real server process"

ATTACHMENT_HEADER = '459999999999-["move",{"_placeholder":true,"num":0}]'
FRAME = b"\0" * 16_000
MALFORMED = ('42["move",', "42{]", "47", '4299999999999999999999999999["x"]')


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def attachment_flood(http: aiohttp.ClientSession, url: str, seconds: float) -> tuple[int, int]:
    """One attacker announcing endless attachments and sending 16,000-byte frames, reconnecting each
    time it is thrown out; frames sent and connections used."""
    frames = connections = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(aiohttp.ClientError, AssertionError, TimeoutError):
            raw = await RawSocket.open(http, url)
            connections += 1
            await raw.send_text(ATTACHMENT_HEADER)
            while time.monotonic() < deadline and await raw.send_bytes(FRAME):
                frames += 1
                await asyncio.sleep(0)
            await raw.close()
    return frames, connections


async def malformed_flood(
    http: aiohttp.ClientSession, url: str, packets: int, seconds: float
) -> tuple[int, int]:
    """Four attackers sending malformed packets as fast as they can, reconnecting when thrown out."""
    sent = connections = 0
    deadline = time.monotonic() + seconds

    async def attacker() -> None:
        nonlocal sent, connections
        while sent < packets and time.monotonic() < deadline:
            with contextlib.suppress(aiohttp.ClientError, AssertionError, TimeoutError):
                raw = await RawSocket.open(http, url)
                connections += 1
                while sent < packets and await raw.send_text(MALFORMED[sent % len(MALFORMED)]):
                    sent += 1
                    if sent % 64 == 0:
                        await asyncio.sleep(0)
                await raw.close()

    await asyncio.gather(*(attacker() for _ in range(4)))
    return sent, connections


async def joins_together(http: aiohttp.ClientSession, url: str, rooms: int) -> int:
    """Rooms left frozen after four players join each at the same moment (a later command unanswered)."""
    frozen = 0
    for _ in range(rooms):
        _, body = await post_json(http, url + "/api/rooms", {})
        clients = [socketio.AsyncClient(reconnection=False) for _ in range(4)]
        try:
            for client in clients:
                await client.connect(url, transports=["websocket"])
            joins = [
                asyncio.create_task(c.call("join", {"code": body["code"], "name": f"P{i}"}, timeout=3))
                for i, c in enumerate(clients)
            ]
            await asyncio.gather(*joins, return_exceptions=True)
            try:
                await clients[1].call("ready", {"ready": True}, timeout=2)
            except TimeoutError:
                frozen += 1
        finally:
            for client in clients:
                await client.disconnect()
    return frozen


@contextlib.asynccontextmanager
async def fresh_server(http: aiohttp.ClientSession) -> AsyncIterator[tuple[ServerProcess, Path]]:
    """A server process of its own for each attack (an attacker's address ends up shut out)."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "server.log"
        server = await ServerProcess.start(Path(folder) / "bench.db", log, http)
        try:
            yield server, log
        finally:
            await server.ensure_stopped()


async def main(quick: bool) -> None:
    flood_seconds = 5.0 if quick else 20.0
    packets = 20_000 if quick else 200_000
    rooms = 5 if quick else 10  # the room-creation burst of one address
    async with aiohttp.ClientSession() as http:
        async with fresh_server(http) as (server, _):
            frozen = await joins_together(http, server.url, rooms)
        async with fresh_server(http) as (server, log):
            before = rss_mb(server.process.pid)
            frames, used = await attachment_flood(http, server.url, flood_seconds)
            await asyncio.sleep(1.0)
            after = rss_mb(server.process.pid)
            attachment_log = log.stat().st_size
        async with fresh_server(http) as (server, log):
            start_size = log.stat().st_size
            began = time.monotonic()
            sent, connections = await malformed_flood(http, server.url, packets, flood_seconds)
            flood_time = time.monotonic() - began
            await asyncio.sleep(1.0)
            logged = log.stat().st_size - start_size
    print_table(
        "Abuse against one server process (a fresh one for each attack)",
        ["attack", "measured"],
        [
            (f"rooms frozen by 4 joins at once (of {rooms})", frozen),
            (f"attachment frames for {flood_seconds:.0f} s", f"{frames:,} frames over {used:,} connections"),
            ("server RSS before -> after the attachment flood", f"{before:.0f} MB -> {after:.0f} MB"),
            ("server log after the attachment flood (start-up lines included)", f"{attachment_log:,} bytes"),
            (
                f"malformed packets in {flood_time:.0f} s",
                f"{sent:,} packets over {connections:,} connections",
            ),
            ("server log written during the malformed flood", f"{logged:,} bytes"),
        ],
        note="Attackers reconnect whenever they are thrown out; an address that keeps sending junk is"
        " refused for a minute.",
    )
    await abuse_rooms.main(quick)
    await fog_sight_cost(quick)
    await abuse_board.print_rows(quick)
    await abuse_slow.slow_readers(quick)
    await classroom_page_loads(quick)
    await abuse_avail.print_rows(quick)
    await abuse_fair.print_rows(quick)


def run(quick: bool = False) -> None:
    """Measure and print the table."""
    asyncio.run(main(quick))
