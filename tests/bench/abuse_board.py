"""What bursts of work cost the other players of a real server process: starts of big mazes arriving
together, leaderboard reads over many stored results, and big race analyses. Measured as the other
players feel them: a probe racer's ack latency (10 moves a second, in a room of its own),
the time a race's end waits (the last move's ack, which follows the save and `race_over`), and an A*
hint's wait in another room. Every load is bounded in time.
"""

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from server.store.sqlite.results import SqliteStore
from tests.bench.abuse_clients import CALL_TIMEOUT, Client, latency_text, long_race, probe_during, server_on
from tests.bench.timing import print_table
from tests.store.live import get_json
from tests.store.many_results import sqlite_with_results
from tests.store.races import shortest_path

BIG = {"preset": "custom", "rows": 150, "cols": 150, "algorithm": "backtracker"}
BOARDS = ("", "?preset=easy", "?name=Player%207", "?fog=true&preset=medium", "?algorithm=prim&limit=100")


# ----- starts in a burst ------------------------------------------------------------------------------


async def starts_at_once(folder: Path, starts: int) -> tuple[str, str]:
    """Ten starts of a 150 x 150 maze sent together in one room: the probe's acks, and the answers."""
    async with server_on(folder / "starts.db") as server:
        host = await Client(server.url, "127.6.1.1").enter(BIG)
        acks: list[dict[str, Any]] = []

        async def burst() -> None:
            acks.extend(await asyncio.gather(*(host.call("start") for _ in range(starts))))
            await asyncio.sleep(1.0)

        try:
            latencies = await probe_during(server.url, burst)
            began = sum(e["t"] == "started" for e in host.events)
        finally:
            await host.close()
    answered = f"{sum(a['ok'] for a in acks)} of {starts} starts ok, {began} race started"
    return latency_text(latencies), answered


async def rooms_restarting(folder: Path, rooms: int) -> str:
    """`rooms` rooms of a hard maze (100 x 100) starting their next race together: the probe's acks."""
    async with server_on(folder / "restarts.db") as server:
        hosts = [await Client(server.url, f"127.6.2.{n + 1}").enter({"preset": "hard"}) for n in range(rooms)]

        async def together() -> None:
            await asyncio.gather(*(host.call("start") for host in hosts))
            await asyncio.sleep(1.0)

        try:
            return latency_text(await probe_during(server.url, together))
        finally:
            for host in hosts:
                await host.close()


# ----- the leaderboard under load ------------------------------------------------------------------------


async def board_seconds(http: aiohttp.ClientSession, url: str, board: str) -> float:
    began = time.perf_counter()
    status, body = await get_json(http, f"{url}/api/leaderboard{board}")
    assert status == 200, body
    return time.perf_counter() - began


async def race_end_ms(url: str, name: str) -> float:
    """A solo race on an easy maze walked to the exit: ms from the last move sent to its ack."""
    racer = await Client(url, "127.6.3.1").enter({"preset": "easy"}, name)
    try:
        await racer.call("start")
        rooms = shortest_path(await racer.started_maze())[1:]
        await asyncio.sleep(0.5)
        for cell in rooms[:-1]:
            assert (await racer.call("move", {"to": list(cell)}))["ok"]
            await asyncio.sleep(0.06)
        began = time.perf_counter()
        assert (await racer.call("move", {"to": list(rooms[-1])}))["ok"]
        return (time.perf_counter() - began) * 1000
    finally:
        await racer.close()


async def leaderboard_under_load(folder: Path, results: int, races: int) -> tuple[str, str, str, str]:
    """A server on a file of `results` stored results: one leaderboard request alone, the race ends
    alone, then five readers from one address reading boards back to back while races end."""
    db = folder / "board.db"
    await asyncio.to_thread(sqlite_with_results, db, results, 5_000)
    began = time.perf_counter()
    store = await SqliteStore.open(db)  # brings an older file up to date
    await store.close()
    migration = f"{time.perf_counter() - began:.1f} s"
    async with server_on(db) as server, aiohttp.ClientSession() as http:
        alone = [await board_seconds(http, server.url, board) for board in BOARDS]
        quiet = [await race_end_ms(server.url, f"Quiet {n}") for n in range(races)]
        stop = asyncio.Event()
        read: list[float] = []

        async def reader(board: str) -> None:
            while not stop.is_set():
                read.append(await board_seconds(http, server.url, board))
                await asyncio.sleep(0.25)  # five readers stay within the API's 20 a second

        readers = [asyncio.create_task(reader(board)) for board in BOARDS]
        await asyncio.sleep(1.0)
        loaded = [await race_end_ms(server.url, f"Loaded {n}") for n in range(races)]
        stop.set()
        await asyncio.wait_for(asyncio.gather(*readers), CALL_TIMEOUT)
    request = (
        f"{min(alone):.3f}-{max(alone):.3f} s alone, {statistics.median(read):.3f} s median of 5 at once"
    )
    return (
        request,
        f"{min(quiet):.0f}-{max(quiet):.0f} ms",
        f"{min(loaded):.0f}-{max(loaded):.0f} ms",
        migration,
    )


