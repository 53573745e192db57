"""Redis as a primary, a replica and three Sentinels, each on a simulated machine of its own
(tests/cluster/netns_redis_ha.py), under the cluster of test_netns.py: three MazeRace processes and
nginx on machines of their own, 1 ms between machines and 20-60 ms to the players. Mid-race:

- the primary killed with SIGKILL: the Sentinels promote the replica, the old primary comes back as its
  replica (as the launcher brings it back), the processes follow the Sentinels to the new primary, the
  players move again, and the stored race holds every acknowledged move;
- the primary cut off from every other machine, its process running on: the replica is promoted, and
  once the cut heals the Sentinels turn the old primary into the new one's replica, so nothing it took
  meanwhile counts; the race goes on with nothing acknowledged lost.

Each prints how long the players took to move again (a figure, not a bound: `make bench ARGS=cluster`
measures it). They need root, `ip netns` and `nft`, and are skipped (with the reason) without them."""

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_table import RaceTable, open_table, until
from tests.cluster.netns import unavailable
from tests.cluster.netns_cluster import NetnsCluster, netns_cluster
from tests.cluster.netns_redis_ha import REDIS_NODES, NetnsRedisHA
from tests.cluster.players import ClusterPlayer

BIG = 11
"""Rows and columns of the maze: a walk long enough to be cut by the fault."""


@pytest.fixture
def simulated_ha(tmp_path: Path) -> Iterator[NetnsCluster]:
    reason = unavailable()
    if reason is not None:
        pytest.skip(reason)
    with netns_cluster(tmp_path, ha=True) as started:
        yield started


@pytest.fixture
async def racing(simulated_ha: NetnsCluster) -> AsyncIterator[tuple[RaceTable, NetnsRedisHA]]:
    """A race under way, both players walking it to the end meanwhile."""
    assert simulated_ha.redis_ha is not None
    table = await open_table(simulated_ha, BIG)
    try:
        await table.start()
        await table.racing()
        yield table, simulated_ha.redis_ha
    finally:
        await table.close()


async def acked_again(player: ClusterPlayer, before: int) -> float:
    """The moment (monotonic) `player` has more acknowledged moves than `before`."""
    await until(lambda: len(player.acked) > before, f"{player.name} moving again")
    return time.monotonic()


def settled(ha: NetnsRedisHA) -> bool:
    """The node the Sentinels name is a primary, and the other one its replica."""
    primary = ha.primary()
    others = [node for node in REDIS_NODES if node != primary]
    return primary is not None and [ha.role(node) for node in (primary, *others)] == ["master", "slave"]


async def primary_is(ha: NetnsRedisHA, node: str) -> None:
    await until(lambda: ha.primary() == node, f"the Sentinels name {node} the primary")


async def test_the_primary_killed_on_its_machine_loses_no_acknowledged_move(
    racing: tuple[RaceTable, NetnsRedisHA],
) -> None:
    table, ha = racing
    walks = asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    await until(lambda: all(len(p.acked) >= 3 for p in table.players), "moves acknowledged")
    counts = [len(p.acked) for p in table.players]
    killed = time.monotonic()
    ha.kill("redis1")
    await primary_is(ha, "redis2")
    await asyncio.to_thread(ha.start_node, "redis1", "redis2")  # as the launcher brings it back
    back = await asyncio.gather(*(acked_again(p, n) for p, n in zip(table.players, counts, strict=True)))
    await walks
    await check_race(table)
    await until(lambda: settled(ha), "one primary, the other node its replica")
    print(f"\nprimary killed: players moving again after {[round(t - killed, 2) for t in back]} s")


async def test_the_primary_cut_off_is_replaced_and_rejoins_as_a_replica(
    racing: tuple[RaceTable, NetnsRedisHA],
) -> None:
    """The new primary acknowledges nothing while its only replica is cut off (`WAIT 1`): the players
    move again once the cut heals and the old primary has become its replica."""
    table, ha = racing
    walks = asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    await until(lambda: all(len(p.acked) >= 3 for p in table.players), "moves acknowledged")
    counts = [len(p.acked) for p in table.players]
    ha.cut_off("redis1")
    await primary_is(ha, "redis2")
    healed = time.monotonic()
    ha.network.heal("redis1")
    await until(lambda: ha.role("redis1") == "slave", "the old primary a replica of the new one")
    back = await asyncio.gather(*(acked_again(p, n) for p, n in zip(table.players, counts, strict=True)))
    await walks
    await check_race(table)
    print(f"\nprimary cut off: players moving again {[round(t - healed, 2) for t in back]} s after the heal")
