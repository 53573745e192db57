"""Redis as a primary, a replica and three Sentinels under a real 3-process cluster
(`running_cluster(ha=True)`): the processes find the primary through the Sentinels, and a command is
acknowledged only once its log entry is on both Redis nodes.

- The primary killed with SIGKILL while both players walk (log batches in flight): the replica is
  promoted, the old primary comes back as its replica (as the launcher brings it back), the players
  move again, and no acknowledged move is missing from the stored race. The room's lease epoch
  survives the promotion: the lease taken after it has a higher epoch than any before.
- The primary killed: Redis is lost to every process alike while the Sentinels promote the replica, so
  no process steps aside (answers new connections 503 and sends its rooms' clients round the ring to
  processes that come back at other moments); the race then goes on to its end.
- The replica frozen (SIGSTOP): `WAIT` times out, and a move is answered `server_unsure`, never
  acknowledged; once the replica runs again (SIGCONT) the race goes on to its end with nothing lost.
"""

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest

from server.cluster.ownership.redis_link import connect
from server.cluster.ownership.shared_rooms import Lease, room_keys
from server.cluster.redis_ha import RedisHA
from server.cluster.redis_server import RedisServer
from tests.cluster.chaos import ChaosCluster, running_cluster
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_reads import current_cell
from tests.cluster.chaos_table import SIZE, RaceTable, move_once, open_table, until

BIG = 11
"""Rows and columns of the maze of the kill test: a walk long enough to be cut by the kill."""


@pytest.fixture
def ha_cluster(tmp_path: Path) -> Iterator[ChaosCluster]:
    with running_cluster(tmp_path, ha=True) as started:
        yield started


@contextlib.asynccontextmanager
async def racing(cluster: ChaosCluster, size: int = SIZE) -> AsyncIterator[tuple[RaceTable, RedisHA]]:
    """A race under way on the cluster (its clients closed after), and the cluster's Redis nodes."""
    ha = cluster.ha
    assert ha is not None
    table = await open_table(cluster, size)
    try:
        await table.start()
        await table.racing()
        yield table, ha
    finally:
        await table.close()


async def revive(ha: RedisHA, node: RedisServer) -> None:
    """Start a killed node again as the launcher does: once the Sentinels have promoted its replica."""
    while not node.service.alive():
        ha.revive(print)
        await asyncio.sleep(0.2)


def nodes(ha: RedisHA) -> tuple[RedisServer, RedisServer]:
    """The primary and the replica, as the Sentinels say now."""
    primary = ha.node_on(ha.primary_port())
    assert primary is not None
    return primary, next(node for node in ha.nodes if node is not primary)


async def epoch_of(url: str, code: str) -> int:
    """The room's lease epoch (leases ever granted) on the primary the Sentinels name now."""
    link = connect(url)
    try:
        value = await link.redis.get(room_keys(code)["epoch"])
        owner = await link.redis.get(room_keys(code)["owner"])
    finally:
        await link.aclose()
    held = Lease(code, owner.decode()).epoch if owner else 0
    return max(int(value or 0), held)


async def test_primary_killed_mid_race_loses_no_acknowledged_move(ha_cluster: ChaosCluster) -> None:
    async with racing(ha_cluster, BIG) as (table, ha):
        walks = asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        await until(lambda: len(table.ann.acked) >= 3 and len(table.bob.acked) >= 3, "moves acked")
        before = await epoch_of(ha.url, table.code)
        primary, replica = nodes(ha)
        acked_before = len(table.ann.acked) + len(table.bob.acked)
        primary.kill()
        await revive(ha, primary)
        assert ha.primary_port() == replica.port
        await walks
        assert len(table.ann.acked) + len(table.bob.acked) > acked_before
        assert await epoch_of(ha.url, table.code) > before
        await check_race(table)


async def test_no_process_steps_aside_while_the_sentinels_replace_the_primary(
    ha_cluster: ChaosCluster,
) -> None:
    async with racing(ha_cluster) as (table, ha):
        primary, replica = nodes(ha)
        primary.kill()
        killed = time.monotonic()
        statuses: set[int] = set()
        async with aiohttp.ClientSession() as http:
            while await asyncio.to_thread(ha.primary_port) != replica.port:
                for node in ha_cluster.nodes:
                    handshake = (
                        f"{ha_cluster.node_url(node)}/socket.io/?EIO=4&transport=polling&room={table.code}"
                    )
                    async with http.get(handshake) as answer:
                        statuses.add(answer.status)
                await asyncio.sleep(0.1)
        promoted = time.monotonic() - killed
        assert promoted > 1.5, f"promoted {promoted:.1f} s after the kill: before any process was cut off"
        assert statuses == {200}, statuses
        await revive(ha, primary)
        await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        await check_race(table)


async def test_a_lagging_replica_holds_acknowledgements_back(ha_cluster: ChaosCluster) -> None:
    async with racing(ha_cluster) as (table, ha):
        await table.walk(table.ann, stop_before=len(table.path) // 2)
        here = current_cell(table.ann)
        assert here is not None
        step = list(table.path[table.path.index(here) + 1])
        _, replica = nodes(ha)
        acked = len(table.ann.acked)
        os.kill(replica.service.pid, signal.SIGSTOP)
        try:
            answer = await move_once(table.ann, step, within=15)
        finally:
            os.kill(replica.service.pid, signal.SIGCONT)
        assert answer.get("ok") is not True, answer
        assert answer["error"]["code"] == "server_unsure", answer
        assert len(table.ann.acked) == acked
        await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        await check_race(table)
