"""Holes found reviewing room ownership, each shown against a real redis-server; each test
failed on the code before its fix."""

import signal

import pytest

from server.cluster.ownership.shared_rooms import LogUncertain, SharedRooms
from tests.services.redis import RedisServer, redis_cli

CODE = "holeroom01"
LEASE_TTL = 30.0
"""Long: these tests stall Redis, and the lease must not be what runs out."""


async def test_a_log_write_redis_did_not_answer_is_resolved_by_sending_it_again(
    redis_server: RedisServer,
) -> None:
    """A log write that timed out (Redis stalled past `socket_timeout`: a slow fsync, a fork, a stopped
    process) is not known to have failed: its bytes were sent, and Redis runs the script when it wakes.
    So it is not reported as `server_unavailable` (which tells the client nothing happened, and a resent
    hint would count twice): `append` raises `LogUncertain`, and the owner sends the same entry again
    (`RoomOwnership.write`), which the script writes only once, until Redis says it is there."""
    rooms = SharedRooms(redis_server.url, "one", LEASE_TTL)
    try:
        assert await rooms.create(CODE, {"v": 0}, {"code": CODE})
        lease, _ = await rooms.acquire(CODE)
        assert lease is not None
        assert await rooms.append(lease, "e1", '{"kind":"tick","now":0.5}', None, None)  # script loaded
        redis_server.service.send(signal.SIGSTOP)  # Redis stalls (a real stall of the real process)
        try:
            with pytest.raises(LogUncertain):
                await rooms.append(lease, "e2", '{"kind":"tick","now":1.0}', None, None)
        finally:
            redis_server.service.send(signal.SIGCONT)
        assert await rooms.append(lease, "e2", '{"kind":"tick","now":1.0}', None, None)  # sent again
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
        assert await rooms.append(lease, "e1", '{"kind":"tick","now":1.0}', None, '{"code":"holeroom01"}')
        live = redis_cli(redis_server, "--scan", "--pattern", f"*{CODE}*").split()
        assert [key for key in live if redis_cli(redis_server, "PTTL", key) == "-1"] == []
        await rooms.close_room(lease)
        assert not await rooms.exists(CODE)
        left = redis_cli(redis_server, "--scan", "--pattern", f"*{CODE}*").split()
        no_expiry = [key for key in left if redis_cli(redis_server, "PTTL", key) == "-1"]
        assert no_expiry == [], f"keys of a closed room that never expire: {no_expiry}"
    finally:
        await rooms.close()
