"""What one address can take of a real server process: idle Socket.IO connections and a POST body that
never comes, spectators that answer pings and never read, and the room table (rooms from many
addresses, a cross-site POST, the public list's cost and what listing it costs a probe racer).

Each row is measured on the server of this checkout and, when asked, of another
(`tests.bench.abuse_servers`). Every load is bounded in time; nothing here asserts.
"""

import asyncio
import contextlib
import json
import tempfile
import time
from pathlib import Path

import aiohttp

from tests.bench.abuse_clients import Client, latency_text, probe_during
from tests.bench.abuse_servers import Row, print_both, rss_mb, server_at, session_from
from tests.integration.deaf_socket import DeafSocket
from tests.integration.raw_socket import RawSocket

# ----- file descriptors --------------------------------------------------------------------------------


async def idle_connections(url: str, seconds: float) -> list[Row]:
    """One address opening idle Socket.IO connections as fast as it can for `seconds`, then, while it
    holds them, `/healthz` and a new player from another address."""
    held: list[RawSocket] = []
    refused = 0
    deadline = time.monotonic() + seconds
    async with session_from("127.0.7.1") as http:

        async def opener() -> None:
            nonlocal refused
            while time.monotonic() < deadline:
                try:
                    held.append(await asyncio.wait_for(RawSocket.open(http, url), 3.0))
                except (aiohttp.ClientError, AssertionError, OSError, TimeoutError):
                    refused += 1
                    await asyncio.sleep(0.01)

        await asyncio.gather(*(opener() for _ in range(64)))
        health = await _health(url)
        player = await _new_player(url)
        for raw in held:
            with contextlib.suppress(Exception):
                await raw.ws.close()
    return [
        (f"idle connections one address held after {seconds:.0f} s", f"{len(held):,} ({refused:,} refused)"),
        ("  /healthz meanwhile", health),
        ("  a new player (another address) meanwhile", player),
    ]


async def _health(url: str) -> str:
    try:
        timeout = aiohttp.ClientTimeout(total=5)
        async with aiohttp.ClientSession() as http, http.get(url + "/healthz", timeout=timeout) as answer:
            body = await answer.json()
            files = body.get("open_files") or {}
            return f"HTTP {answer.status} (open-files limit {files.get('limit', 'not reported')})"
    except (aiohttp.ClientError, TimeoutError, ValueError) as error:
        return f"failed: {type(error).__name__}"


async def _new_player(url: str) -> str:
    player = Client(url, "127.0.7.2")
    try:
        await asyncio.wait_for(player.enter({"preset": "easy"}, "Newcomer"), 10.0)
        return "joined"
    except (Exception, TimeoutError) as error:
        return f"failed: {type(error).__name__}"
    finally:
        await player.close()


async def body_never_comes(url: str, bound: float) -> list[Row]:
    """A POST declaring 100 bytes and sending 10: how long until the server answers or closes."""
    host, port = url.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    began = time.monotonic()
    try:
        writer.write(
            b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"preset":'
        )
        await writer.drain()
        head = await asyncio.wait_for(reader.read(200), bound)
        status = head.split(b" ", 2)[1].decode() if head.startswith(b"HTTP/") else "closed"
        figure = f"{status} after {time.monotonic() - began:.1f} s"
    except TimeoutError:
        figure = f"no answer after {bound:.0f} s"
    finally:
        writer.close()
    return [("a POST whose declared body never comes", figure)]


# ----- output nobody reads -----------------------------------------------------------------------------


async def deaf_spectators(url: str, pid: int, count: int, seconds: float) -> list[Row]:
    """`count` spectators of a busy room (its host and up to 15 bots at 20 moves/s, as many as the
    server takes) that answer pings and ask a resync each second, and never read a byte: the
    server's RSS growth over `seconds`, and how many the server dropped."""
    settings = {"preset": "custom", "rows": 150, "cols": 150, "max_players": 16}
    host = await Client(url, "127.0.7.3").enter(settings, "Host")
    deaf: list[DeafSocket] = []
    try:
        acks = [await host.call("add_bot", {"kind": "dfs", "speed": 20}) for _ in range(15)]
        bots = sum(bool(ack.get("ok")) for ack in acks)
        code = (await host.call("resync"))["snapshot"]["code"]
        for n in range(count):
            spectator = await DeafSocket.open(url, f"127.0.13.{n % 20 + 1}")  # joins are limited per address
            await spectator.emit("join", {"code": code, "name": f"Deaf {n}", "role": "spectator"})
            deaf.append(spectator)
        reader = Client(url, "127.0.7.4")  # a spectator that reads: what each deaf one was sent
        await reader.sio.connect(url, transports=["websocket"], wait_timeout=10)
        await reader.call("join", {"code": code, "name": "Reader", "role": "spectator"})
        await asyncio.sleep(1.0)
        before = rss_mb(pid)
        await host.call("start")
        deadline, peak = time.monotonic() + seconds, before
        alive = [True] * count
        while time.monotonic() < deadline:
            await asyncio.sleep(1.0)
            for n, spectator in enumerate(deaf):
                if alive[n]:  # a pong, unasked: the ping check is content
                    alive[n] = await spectator.send("3") and await spectator.emit("resync", {})
            peak = max(peak, rss_mb(pid))
        after = rss_mb(pid)
        sent = len(json.dumps(reader.events)) // 1024
        await reader.close()
        async with aiohttp.ClientSession() as http, http.get(url + "/healthz") as answer:
            hung_up = (await answer.json()).get("hung_up", "not reported")
    finally:
        for spectator in deaf:
            spectator.close()
        await host.close()
    return [
        (
            f"server RSS, {count} spectators never reading, {seconds:.0f} s of a busy room (1 resync/s each)",
            f"{before:.0f} -> {after:.0f} MB (+{after - before:.0f}, peak {peak:.0f}; {bots} bots)",
        ),
        ("  events sent to each spectator meanwhile (JSON)", f"{sent:,} KB"),
        ("  of them dropped by the server", f"{count - sum(alive)} of {count} (/healthz hung_up: {hung_up})"),
    ]


