"""The fenced writes of room ownership against a real redis-server: a lease is one owner's at a time,
and every write under a lost lease is refused, however late it comes."""

import asyncio

import pytest

from server.cluster.ownership.shared_log import GroupWrite, SharedLog
from server.cluster.ownership.shared_rooms import Lease, SharedRooms, room_keys
from server.errors import GameError
from tests.services.redis import RedisServer

TTL = 0.4


async def rooms(redis_server: RedisServer, node: str) -> SharedRooms:
    return SharedRooms(redis_server.url, node, TTL)


async def append(node: SharedRooms, lease: Lease, entry_id: str, command: str, snapshot: str = "") -> bool:
    """One entry of one room, logged as a group commit of one."""
    (result,) = await SharedLog(node).append([GroupWrite(lease, ((entry_id, command),), snapshot, "")])
    assert isinstance(result, bool), result
    return result


async def test_a_lease_is_one_nodes_and_a_late_write_under_a_lost_one_is_refused(
    redis_server: RedisServer,
) -> None:
    one, two = await rooms(redis_server, "one"), await rooms(redis_server, "two")
    try:
        assert await one.create("roomcode01", {"v": 0}, {"code": "roomcode01", "public": True})
        first, previous = await one.acquire("roomcode01")
        assert first is not None
        assert previous is None
        assert await append(one, first, "e1", '{"kind":"tick","now":1.0}')
        held, holder = await two.acquire("roomcode01")
        assert held is None
        assert holder == first.token
        await asyncio.sleep(TTL + 0.2)  # the first owner stalls past its lease
        second, previous = await two.acquire("roomcode01")
        assert second is not None
        assert previous == first.token
        assert second.epoch > first.epoch
        assert not await append(one, first, "e2", '{"kind":"tick","now":2.0}')  # fenced
        assert not await one.snapshot(first, "{}", release=True)
        assert await one.renew([first]) == [False]
        assert await append(two, second, "e3", '{"kind":"tick","now":3.0}')
        stored = await two.load("roomcode01")
        assert [c["now"] for c in stored.commands] == [1.0, 3.0]  # the late write is not there
    finally:
        await one.close()
        await two.close()


async def test_a_snapshot_replaces_the_log_before_it(redis_server: RedisServer) -> None:
    node = await rooms(redis_server, "one")
    try:
        await node.create("roomcode02", {"v": 0}, {"code": "roomcode02"})
        lease, _ = await node.acquire("roomcode02")
        assert lease is not None
        for n in range(3):
            assert await append(node, lease, f"e4-{n}", f'{{"n":{n}}}', '{"v":3}' if n == 2 else "")
        assert await append(node, lease, "e5", '{"n":3}')
        stored = await node.load("roomcode02")
        assert stored.state == {"v": 3}
        assert stored.commands == [{"n": 3}]
        assert await node.redis.xlen(room_keys("roomcode02")["log"]) == 2  # trimmed up to the snapshot
        assert await node.snapshot(lease, '{"v":4}', release=True)
        assert (await node.load("roomcode02")).commands == []
        assert await node.owner_token("roomcode02") is None
    finally:
        await node.close()


async def test_an_unknown_room_and_an_unreachable_redis_are_clear_errors(redis_server: RedisServer) -> None:
    node = await rooms(redis_server, "one")
    try:
        with pytest.raises(GameError) as unknown:
            await node.acquire("nosuchroom")
        assert unknown.value.code == "unknown_room"
    finally:
        await node.close()
    gone = SharedRooms("redis://127.0.0.1:9/0", "one", TTL)  # nothing listens on port 9
    try:
        with pytest.raises(GameError) as unavailable:
            await gone.acquire("roomcode03")
        assert unavailable.value.code == "server_unavailable"
    finally:
        await gone.close()
