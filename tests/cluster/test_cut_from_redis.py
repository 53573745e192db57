"""A process cut off from Redis (its Redis traffic dropped, its players still reaching it through nginx)
lets its rooms go within a lease: it can log nothing and keep no lease, so its players are sent on,
nginx takes them past it (it answers new connections 503) to the next process on the ring, which takes
each room over once the lease has run out; the race goes on there to its end, nothing acknowledged
lost, while the cut lasts."""

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.cluster.chaos import ChaosCluster, running_cluster
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_table import RaceTable, owner_of, table_on, until

BACK_WITHIN = 8.0
"""Seconds from the cut until every client has joined the room again elsewhere: a lease (1.5 s) to let
go, another for the lease to run out, reconnections; generous for two busy cores (never met before)."""


@pytest.fixture
def relayed(tmp_path: Path) -> Iterator[ChaosCluster]:
    with running_cluster(tmp_path, relayed=True) as started:
        yield started


@pytest.fixture
async def cut_table(relayed: ChaosCluster) -> AsyncIterator[RaceTable]:
    async with table_on(relayed) as made:
        yield made


async def test_a_process_cut_off_from_redis_lets_its_rooms_go(cut_table: RaceTable) -> None:
    table, cluster = cut_table, cut_table.cluster
    owner = await owner_of(table)
    other = next(node for node in cluster.nodes if node != owner)
    await table.start()
    await table.racing()
    await asyncio.gather(table.walk(table.ann, stop_before=len(table.path) - 3),
                         table.walk(table.bob, stop_before=len(table.path) - 3))  # fmt: skip

    cluster.relays[owner].stall()
    cut_at = time.monotonic()
    try:
        for client in table.clients:
            await until(
                lambda c=client: any(t > cut_at for t in c.rejoins),
                f"{client.name} joined again",
                within=BACK_WITHIN - (time.monotonic() - cut_at),
            )
        assert await owner_of(table, cluster.node_url(other)) != owner
        assert "cannot reach the game's shared state" in cluster.log_of(owner)
        await asyncio.gather(table.walk(table.ann), table.walk(table.bob))  # the race ends elsewhere
        await check_race(table)
        print(f"\ncut {owner} from Redis: clients back after {table.back_after(cut_at)} s")
    finally:
        cluster.relays[owner].heal()
