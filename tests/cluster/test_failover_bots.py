"""A bot on a real 3-process cluster: kill -9 of the room's owner mid-race, and the new owner drives the
bot on from where it was, making exactly the moves its brain makes in an unbroken race (its brain is in
the room's state and each step is a logged command, so the new owner rebuilds and continues it)."""

import asyncio
import random
import time

from server.bots import FullSight, make_bot
from server.maze.model import Cell, Maze
from server.room.settings import spec_for
from server.runtime.course import build_course
from tests.cluster.chaos_checks import database_rows, listed_races, logged_moves, stored_race
from tests.cluster.chaos_reads import race_over
from tests.cluster.chaos_table import RaceTable, owner_of, until


def unbroken_walk(maze: Maze, distances: list[int], seed: int, bot_id: str) -> list[Cell]:
    """The cells a DFS bot steps into when nothing ever interrupts it."""
    brain = make_bot("dfs", random.Random(f"{seed}:{bot_id}").getrandbits(63))
    here, cells = maze.entrance, []
    while here != maze.exit:
        step = brain.next_step(FullSight(maze, here, distances))
        assert step is not None
        cells.append(step)
        here = step
    return cells


def bot_moves(table: RaceTable, bot_id: str) -> int:
    """How many moves of the bot the spectator has seen."""
    return sum(
        1
        for session in table.sue.sessions
        for event in session.events
        if event["t"] == "moved" and event["d"]["id"] == bot_id
    )


async def test_kill_9_of_the_owner_while_a_bot_races(table: RaceTable) -> None:
    owner = await owner_of(table)
    added = await table.ann.command("add_bot", {"kind": "dfs", "speed": 8})
    assert added["ok"], added
    bot_id = added["id"]
    await table.start()
    await table.racing()
    await until(lambda: bot_moves(table, bot_id) >= 3, "the bot under way")
    killed_at = time.monotonic()
    table.cluster.kill(owner)
    await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    for client in table.clients:
        await until(lambda c=client: race_over(c), f"{client.name} sees the race over", within=60)
    assert await table.owner() != owner
    for client in table.clients:
        assert client.gaps() == [], (client.name, client.gaps())

    stored = await stored_race(table.cluster, table.race_id)
    assert table.maze is not None
    maze, distances = build_course(spec_for(stored["settings"], stored["seed"]))
    assert maze == table.maze
    moves = logged_moves(stored, maze.cols)
    assert moves[bot_id] == unbroken_walk(maze, distances, stored["seed"], bot_id)
    bot_row = next(row for row in stored["results"] if row["id"] == bot_id)
    assert (bot_row["bot"], bot_row["dnf"], bot_row["moves"]) == ("dfs", False, len(moves[bot_id]))
    assert (await listed_races(table.cluster)).count(table.race_id) == 1
    assert database_rows(table.cluster.db, table.race_id, table.code) == (1, 1, 3)
    print(f"\nbot race kill -9 of {owner}: back after {table.back_after(killed_at)} s")
