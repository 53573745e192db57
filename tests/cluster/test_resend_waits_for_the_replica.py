"""A log batch whose answer was lost is sent again, perhaps on a new connection, and must then wait for
the replica as the first send did: against a real primary, replica and Sentinels (`RedisHA`).

The first send's entries may be on the primary only (the replica frozen). Sent again on a new
connection, the script finds them in the log and writes nothing, so the `WAIT` after it covers them
only because Redis (7.0, Debian's) moves a connection's `WAIT` offset to the primary's after every
command, writing or not: the test holds the group commit to that, whatever Redis version comes next.
"""

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.cluster.ownership.shared_log import GroupWrite, LogUncertain, SharedLog
from server.cluster.ownership.shared_rooms import SharedRooms, room_keys
from server.cluster.redis_ha import RedisHA
from tests.cluster.leases import held

LEASE_TTL = 30.0
"""Long enough that the lease outlives the test: only the replica decides here."""


@pytest.fixture
def redis_ha(tmp_path: Path) -> Iterator[RedisHA]:
    ha = RedisHA.start(tmp_path / "redis-ha")
    try:
        yield ha
    finally:
        ha.stop()


async def test_a_batch_sent_again_on_a_new_connection_waits_for_the_replica(redis_ha: RedisHA) -> None:
    node = SharedRooms(redis_ha.url, "one", LEASE_TTL)
    try:
        lease = await held(node, "roomresend")
        entries = (("a1", '{"n":1}'), ("a2", '{"n":2}'))
        first = GroupWrite(lease, entries, "", "", refresh=False)
        again = GroupWrite(lease, entries, "", "", again=True, refresh=False)
        primary = redis_ha.node_on(redis_ha.primary_port())
        replica = next(server for server in redis_ha.nodes if server is not primary)
        os.kill(replica.service.pid, signal.SIGSTOP)
        try:
            with pytest.raises(LogUncertain):  # on the primary, not confirmed by the frozen replica
                await SharedLog(node).append([first])
            with pytest.raises(LogUncertain):  # a new connection: the entries are there, still unconfirmed
                await SharedLog(node).append([again])
        finally:
            os.kill(replica.service.pid, signal.SIGCONT)
        assert await SharedLog(node).append([again]) == [True]  # the replica caught up
        assert [c["n"] for c in (await node.load("roomresend")).commands] == [1, 2]
        assert await node.redis.xlen(room_keys("roomresend")["log"]) == 2
    finally:
        await node.close()