# ----- analyses and hints ----------------------------------------------------------------------------------


async def hint_wait_during_analyses(folder: Path, moves_per_racer: int) -> tuple[str, str]:
    """Four analyses of long 16-racer 150 x 150 races asked at once, and a racer in another room asking
    an A* hint every 1.1 s meanwhile: the hints' waits, and when the analyses were done."""
    db = folder / "analyses.db"
    records = [long_race(moves_per_racer, seed) for seed in range(4)]
    store = await SqliteStore.open(db)
    try:
        for record in records:
            await store.save_race(record)
    finally:
        await store.close()
    async with server_on(db) as server, aiohttp.ClientSession() as http:
        racer = await Client(server.url, "127.6.4.1").enter(
            {"preset": "custom", "rows": 150, "cols": 150, "algorithm": "prim", "hint_limit": 12}, "Asker"
        )
        try:
            await racer.call("start")
            await racer.started_maze()
            await asyncio.sleep(0.5)
            began = time.perf_counter()
            done: list[float] = []
            statuses: list[int] = []

            async def analysis(race_id: str) -> None:
                timeout = aiohttp.ClientTimeout(total=120)
                async with http.get(f"{server.url}/api/races/{race_id}/analysis", timeout=timeout) as answer:
                    await answer.read()
                    statuses.append(answer.status)
                done.append(time.perf_counter() - began)

            analyses = [asyncio.create_task(analysis(record.id)) for record in records]
            waits: list[float] = []
            deadline = time.monotonic() + 90
            while (
                not all(task.done() for task in analyses) and len(waits) < 12 and time.monotonic() < deadline
            ):
                await asyncio.sleep(1.1 if waits else 0.3)  # the first while the analyses have just begun
                asked = time.perf_counter()
                await racer.call("hint", {"method": "astar"})
                waits.append(time.perf_counter() - asked)
            await asyncio.wait_for(asyncio.gather(*analyses), 120)
        finally:
            await racer.close()
    return (
        f"max {max(waits):.2f} s over {len(waits)} hints" if waits else "no hint asked",
        f"{min(done):.1f}-{max(done):.1f} s (HTTP {sorted(set(statuses))},"
        f" {sum(len(record.log) for record in records):,} logged entries)",
    )


async def measure(quick: bool) -> list[tuple[str, object]]:
    results = 100_000 if quick else 300_000
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        burst_probe, burst_answers = await starts_at_once(folder, 10)
        restarts = await rooms_restarting(folder, 20)
        request, quiet, loaded, migration = await leaderboard_under_load(folder, results, 2 if quick else 3)
        hint, analyses = await hint_wait_during_analyses(folder, 6_000 if quick else 14_000)
    return [
        ("probe acks while 10 starts of a 150x150 maze arrive in one room", burst_probe),
        ("those 10 starts", burst_answers),
        ("probe acks while 20 rooms (hard) restart together", restarts),
        (f"leaderboard request, {results:,} stored results", request),
        ("race end (last move's ack), no readers", quiet),
        ("race end while 5 leaderboard readers run at once (one address)", loaded),
        (f"opening the file of {results:,} results (migrations)", migration),
        ("A* hint's wait in another room while 4 big analyses run", hint),
        ("those 4 analyses done after", analyses),
    ]


async def print_rows(quick: bool) -> None:
    """Measure and print this module's table (called from `tests.bench.abuse`'s main)."""
    print_table(
        "Bursts of work against one server process (a fresh one for each)",
        ["load", "measured"],
        await measure(quick),
        note="The probe racer steps at 10 moves a second in a room of its own; a race's end is the last"
        " move's ack, which follows the save and race_over.",
    )
