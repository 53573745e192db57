"""A bounded soak of a real server process under its default limits: many rooms at once, each with two
people (from an address of their own), two bots and a spectator that reads slowly, half of them in fog,
racing twice (a rematch between), asking hints, and fetching each finished race's analysis and replay;
beside them a probe racer in a room of its own steps ten times a second and times every ack.

It holds if the server's memory and the probe's ack p99 stay within the generous bounds below (a loaded
2-core machine), every race ends, and every finished race is stored exactly once (its row in the SQLite
file, its results once each, its replay and analysis served).

The one setting changed from the defaults is the countdown (`COUNTDOWN`), so the races start at once.
It may run beside a browser test on the other worker, sharing the two cores with a Chromium, so its
bounds are for stalls and hangs, far above what it takes alone.
"""

import asyncio
import contextlib
import sqlite3
import statistics
import time
from pathlib import Path
from typing import Any

import aiohttp

from server.maze.model import Cell
from server.maze.wire import PackedCells, decode_maze
from tests.bench.cluster_client import session_from, source_address
from tests.mazes import shortest_path
from tests.store.live import TIMEOUT, Racer, ServerProcess, post_json

from .fog_explorer import FogExplorer
from .slow_reader import SlowReader

ROOMS = 8
"""Rooms racing at once; every other one in fog."""
SIDE = 10
BOTS = (("wall", 20), ("shortest", 10))
"""Each room's bots: kind and moves a second."""
RACES = 2
"""Races in each room: a race, then a rematch."""
MOVE_GAP = 0.1
"""Seconds between a person's moves."""
COUNTDOWN = 0.5
SOAK_LIMIT = 120.0
"""Seconds every room has to finish its races: a bound against a room that never ends, not a speed
target. The soak takes about 25 s alone; beside a browser test on the other core it has taken past 50."""
PROBE_GAP = 0.1
"""Seconds between the probe's moves: ten a second."""
RSS_LIMIT_MB = 300.0
"""The server's peak resident memory: it starts near 60 MB and the soak's rooms need little more, while
a backlog held for slow readers grows it by hundreds of MB."""
P99_LIMIT_MS = 1000.0
"""The probe's ack p99: a few ms on an idle machine; a stall of a second would fail it."""


def rss_mb(pid: int) -> float:
    """A process's resident memory, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def nth_event(racer: Racer, kind: str, n: int, within: float = SOAK_LIMIT) -> dict[str, Any]:
    """The `n`th (from 1) event of type `kind` the racer has received, waiting for it if need be."""
    deadline = time.monotonic() + within
    while True:
        seen = [e for e in racer.events if e["t"] == kind]
        if len(seen) >= n:
            return seen[n - 1]
        assert time.monotonic() < deadline, f"no {kind!r} #{n} within {within} s"
        await asyncio.sleep(0.02)


async def racing_call(racer: Racer, event: str, data: dict[str, Any]) -> dict[str, Any]:
    """A race command, asked again while the countdown still runs (`not_racing`); it must succeed."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        ack: dict[str, Any] = await racer.sio.call(event, data, timeout=TIMEOUT)
        if ack["ok"] or ack["error"]["code"] != "not_racing" or time.monotonic() > deadline:
            assert ack["ok"], (event, data, ack)
            return ack
        await asyncio.sleep(0.05)


async def walk(racer: Racer, cells: list[Cell], here: Cell) -> Cell:
    """Step along `cells` from `here` at a person's pace; where the racer ends."""
    for cell in cells:
        if cell != here:
            await racing_call(racer, "move", {"to": list(cell)})
            here = cell
            await asyncio.sleep(MOVE_GAP)
    return here


async def hinted_way(racer: Racer, method: str) -> list[Cell]:
    """A hint's way to the exit, from where the racer stands (the rooms show hints whole)."""
    hint = await racing_call(racer, "hint", {"method": method})
    assert hint["found"] is True, hint
    return [(r, c) for r, c in PackedCells.from_wire(hint["path"], SIDE * SIDE, SIDE).cells()]


