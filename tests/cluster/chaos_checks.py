"""What every chaos test asserts once the race is over: every client's versions contiguous, both players
finished, every acknowledged move in the stored race log at the move count its ack gave, and the race
stored exactly once (listed once, its replay answers, one row in the shared database)."""

import asyncio
import contextlib
import sqlite3
import time
from pathlib import Path
from typing import Any

import aiohttp

from server.maze.model import Cell
from server.room.racelog import RaceLog
from tests.cluster.chaos import WAIT, ChaosCluster
from tests.cluster.chaos_reads import race_over
from tests.cluster.chaos_table import RaceTable, until


async def stored_race(cluster: ChaosCluster, race_id: str) -> dict[str, Any]:
    """The stored race (the replay API answers 200), waiting for a save still under way."""
    async with aiohttp.ClientSession() as http:
        deadline = time.monotonic() + WAIT
        while True:
            async with http.get(f"{cluster.url}/api/races/{race_id}") as answer:
                if answer.status == 200:
                    return dict(await answer.json())
                assert answer.status in (404, 429), (answer.status, await answer.text())
            assert time.monotonic() < deadline, f"race {race_id} was not stored within {WAIT} s"
            await asyncio.sleep(1.0)  # the replay API allows one a second once the burst is spent


async def listed_races(cluster: ChaosCluster) -> list[str]:
    async with aiohttp.ClientSession() as http, http.get(f"{cluster.url}/api/races") as answer:
        assert answer.status == 200
        return [race["id"] for race in (await answer.json())["races"]]


def database_rows(db: Path, race_id: str, code: str) -> tuple[int, int, int]:
    """Rows in the shared SQLite file: races with this id, races of this room, results of the race."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        by_id = conn.execute("SELECT count(*) FROM races WHERE id = ?", (race_id,)).fetchone()[0]
        by_room = conn.execute("SELECT count(*) FROM races WHERE room_code = ?", (code,)).fetchone()[0]
        results = conn.execute("SELECT count(*) FROM results WHERE race_id = ?", (race_id,)).fetchone()[0]
    return int(by_id), int(by_room), int(results)


def logged_moves(stored: dict[str, Any], cols: int) -> dict[str, list[Cell]]:
    """Each player's cells in the stored race log, in order."""
    moves: dict[str, list[Cell]] = {}
    for entry in RaceLog.from_wire(stored["log"], cols):
        if entry["type"] == "move":
            moves.setdefault(str(entry["id"]), []).append((entry["cell"][0], entry["cell"][1]))
    return moves


async def check_race(table: RaceTable) -> dict[str, Any]:
    """Everything a fault must not break, once the race is over; the stored race."""
    assert table.maze is not None
    for client in table.clients:
        await until(lambda c=client: race_over(c), f"{client.name} sees the race over")
    for client in [*table.clients, *table.retired]:
        assert client.gaps() == [], (client.name, client.gaps())
    results = race_over(table.ann)
    assert results is not None
    assert results["race"] == table.race_id
    by_id = {result["id"]: result for result in results["results"]}
    for player in table.players:
        mine = by_id[player.you["id"]]
        assert not mine["dnf"], mine
        assert mine["rank"] is not None, mine
        assert tuple(mine["cell"]) == table.maze.exit

    stored = await stored_race(table.cluster, table.race_id)
    moves = logged_moves(stored, table.maze.cols)
    for player in table.players:
        member = player.you["id"]
        clients = [*table.clients, *table.retired]
        acked = [ack for client in clients if client.you.get("id") == member for ack in client.acked]
        cells = moves[member]
        assert cells == table.path[1:], (player.name, cells)
        for cell, count in acked:
            assert cells[count - 1] == tuple(cell), (player.name, cell, count)
        assert by_id[member]["moves"] == len(cells)
    assert (await listed_races(table.cluster)).count(table.race_id) == 1
    assert database_rows(table.cluster.db, table.race_id, table.code) == (1, 1, 2)
    return stored
