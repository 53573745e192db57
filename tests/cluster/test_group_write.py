"""A group commit's batch against a real redis-server: several rooms in one pipelined round trip, each
fenced by its own lease, a refused room leaving the others logged, and a batch sent twice (its answer
lost) logged once."""

import asyncio

from server.cluster.ownership.shared_log import GroupWrite, SharedLog
from server.cluster.ownership.shared_rooms import SUMMARIES, SharedRooms, room_keys
from tests.cluster.leases import held
from tests.services.redis import RedisServer

TTL = 0.4


async def test_a_batch_logs_each_room_under_its_own_lease(redis_server: RedisServer) -> None:
    one, two = SharedRooms(redis_server.url, "one", TTL), SharedRooms(redis_server.url, "two", TTL)
    try:
        stolen = await held(one, "roomstolen")
        await asyncio.sleep(TTL + 0.2)  # its lease lapses (a stall), another node takes the room
        thief, _ = await two.acquire("roomstolen")
        assert thief is not None
        kept = await held(one, "roomkept01")
        batch = [
            GroupWrite(stolen, (("s1", '{"n":1}'), ("s2", '{"n":2}')), '{"v":9}', '{"code":"roomstolen"}'),
            GroupWrite(kept, (("k1", '{"n":1}'), ("k2", '{"n":2}')), "", '{"code":"roomkept01","x":1}'),
        ]
        assert await SharedLog(one).append(batch) == [False, True]
        assert [c["n"] for c in (await one.load("roomkept01")).commands] == [1, 2]
        stored = await two.load("roomstolen")
        assert stored.commands == []  # nothing of the refused room: no entry, no snapshot, no summary
        assert stored.state == {"v": 0}
        assert await one.redis.hget(SUMMARIES, "roomstolen") == b'{"code": "roomstolen"}'
        assert await one.redis.hget(SUMMARIES, "roomkept01") == b'{"code":"roomkept01","x":1}'

        # The answer was lost: the same group goes again (marked so) with the entries made since. Each
        # is logged once, and the snapshot taken with it covers them all (the log is trimmed up to its last).
        assert await one.renew([kept]) == [True]
        entries = (("k1", '{"n":1}'), ("k2", '{"n":2}'), ("k3", '{"n":3}'))
        again = GroupWrite(kept, entries, '{"v":3}', "", again=True)
        assert await SharedLog(one).append([again]) == [True]
        assert await SharedLog(one).append([again]) == [True]
        stored = await one.load("roomkept01")
        assert (stored.state, stored.commands) == ({"v": 3}, [])
        assert await one.redis.xlen(room_keys("roomkept01")["log"]) == 1
        assert [f[b"i"] for _, f in await one.redis.xrange(room_keys("roomkept01")["log"])] == [b"k3"]
    finally:
        await one.close()
        await two.close()


async def test_a_script_redis_forgot_is_loaded_again(redis_server: RedisServer) -> None:
    node = SharedRooms(redis_server.url, "one", TTL)
    try:
        lease, log = await held(node, "roomflush1"), SharedLog(node)
        assert await log.append([GroupWrite(lease, (("a", '{"n":1}'),), "", "")]) == [True]
        await node.redis.script_flush()  # as after a restart of Redis on its own data
        assert await log.append([GroupWrite(lease, (("b", '{"n":2}'),), "", "")]) == [True]
        assert [c["n"] for c in (await node.load("roomflush1")).commands] == [1, 2]
    finally:
        await node.close()