async def race_once(racer: Racer, number: int, fog: bool) -> str:
    """One race to the exit: in fog by a hint's way, in the open by the shortest way with a hint halfway;
    the race's id once it is over."""
    started = (await nth_event(racer, "started", number))["d"]
    if fog:
        explorer = FogExplorer(started)
        await racing_call(racer, "hint", {"method": "astar"})  # in fog it may show only where to explore
        while explorer.here != explorer.exit:
            explorer.learn(await racing_call(racer, "move", {"to": list(explorer.next_step())}))
            await asyncio.sleep(MOVE_GAP)
    else:
        way = shortest_path(decode_maze(started["maze"]))
        here = await walk(racer, way[: len(way) // 2], way[0])
        await walk(racer, await hinted_way(racer, "bfs"), here)
    over = (await nth_event(racer, "race_over", number))["d"]
    assert over["race"] == started["race"], (over["race"], started["race"])
    return str(started["race"])


async def room_life(index: int, server: ServerProcess, found: dict[str, int]) -> None:
    """One room from its own address: made, filled, raced `RACES` times, each race's analysis read."""
    fog = index % 2 == 0
    async with session_from(source_address(index)) as http:
        status, body = await post_json(
            http,
            server.url + "/api/rooms",
            {"preset": "custom", "rows": SIDE, "cols": SIDE, "fog": fog, "hint_reveal": "whole"},
        )
        assert status == 201, body
        code = body["code"]
        host, guest = Racer(server.url, http=http), Racer(server.url, http=http)
        watcher: SlowReader | None = None
        try:
            await host.connect()
            await guest.connect()
            await host.join(code, f"Host {index}")
            await guest.join(code, f"Guest {index}")
            for kind, speed in BOTS:
                await host.ok("add_bot", {"kind": kind, "speed": speed})
            watcher = await SlowReader.watch(server.url, code, f"Watcher {index}")
            for number in range(1, RACES + 1):
                if number > 1:
                    await nth_event(host, "lobby", number - 1)
                await guest.ok("ready", {"ready": True})
                await host.ok("start", {})
                races = await asyncio.gather(race_once(host, number, fog), race_once(guest, number, fog))
                over = (await nth_event(host, "race_over", number))["d"]
                found[races[0]] = len(over["results"])
                for path in (f"/api/races/{races[0]}", f"/api/races/{races[0]}/analysis"):
                    async with http.get(server.url + path) as response:
                        assert response.status == 200, (path, await response.text())
                        await response.read()
                if number < RACES:
                    await host.ok("rematch", {})
            assert watcher.received > 0
        finally:
            for racer in (host, guest):
                await racer.close()
            if watcher is not None:
                await watcher.close()


async def probe(server: ServerProcess, stop: asyncio.Event, acks_ms: list[float]) -> None:
    """A racer alone in a plain room, stepping back and forth ten times a second, timing each ack."""
    async with session_from(source_address(ROOMS)) as http:
        status, body = await post_json(http, server.url + "/api/rooms", {"preset": "medium"})
        assert status == 201, body
        racer = Racer(server.url, http=http)
        try:
            await racer.connect()
            await racer.join(body["code"], "Probe")
            await racer.ok("start", {})
            maze = decode_maze((await racer.wait_for("started", within=10.0))["d"]["maze"])
            there = shortest_path(maze)[1]
            await racing_call(racer, "move", {"to": list(there)})
            cells = [maze.entrance, there]
            while not stop.is_set():
                sent = time.perf_counter()
                await racer.ok("move", {"to": list(cells[len(acks_ms) % 2])})
                acks_ms.append((time.perf_counter() - sent) * 1000)
                await asyncio.sleep(PROBE_GAP)
        finally:
            await racer.close()


async def sample_rss(pid: int, stop: asyncio.Event, samples: list[float]) -> None:
    while not stop.is_set():
        samples.append(rss_mb(pid))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


def stored(db: Path) -> tuple[dict[str, int], dict[str, int]]:
    """Each stored race's id with how many rows it has, and its results' count."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        races = dict(connection.execute("SELECT id, COUNT(*) FROM races GROUP BY id").fetchall())
        rows = connection.execute("SELECT race_id, COUNT(*) FROM results GROUP BY race_id").fetchall()
    results = dict(rows)
    return races, results


async def test_a_soak_of_many_rooms_keeps_memory_and_the_probe_in_bounds_and_stores_every_race_once(
    tmp_path: Path,
) -> None:
    db = tmp_path / "mazerace.db"
    async with aiohttp.ClientSession() as http:
        server = await ServerProcess.start(db, tmp_path / "server.log", http, countdown=COUNTDOWN)
        stop = asyncio.Event()
        acks_ms: list[float] = []
        rss: list[float] = []
        found: dict[str, int] = {}
        try:
            watchers = [
                asyncio.create_task(probe(server, stop, acks_ms)),
                asyncio.create_task(sample_rss(server.process.pid, stop, rss)),
            ]
            await asyncio.sleep(1.0)  # the probe's room is racing
            started = time.monotonic()
            try:
                await asyncio.wait_for(
                    asyncio.gather(*(room_life(i, server, found) for i in range(ROOMS))), SOAK_LIMIT
                )
            except TimeoutError:
                raise AssertionError(
                    f"{len(found)} of {ROOMS * RACES} races finished within {SOAK_LIMIT:.0f} s"
                ) from None
            soak = time.monotonic() - started
            stop.set()
            await asyncio.gather(*watchers)

            races, results = stored(db)
            assert len(found) == ROOMS * RACES
            assert races == {race: 1 for race in found}, "every finished race stored exactly once"
            assert results == found, "each race's results stored once, one row a racer"
            p50, p99 = statistics.median(acks_ms), statistics.quantiles(acks_ms, n=100)[98]
            figures = (
                f"soak {soak:.1f} s: probe ack p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(acks_ms):.0f} ms "
                f"over {len(acks_ms)} moves; server RSS peak {max(rss):.0f} MB"
            )
            print(figures)
            assert len(acks_ms) > soak / PROBE_GAP / 4, figures
            assert p99 < P99_LIMIT_MS, figures
            assert max(rss) < RSS_LIMIT_MB, figures
            assert "Traceback" not in server.output()
        finally:
            stop.set()
            await server.ensure_stopped()
