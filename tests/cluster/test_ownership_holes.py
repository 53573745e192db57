"""Holes found reviewing room ownership, each shown against a real redis-server; each test
failed on the code before its fix."""

import signal

import pytest

from server.cluster.ownership.shared_log import GroupWrite, LogUncertain, SharedLog
from server.cluster.ownership.shared_rooms import Lease, SharedRooms
from tests.services.redis import RedisServer, redis_cli

CODE = "holeroom01"
LEASE_TTL = 30.0
"""Long: these tests stall Redis, and the lease must not be what runs out."""


async def append(rooms: SharedRooms, lease: Lease, entry_id: str, command: str, summary: str = "") -> bool:
    """One entry of one room, logged as a group commit of one."""
    (result,) = await SharedLog(rooms).append([GroupWrite(lease, ((entry_id, command),), "", summary)])
    assert isinstance(result, bool), result
    return result


async def test_a_log_write_redis_did_not_answer_is_resolved_by_sending_it_again(
    redis_server: RedisServer,
) -> None:
    """A log write that timed out (Redis stalled past `socket_timeout`: a slow fsync, a fork, a stopped
    process) is not known to have failed: its bytes were sent, and Redis runs the script when it wakes.
    So it is not reported as `server_unavailable` (which tells the client nothing happened, and a resent
    hint would count twice): the batch raises `LogUncertain`, and the group commit sends the same entry
    again, which the script writes only once, until Redis says it is there."""
    rooms = SharedRooms(redis_server.url, "one", LEASE_TTL)
    try:
        assert await rooms.create(CODE, {"v": 0}, {"code": CODE})
        lease, _ = await rooms.acquire(CODE)
        assert lease is not None
        assert await append(rooms, lease, "e1", '{"kind":"tick","now":0.5}')  # script loaded
        redis_server.service.send(signal.SIGSTOP)  # Redis stalls (a real stall of the real process)
        try:
            with pytest.raises(LogUncertain):
                await append(rooms, lease, "e2", '{"kind":"tick","now":1.0}')
        finally:
            redis_server.service.send(signal.SIGCONT)
        assert await append(rooms, lease, "e2", '{"kind":"tick","now":1.0}')  # sent again
        logged = (await rooms.load(CODE)).commands
        assert logged == [{"kind": "tick", "now": 0.5}, {"kind": "tick", "now": 1.0}]  # once
    finally:
        await rooms.close()


async def test_a_closed_room_leaves_no_key_in_redis(redis_server: RedisServer) -> None:
    """A room that closes deletes every key it had (its epoch counter and last holder included), and
    none of them lives forever meanwhile: Redis does not grow with every room ever played."""
    rooms = SharedRooms(redis_server.url, "one", LEASE_TTL)
    try:
        assert await rooms.create(CODE, {"v": 0}, {"code": CODE})
        lease, _ = await rooms.acquire(CODE)
        assert lease is not None
        assert await append(rooms, lease, "e1", '{"kind":"tick","now":1.0}', '{"code":"holeroom01"}')
        live = redis_cli(redis_server, "--scan", "--pattern", f"*{CODE}*").split()
        assert [key for key in live if redis_cli(redis_server, "PTTL", key) == "-1"] == []
        await rooms.close_room(lease)
        assert not await rooms.exists(CODE)
        left = redis_cli(redis_server, "--scan", "--pattern", f"*{CODE}*").split()
        no_expiry = [key for key in left if redis_cli(redis_server, "PTTL", key) == "-1"]
        assert no_expiry == [], f"keys of a closed room that never expire: {no_expiry}"
    finally:
        await rooms.close()
