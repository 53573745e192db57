"""The cluster on simulated machines (tests/cluster/netns_cluster.py): redis-server, each MazeRace
process and nginx in a network namespace of its own, 1 ms between machines and 20-60 ms to the players.
A race through nginx over that network. Then, in one test (the second half starts from the end of the
first): an owner cut off from Redis (an `nft` drop rule in its namespace) while its players still reach
it lets its room go, another process takes the room over, the players join it there and the race ends
with every acknowledged move in the stored log; and, the cut healed, what the old owner still had on its
way to Redis (TCP resends it) is refused: the room stays where it went, the old owner holds no room, and
the room's log holds no entry of the old lease after the new lease's first.

They need root, `ip netns` and `nft`, and are skipped (with the reason) without them."""

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from server.cluster.nodes import health
from tests.cluster.chaos import LogTail
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_table import RaceTable, owner_of, table_on, until
from tests.cluster.netns import unavailable
from tests.cluster.netns_cluster import NODE_PORT, NetnsCluster, netns_cluster

BACK_WITHIN = 10.0
"""Seconds from the cut until every client has joined the room again elsewhere: a lease (1.5 s) to let
go, another for the lease to run out, reconnections over a 20-60 ms link; generous for two busy cores."""
LATE_WRITES = 3.0
"""Seconds after the cut heals for TCP to resend what it held (its retransmission timer has backed off
to a second or two by then)."""


@pytest.fixture
def simulated(tmp_path: Path) -> Iterator[NetnsCluster]:
    reason = unavailable()
    if reason is not None:
        pytest.skip(reason)
    with netns_cluster(tmp_path) as started:
        yield started


@pytest.fixture
async def net_table(simulated: NetnsCluster) -> AsyncIterator[RaceTable]:
    async with table_on(simulated) as made:
        yield made


def health_of(cluster: NetnsCluster, node: str) -> dict[str, Any]:
    """`node`'s /healthz, asked straight over the bridge."""
    answer = health(NODE_PORT, cluster.network.machines[node].address)
    assert answer is not None, f"{node} does not answer"
    return answer


async def watch_for(cluster: NetnsCluster, lease: str, seen: list[str]) -> None:
    """Note (Redis's MONITOR) the name of every command a client sends with `lease` among its
    arguments: the old owner's, the only process that has that token."""
    redis = cluster.client()
    try:
        async with redis.monitor() as monitor:
            async for info in monitor.listen():
                words = info["command"].split(" ")
                if info["client_type"] == "tcp" and lease in words:
                    seen.append(words[0])
    finally:
        await redis.aclose()


def lease_of(entry_id: str) -> int:
    """The lease epoch a log entry was written under (its id is `<epoch>:<node>:<count>`)."""
    return int(entry_id.split(":", 1)[0])


async def test_a_race_through_nginx_on_simulated_machines(net_table: RaceTable) -> None:
    table = net_table
    await table.start()
    await table.racing()
    await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    await check_race(table)
    assert all(client.rejoins == [] for client in table.clients)  # nothing moved: a plain race


async def test_an_owner_cut_off_from_redis_lets_go_and_its_late_writes_are_refused(
    net_table: RaceTable,
) -> None:
    table = net_table
    cluster = table.cluster
    assert isinstance(cluster, NetnsCluster)
    owner = await owner_of(table)
    tail = LogTail(cluster, table.code).start()
    try:
        await table.start()
        await table.racing()
        third = len(table.path) // 3
        await asyncio.gather(*(table.walk(p, stop_before=2 * third) for p in table.players))
        walking = [asyncio.create_task(table.walk(p, stop_before=third)) for p in table.players]
        await asyncio.sleep(0.3)  # moves on their way when the link fails
        cluster.cut_from_redis(owner)
        cut_at = time.monotonic()
        for client in table.clients:
            await until(
                lambda c=client: any(t > cut_at for t in c.rejoins), f"{client.name} back", BACK_WITHIN
            )
        await asyncio.gather(*walking)
        taken_over = await owner_of(table)
        assert taken_over != owner
        assert "cannot reach the game's shared state" in cluster.log_of(owner)
        assert (await asyncio.to_thread(health_of, cluster, owner))["rooms"] == 0

        old_lease = next(  # `<epoch>:<node>`, the token every write of the old owner carries
            e.written_as.rsplit(":", 1)[0] for e in tail.entries if e.written_as.split(":")[1] == owner
        )
        late: list[str] = []
        watching = asyncio.create_task(watch_for(cluster, old_lease, late))
        await asyncio.sleep(0.2)  # MONITOR is on
        cluster.heal(owner)  # what the old owner's connections still held now reaches Redis
        await asyncio.sleep(LATE_WRITES)
        watching.cancel()
        await asyncio.gather(watching, return_exceptions=True)
        assert await owner_of(table) == taken_over
        assert (await asyncio.to_thread(health_of, cluster, owner))["rooms"] == 0
        await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        await check_race(table)
    finally:
        await tail.close()
    leases = [lease_of(entry.written_as) for entry in tail.entries]
    assert len(set(leases)) >= 2, leases  # the room was logged under the old lease, then a new one
    assert leases == sorted(leases), leases  # and nothing of an older lease after a newer one's
    print(f"\ncut {owner} from Redis: clients back on {taken_over} after {table.back_after(cut_at)} s;"
          f" log entries by lease {dict(Counter(leases))}; after the heal, Redis got {len(late)} late"
          f" commands of lease {old_lease} ({', '.join(late)}), none logged")  # fmt: skip
