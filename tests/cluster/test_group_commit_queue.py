"""The group commit's queue against a real redis-server: what a refused room had queued is refused too
(the log would have a hole), the other rooms of its batch are logged, and a batch Redis did not answer
(stopped past the socket timeout) is sent again with what came meanwhile until it lands, each entry
once and in order."""

import asyncio
import signal
from typing import cast

import pytest

from server.cluster.ownership.group_commit import GroupCommit
from server.cluster.ownership.log_entries import LogEntries, LogEntry
from server.cluster.ownership.shared_log import SharedLog
from server.cluster.ownership.shared_rooms import Lease, SharedRooms, room_keys
from server.errors import GameError
from server.room.room import Room
from tests.services.redis import RedisServer

LEASE_TTL = 30.0
"""Long: a test stalls Redis, and the lease must not be what runs out."""


class Rooms:
    """The leases a test's process holds, and the rooms it dropped (with why)."""

    def __init__(self, shared: SharedRooms) -> None:
        self.shared = shared
        self.held: dict[str, Lease] = {}
        self.dropped: dict[str, str] = {}
        self.commit = GroupCommit(SharedLog(shared), LogEntries(), LEASE_TTL, self.holds, self.evict)

    def holds(self, lease: Lease, room: Room) -> bool:
        return self.held.get(lease.code) is lease

    def evict(self, code: str, reason: str) -> None:
        if self.held.pop(code, None) is not None:
            self.dropped[code] = reason

    async def take(self, code: str) -> None:
        assert await self.shared.create(code, {"v": 0}, {"code": code})
        lease, _ = await self.shared.acquire(code)
        assert lease is not None
        self.held[code] = lease

    def log(self, code: str, n: int) -> "asyncio.Future[None]":
        """A command's entry (no room state is read: no snapshot is due, no summary changed)."""
        room = cast(Room, type("FakeRoom", (), {"code": code})())
        lease = self.held[code]
        return self.commit.submit(room, LogEntry(lease, f"{lease.token}:{code}:{n}", f'{{"n":{n}}}'))

    async def logged(self, code: str) -> list[int]:
        return [
            int(fields[b"c"][5:-1]) for _, fields in await self.shared.redis.xrange(room_keys(code)["log"])
        ]


async def test_a_refused_room_takes_its_queue_with_it_and_the_others_are_logged(
    redis_server: RedisServer,
) -> None:
    rooms = Rooms(SharedRooms(redis_server.url, "one", LEASE_TTL))
    try:
        await rooms.take("queuekept")
        await rooms.take("queuegone")
        await rooms.shared.redis.set(room_keys("queuegone")["owner"], "99:thief", xx=True)
        writes = [rooms.log("queuekept", 1), rooms.log("queuegone", 1), rooms.log("queuegone", 2)]
        writes.append(rooms.log("queuekept", 2))
        results = await asyncio.gather(*writes, return_exceptions=True)
        assert results[0] is None
        assert results[3] is None
        for refused in results[1:3]:
            assert isinstance(refused, GameError)
            assert refused.code == "server_unavailable"
        assert rooms.dropped == {"queuegone": "another server has taken this room over"}
        assert await rooms.logged("queuekept") == [1, 2]
        assert await rooms.logged("queuegone") == []
        assert rooms.commit.batches == 1  # both rooms in one round trip
    finally:
        await rooms.shared.close()


async def test_an_unanswered_batch_is_sent_again_until_it_lands_once(redis_server: RedisServer) -> None:
    rooms = Rooms(SharedRooms(redis_server.url, "one", LEASE_TTL))
    try:
        await rooms.take("queuestall")
        await rooms.log("queuestall", 1)
        redis_server.service.send(signal.SIGSTOP)  # a stall past the client's 2 s socket timeout
        try:
            first = rooms.log("queuestall", 2)
            await asyncio.sleep(0.5)
            second = rooms.log("queuestall", 3)  # made while the batch before it is unanswered
            await asyncio.sleep(2.5)
            assert not first.done()
            assert not second.done()
        finally:
            redis_server.service.send(signal.SIGCONT)
        await asyncio.wait_for(asyncio.gather(first, second), 10)
        assert await rooms.logged("queuestall") == [1, 2, 3]
        assert rooms.dropped == {}
    finally:
        await rooms.shared.close()


async def test_an_unreachable_redis_drops_the_rooms_of_the_batch() -> None:
    rooms = Rooms(SharedRooms("redis://127.0.0.1:9/0", "one", LEASE_TTL))  # nothing listens on port 9
    rooms.held["queuenone"] = Lease("queuenone", "1:one")
    try:
        with pytest.raises(GameError) as refused:
            await rooms.log("queuenone", 1)
        assert refused.value.code == "server_unavailable"
        assert "queuenone" in rooms.dropped
    finally:
        await rooms.shared.close()
