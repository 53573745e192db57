"""Redis as a primary, a replica and three Sentinels, each on a simulated machine of its own
(tests/cluster/netns_redis_ha.py), under the cluster of test_netns.py: three MazeRace processes and
nginx on machines of their own, 1 ms between machines and 20-60 ms to the players. In one race:

- the primary killed with SIGKILL: the Sentinels promote the replica, the old primary comes back as its
  replica (as the launcher brings it back), the processes follow the Sentinels to the new primary, and
  the players move again;
- then the new primary cut off from every other machine, its process running on: the replica is
  promoted, and once the cut heals the cut-off primary is made the new one's replica (by the launcher's
  role check, `watch_roles`), so nothing it took meanwhile counts;
- and the stored race holds every acknowledged move.

It prints how long the players took to move again (a figure, not a bound: `make bench ARGS=cluster`
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


async def moving_again(table: RaceTable, since: float, counts: list[int]) -> list[float]:
    """Seconds from `since` until each player had a move acknowledged past its `counts`."""
    back = await asyncio.gather(*(acked_again(p, n) for p, n in zip(table.players, counts, strict=True)))
    return [round(moment - since, 2) for moment in back]


async def acknowledged(table: RaceTable, more: int) -> list[int]:
    """Once every player has `more` acknowledged moves past what it has now: their counts."""
    counts = [len(p.acked) + more for p in table.players]
    await until(lambda: all(len(p.acked) >= n for p, n in zip(table.players, counts, strict=True)), "moves")
    return counts


async def test_a_primary_killed_then_one_cut_off_lose_no_acknowledged_move(
    racing: tuple[RaceTable, NetnsRedisHA],
) -> None:
    """Both players walk to the exit meanwhile. The new primary acknowledges nothing while its only
    replica is away (`WAIT 1`): after the kill until the launcher has the old primary back as a replica,
    after the cut until it heals and the cut-off primary has become the other's replica."""
    table, ha = racing
    walks = asyncio.gather(table.walk(table.ann), table.walk(table.bob))

    counts = await acknowledged(table, 3)
    killed = time.monotonic()
    ha.kill("redis1")
    await primary_is(ha, "redis2")
    await asyncio.to_thread(ha.start_node, "redis1", "redis2")  # as the launcher brings it back
    after_kill = await moving_again(table, killed, counts)
    await until(lambda: settled(ha), "one primary, the other node its replica")

    counts = await acknowledged(table, 3)
    primary = ha.primary()
    assert primary is not None
    ha.cut_off(primary)
    replica = next(node for node in REDIS_NODES if node != primary)
    await primary_is(ha, replica)
    healed = time.monotonic()
    ha.network.heal(primary)
    await until(lambda: ha.role(primary) == "slave", "the cut-off primary a replica of the new one")
    after_heal = await moving_again(table, healed, counts)

    await walks
    await check_race(table)
    print(f"\nprimary killed: players moving again after {after_kill} s;"
          f" primary cut off: moving again {after_heal} s after the heal")  # fmt: skip
