"""A room created in Redis and its lease held by a node, for the tests of its log."""

from server.cluster.ownership.shared_rooms import Lease, SharedRooms


async def held(node: SharedRooms, code: str) -> Lease:
    await node.create(code, {"v": 0}, {"code": code})
    lease, _ = await node.acquire(code)
    assert lease is not None
    return lease
