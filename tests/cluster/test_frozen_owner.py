"""An owner frozen past its lease (SIGSTOP) wakes to find its rooms' leases gone. The commands its
players sent meanwhile are answered `server_unavailable` (the room is on the move: reconnect and
send again), never `unknown_room`, which a client takes as final: the room still exists, and its
race must go on to the end where its players land next (here: the same process, which takes the room
back once they reconnect). Whether a queued command meets the room in the turn it is dropped depends
on the loop's order of wake-ups; test_room_sent_away pins that turn down."""

import asyncio
import signal

from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_reads import current_cell
from tests.cluster.chaos_table import RaceTable, move_once, owner_of
from tests.cluster.players import ClusterPlayer

FROZEN_SECONDS = 2.5
"""Past the 1.5 s lease the test cluster runs with."""


def next_cells(table: RaceTable, player: ClusterPlayer, count: int) -> list[list[int]]:
    here = current_cell(player)
    assert here is not None
    at = table.path.index(here)
    return [list(cell) for cell in table.path[at + 1 : at + 1 + count]]


async def test_commands_queued_at_a_frozen_owner_are_answered_as_moving(table: RaceTable) -> None:
    cluster = table.cluster
    owner = await owner_of(table)
    await table.start()
    await table.racing()
    await asyncio.gather(table.walk(table.ann, stop_before=len(table.path) - 2),
                         table.walk(table.bob, stop_before=len(table.path) - 2))  # fmt: skip
    steps = [(player, cell) for player in table.players for cell in next_cells(table, player, 3)]

    cluster.signal(owner, signal.SIGSTOP)
    try:
        within = FROZEN_SECONDS + 2  # a command the woken owner dropped with its connection: no ack
        queued = [asyncio.create_task(move_once(player, cell, within)) for player, cell in steps]
        await asyncio.sleep(FROZEN_SECONDS)
    finally:
        cluster.signal(owner, signal.SIGCONT)
    acks = await asyncio.gather(*queued)
    codes = [ack["error"]["code"] for ack in acks if not ack["ok"]]
    assert "unknown_room" not in codes, acks

    await asyncio.gather(table.walk(table.ann), table.walk(table.bob))  # the race goes on, to its end
    await check_race(table)
