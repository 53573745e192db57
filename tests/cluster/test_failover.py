"""Chaos on a real 3-process cluster (real redis-server, real nginx, real processes, python-socketio
clients through nginx): a full race, and kill -9 of a room's owner during the countdown, during the
race, and between the last step and the stored result. Each ends with `check_race`: versions
contiguous for every client, every acknowledged move in the stored race log, the race stored once,
both players finished. Figures (seconds from the fault to each client's rejoin) are printed (-s)."""

import asyncio
import os
import signal
import time

from server.maze.race_card import card_for
from tests.cluster.chaos import LogEntry, LogTail
from tests.cluster.chaos_checks import check_race, database_rows
from tests.cluster.chaos_reads import seen
from tests.cluster.chaos_table import RaceTable, owner_of, until


async def test_a_full_race_through_nginx_with_two_players_and_a_spectator(table: RaceTable) -> None:
    owner = await owner_of(table)
    await table.start()
    await table.racing()
    await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    stored = await check_race(table)
    assert [result["rank"] for result in stored["results"]] == [1, 2]
    assert await table.owner() == owner  # no fault: the room never moved
    assert all(client.rejoins == [] for client in table.clients)


async def test_kill_9_of_the_owner_during_the_countdown(table: RaceTable) -> None:
    owner = await owner_of(table)
    await table.start()
    assert seen(table.ann, "countdown") is not None
    assert seen(table.ann, "started") is None
    killed_at = time.monotonic()
    table.cluster.kill(owner)
    await table.racing()
    assert await owner_of(table) != owner
    started = seen(table.ann, "started") or table.ann.snapshot
    assert started["difficulty"] == card_for(table.maze)  # the new owner rebuilt it with the maze
    await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    await check_race(table)
    assert all(client.rejoins for client in table.clients)  # the spectator came back too
    print(f"\ncountdown kill -9 of {owner}: back after {table.back_after(killed_at)} s")


async def test_kill_9_of_the_owner_during_the_race(table: RaceTable) -> None:
    owner = await owner_of(table)
    await table.start()
    await table.racing()
    half = len(table.path) // 2
    await asyncio.gather(table.walk(table.ann, stop_before=half), table.walk(table.bob, stop_before=half + 1))
    acked_before = len(table.ann.acked) + len(table.bob.acked)
    killed_at = time.monotonic()
    table.cluster.kill(owner)
    await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    await check_race(table)
    assert await table.owner() != owner
    assert acked_before > 0
    assert table.ann.snapshot["difficulty"] == card_for(table.maze)  # the rejoin's, from the new owner
    assert all(client.rejoins for client in table.clients)
    print(f"\nrace kill -9 of {owner}: back after {table.back_after(killed_at)} s")


async def test_kill_9_between_the_last_step_and_the_stored_result(table: RaceTable) -> None:
    """The owner dies the moment the last step is in the room's Redis log, before (most likely) the
    race is in the store: the process that replays the log stores it, once."""
    cluster = table.cluster
    owner = await owner_of(table)
    await table.start()
    await table.racing()
    await table.walk(table.ann)
    await table.walk(table.bob, stop_before=1)
    exit_cell, bob_id = list(table.path[-1]), table.bob.you["id"]
    rows_at_kill: list[tuple[int, int, int]] = []
    killed_at: list[float] = []

    def kill_on_last_step(entry: LogEntry) -> None:
        command = entry.command
        last_step = command.get("member") == bob_id and command.get("target") == exit_cell
        if command.get("kind") == "move" and last_step and not rows_at_kill:
            os.kill(cluster.pid(owner), signal.SIGKILL)
            killed_at.append(time.monotonic())
            rows_at_kill.append(database_rows(cluster.db, table.race_id, table.code))

    tail = LogTail(cluster, table.code).start()
    tail.on_entry = kill_on_last_step
    try:
        await table.walk(table.bob)
        await until(lambda: rows_at_kill, "the owner killed on the last step")
    finally:
        await tail.close()
    cluster.nodes[owner].wait(10)
    await check_race(table)
    # the race may have been over (and stored) before the kill landed, and then nobody needed the room
    # at once: the dead owner's lease runs out on its own, and the room's next join takes it
    deadline = time.monotonic() + 10
    while await table.owner() == owner:
        assert time.monotonic() < deadline, "the dead owner kept the room"
        await asyncio.sleep(0.1)
    print(f"\nlast-step kill -9 of {owner}: rows (race, room, results) in the store then {rows_at_kill[0]}")
    print(f"back after {table.back_after(killed_at[0])} s")