# ----- the room table ----------------------------------------------------------------------------------


async def rooms_until_refused(url: str, addresses: int, seconds: float) -> list[Row]:
    """Rooms made from `addresses` addresses at once, each until refused (or `seconds` pass)."""
    made: list[int] = []
    refusals: dict[str, int] = {}
    deadline = time.monotonic() + seconds

    async def one(address: str) -> None:
        count = 0
        async with session_from(address) as http:
            while time.monotonic() < deadline:
                async with http.post(url + "/api/rooms", json={}) as answer:
                    if answer.status != 201:
                        code = (await answer.json()).get("code", answer.status)
                        refusals[code] = refusals.get(code, 0) + 1
                        break
                count += 1
        made.append(count)

    began = time.monotonic()
    await asyncio.gather(*(one(f"127.0.9.{n + 1}") for n in range(addresses)))
    took = time.monotonic() - began
    first = ", ".join(f"{code} x{n}" for code, n in refusals.items()) or "never refused"
    async with session_from("127.0.10.9") as http, http.post(url + "/api/rooms", json={}) as answer:
        newcomer = f"HTTP {answer.status} {(await answer.json()).get('code', '')}"
    return [
        (f"rooms made from {addresses} addresses, each until refused", f"{sum(made):,} in {took:.1f} s"),
        ("  most rooms one address made; refusals", f"{max(made)}; {first}"),
        ("  a newcomer's room then (another address)", newcomer),
    ]


async def cross_site_post(url: str) -> list[Row]:
    """A form on another site's page posting `text/plain` to make a room."""
    headers = {"Origin": "https://elsewhere.example", "Content-Type": "text/plain"}
    async with (
        aiohttp.ClientSession() as http,
        http.post(url + "/api/rooms", data="{}", headers=headers) as answer,
    ):
        return [("a cross-site text/plain POST /api/rooms", f"HTTP {answer.status}")]


async def listing_cost(url: str, seconds: float) -> list[Row]:
    """`GET /api/rooms` alone (with the rooms above held), then a probe racer's acks while three
    addresses each list the rooms 20 times a second."""
    alone: list[float] = []
    async with aiohttp.ClientSession() as http:
        for _ in range(15):
            began = time.perf_counter()
            async with http.get(url + "/api/rooms") as answer:
                await answer.read()
            alone.append((time.perf_counter() - began) * 1000)
            await asyncio.sleep(0.1)
        rooms = len((await (await http.get(url + "/api/rooms")).json()).get("rooms", []))

    async def listers() -> None:
        async def lister(address: str) -> None:
            async with session_from(address) as http:
                deadline = time.monotonic() + seconds
                while time.monotonic() < deadline:
                    async with http.get(url + "/api/rooms") as answer:
                        await answer.read()
                    await asyncio.sleep(0.05)

        await asyncio.gather(*(lister(f"127.0.10.{n + 1}") for n in range(3)))

    quiet = await probe_during(url, lambda: asyncio.sleep(seconds / 2))
    loaded = await probe_during(url, listers)
    median = sorted(alone)[len(alone) // 2]
    return [
        (
            "GET /api/rooms, the rooms above held",
            f"median {median:.1f} ms, max {max(alone):.1f} ({rooms} listed)",
        ),
        ("probe acks, quiet", latency_text(quiet)),
        (f"probe acks while 3 addresses list at 20/s for {seconds:.0f} s", latency_text(loaded)),
    ]


async def measure(root: Path, quick: bool) -> list[Row]:
    """Every row of this module against the server of the checkout at `root`, a fresh one for each."""
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        async with server_at(root, folder) as server:
            rows += await idle_connections(server.url, 2.0)
        async with server_at(root, folder) as server:
            rows += await body_never_comes(server.url, 15.0 if quick else 40.0)
        async with server_at(root, folder) as server:
            rows += await deaf_spectators(
                server.url, server.process.pid, 50 if quick else 100, 20.0 if quick else 40.0
            )
        async with server_at(root, folder) as server:
            rows += await rooms_until_refused(server.url, 60 if quick else 210, 10.0)
            rows += await cross_site_post(server.url)
            rows += await listing_cost(server.url, 5.0 if quick else 10.0)
    return rows


async def print_rows(quick: bool) -> None:
    """Measure and print this module's table (called from `tests.bench.abuse`'s main)."""
    await print_both(
        "What one address can take of a server process (a fresh one for each attack)",
        measure,
        quick,
        "Servers start under a 1,024 open-files limit; the probe racer steps at 10 moves/s in a room of"
        " its own. Spectators that never read answer pings unasked.",
    )
