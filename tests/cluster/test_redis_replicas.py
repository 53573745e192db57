"""Redis as a primary, two replicas and three Sentinels under a real 3-process cluster
(`running_cluster(ha=True, replicas=2)`): a command is still acknowledged only once its log entry is on
two Redis nodes, but any replica confirms it.

- One replica frozen (SIGSTOP) for longer than a lease: every move of a whole walk is acknowledged the
  first time it is sent. With one replica the same freeze has moves answered `server_unsure`
  (`test_redis_failover.test_a_lagging_replica_holds_acknowledgements_back`).
- The primary killed with SIGKILL mid-walk and left dead: the Sentinels promote a replica, which has the
  other replica at once, so the players move again and finish while the old primary is still down
  (with one replica nothing is acknowledged until the old primary is back as the new one's replica);
  no acknowledged move is missing from the stored race.
"""

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.cluster.redis_ha import RedisHA
from server.cluster.redis_server import RedisServer
from tests.cluster.chaos import ChaosCluster, running_cluster
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_table import MOVE_GAP, move_once, open_table, until

BIG = 11
"""Rows and columns of the maze: a walk that outlasts a lease (1.5 s) several times over."""
LEASE_SECONDS = 1.5


@pytest.fixture
def two_replicas(tmp_path: Path) -> Iterator[ChaosCluster]:
    with running_cluster(tmp_path, ha=True, replicas=2) as started:
        yield started


def roles(ha: RedisHA) -> tuple[RedisServer, list[RedisServer]]:
    """The primary and its replicas, as the Sentinels say now."""
    primary = ha.node_on(ha.primary_port())
    assert primary is not None
    return primary, [node for node in ha.nodes if node is not primary]


async def test_one_replica_frozen_holds_no_acknowledgement_back(two_replicas: ChaosCluster) -> None:
    ha = two_replicas.ha
    assert ha is not None
    assert len(ha.nodes) == 3
    table = await open_table(two_replicas, BIG)
    try:
        await table.start()
        await table.racing()
        _, replicas = roles(ha)
        frozen = replicas[0]
        os.kill(frozen.service.pid, signal.SIGSTOP)
        froze = time.monotonic()
        try:
            for step in table.path[1:]:
                answer = await move_once(table.ann, list(step), within=15)
                assert answer.get("ok") is True, (step, answer, f"{time.monotonic() - froze:.2f} s frozen")
                await asyncio.sleep(MOVE_GAP)
            walked = time.monotonic() - froze
        finally:
            os.kill(frozen.service.pid, signal.SIGCONT)
        assert walked > 2 * LEASE_SECONDS, f"the walk took {walked:.1f} s: shorter than two leases"
        await table.walk(table.bob)
        await check_race(table)
    finally:
        await table.close()


async def test_players_finish_while_the_killed_primary_is_still_down(two_replicas: ChaosCluster) -> None:
    ha = two_replicas.ha
    assert ha is not None
    table = await open_table(two_replicas, BIG)
    try:
        await table.start()
        await table.racing()
        walks = asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        await until(lambda: len(table.ann.acked) >= 3 and len(table.bob.acked) >= 3, "moves acked")
        primary, replicas = roles(ha)
        acked_before = len(table.ann.acked) + len(table.bob.acked)
        primary.kill()
        await walks
        assert not primary.service.alive(), "the old primary came back: nothing here starts it"
        assert ha.primary_port() in {replica.port for replica in replicas}
        assert len(table.ann.acked) + len(table.bob.acked) > acked_before
        await check_race(table)
    finally:
        await table.close()
