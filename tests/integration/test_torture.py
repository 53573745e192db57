"""Concurrency torture: many rooms, every client firing its commands at once (no await between sends):
joins, readies, moves, hints, resyncs, leaves, drops mid-command and returns with the token.

Afterwards every room still answers, every connection saw contiguous versions, every race that ended
was announced with one id and stored exactly once in the real SQLite file.
"""

import asyncio
import itertools
import random
import sqlite3
from pathlib import Path
from typing import Any

from server.maze.model import Cell
from server.maze.wire import decode_maze
from tests.mazes import shortest_path

from .conftest import TIMEOUT, Client, Harness, StartServer, assert_consecutive

ROOMS = 6
PLAYERS = 4
SEED = 20261201


def fire(client: Client, event: str, data: Any) -> "asyncio.Task[Any]":
    """Send a command without waiting for it; the task resolves to its ack (or the error raised)."""
    return asyncio.create_task(client.sio.call(event, data, timeout=TIMEOUT))


async def settle(tasks: list["asyncio.Task[Any]"]) -> list[Any]:
    """Every ack, or the exception of a call that could not get one (its client dropped)."""
    return list(await asyncio.gather(*tasks, return_exceptions=True))


def script(rng: random.Random, path: list[Cell]) -> list[tuple[str, dict[str, Any]]]:
    """A racer's burst: the way out with hints, resyncs and wrong moves mixed in."""
    commands: list[tuple[str, dict[str, Any]]] = []
    for here, cell in itertools.pairwise(path):
        roll = rng.random()
        if roll < 0.1:
            commands.append(
                ("hint", {"method": rng.choice(["bfs", "dfs", "astar", "random"]), "order": True})
            )
        elif roll < 0.15:
            commands.append(("resync", {}))
        elif roll < 0.25:  # two rooms away: always refused, so the racer stays on the way out
            commands.append(("move", {"to": [here[0] + 2, here[1]]}))
        commands.append(("move", {"to": list(cell)}))
    return commands


class Seat:
    """One player's place: the connections it used, in order (a return is a new connection)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.connections: list[Client] = []
        self.token: str | None = None

    @property
    def client(self) -> Client:
        return self.connections[-1]


async def join_all(harness: Harness, codes: list[str]) -> dict[str, list[Seat]]:
    """Every player and one spectator a room join at the same moment."""
    seats = {code: [Seat(f"P{i}") for i in range(PLAYERS)] for code in codes}
    watchers = {code: await harness.client() for code in codes}
    for room in seats.values():
        for seat in room:
            seat.connections.append(await harness.client())
    joins = [fire(s.client, "join", {"code": c, "name": s.name}) for c, room in seats.items() for s in room]
    joins += [fire(w, "join", {"code": c, "role": "spectator"}) for c, w in watchers.items()]
    acks = await settle(joins)
    clients = [s.client for room in seats.values() for s in room] + list(watchers.values())
    for client, ack in zip(clients, acks, strict=True):
        assert ack["ok"] is True, ack
        client.you, client.snapshot = ack["you"], ack["snapshot"]
    for room in seats.values():
        for seat in room:
            seat.token = seat.client.you["token"]
    return seats


async def start_all(seats: dict[str, list[Seat]]) -> dict[str, list[Cell]]:
    """Everyone readies at once; each room's host starts; returns each room's way out."""
    await settle([fire(s.client, "ready", {"ready": True}) for room in seats.values() for s in room])
    hosts = {}
    for code, room in seats.items():
        host_id = (await room[0].client.resync())["host"]
        hosts[code] = next(s.client for s in room if s.client.id == host_id)
    acks = await settle([fire(host, "start", {}) for host in hosts.values()])
    assert all(a["ok"] for a in acks), acks
    ways = {}
    for code, host in hosts.items():
        started = await host.wait_for("started")
        ways[code] = shortest_path(decode_maze(started["d"]["maze"]))
    return ways


async def race_all(harness: Harness, seats: dict[str, list[Seat]], ways: dict[str, list[Cell]]) -> None:
    """Every racer's whole script at once; one player a room drops mid-burst and returns, one leaves."""
    rng = random.Random(SEED)
    bursts: list[asyncio.Task[Any]] = []
    dropped: list[Seat] = []
    for code, room in seats.items():
        for i, seat in enumerate(room):
            commands = script(rng, ways[code])
            if i == 1:  # leaves halfway, for good
                commands = [*commands[: len(commands) // 2], ("leave", {})]
            bursts += [fire(seat.client, event, data) for event, data in commands]
            if i == 2:  # drops with commands in flight
                dropped.append(seat)
    await asyncio.sleep(0)
    for seat in dropped:
        await seat.client.sio.disconnect()
    await settle(bursts)
    # The dropped players come back with their tokens, all at once, and finish from where they are.
    for seat in dropped:
        seat.connections.append(await harness.client())
    rejoins = [
        fire(s.client, "join", {"code": c, "name": s.name, "token": s.token})
        for c, room in seats.items()
        for s in room
        if s in dropped
    ]
    for seat, ack in zip(dropped, await settle(rejoins), strict=True):
        assert ack["ok"] is True, ack
        seat.client.you, seat.client.snapshot = ack["you"], ack["snapshot"]
    finish = []
    for code, room in seats.items():
        for seat in room:
            if seat in dropped:
                finish += [fire(seat.client, "move", {"to": list(cell)}) for cell in ways[code][1:]]
    await settle(finish)


async def test_many_rooms_under_concurrent_fire(start_server: StartServer, tmp_path: Path) -> None:
    db = tmp_path / "torture.db"
    harness = await start_server(db_path=db)
    codes = [await harness.create_room(preset="custom", rows=8, cols=8, hint_limit=5) for _ in range(ROOMS)]
    seats = await join_all(harness, codes)
    ways = await start_all(seats)
    await race_all(harness, seats, ways)

    races: set[str] = set()
    for room in seats.values():
        watcher = room[0].client
        over = await watcher.wait_for("race_over", within=10)
        races.add(over["d"]["race"])
        results = over["d"]["results"]
        assert len(results) == PLAYERS
        assert sum(r["dnf"] for r in results) == 1  # the one who left
        assert (await watcher.resync())["phase"] == "finished"  # the room still answers
    assert len(races) == ROOMS

    for room in seats.values():
        for seat in room:
            for client in seat.connections:
                assert_consecutive(client)
    for client in harness.clients:
        assert_consecutive(client)  # the spectators too

    await harness.request("GET", "/healthz")
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as stored:
        rows = stored.execute("SELECT id, (SELECT COUNT(*) FROM results WHERE race_id = races.id) FROM races")
        counts = dict(rows.fetchall())
    assert counts == dict.fromkeys(races, PLAYERS)
