"""Where the HTTP API finds rooms in a cluster: Redis, where every process can read them.

Any process answers any request (nginx sends pages and the API round-robin), so a new room is written
to Redis, not kept, and the lists and summaries are read from there: the process that gets the room's
sockets takes it over on the first join (`server.cluster.ownership.owner`).
"""

import json

from server.cluster.ownership.owner import RoomOwnership
from server.cluster.ownership.shared_rooms import SharedRooms, holder_node
from server.errors import GameError
from server.room import views
from server.room.rate_limits import KeyedLimiter
from server.room.room import Room
from server.room.snapshot import room_snapshot
from server.runtime.registry import RoomRegistry
from server.runtime.room_directory import HeldSummary, RoomDirectory

CREATE_WINDOW = 60.0
"""Seconds of the cluster-wide room-making window (each process also keeps its own bucket)."""


class SharedDirectory(RoomDirectory):
    """Rooms as the cluster knows them, in Redis."""

    def __init__(
        self,
        registry: RoomRegistry,
        node: str,
        create_limiter: KeyedLimiter,
        shared: SharedRooms,
        ownership: RoomOwnership,
    ) -> None:
        super().__init__(registry, node, create_limiter)
        self.shared = shared
        self.ownership = ownership
        limit = create_limiter.limit
        self.window_limit = int(limit.burst + limit.rate * CREATE_WINDOW)

    async def allow_making(self, address: str) -> bool:
        if not await super().allow_making(address):
            return False
        return await self.shared.allow(f"create:{address}", self.window_limit, CREATE_WINDOW)

    async def publish(self, room: Room) -> None:
        """Write the new room to Redis for whichever process its players reach; keep no copy."""
        self.registry.rooms.pop(room.code, None)
        summary = views.summary(room)
        if not await self.shared.create(room.code, room_snapshot(room), summary):
            raise GameError("could not make the room; try again", code="internal")

    async def public(self) -> list[views.RoomSummary]:
        return [s for s in (await self.shared.summaries()).values() if s.get("public")]

    async def summary(self, code: str) -> HeldSummary:
        room = self.registry.rooms.get(code)
        if room is not None and code in self.ownership.leases:
            return {**views.summary(room), "node": self.node}
        summaries = await self.shared.summaries_of([code])
        if not summaries or not await self.shared.exists(code):
            raise GameError("no room has that code (it may have closed)", code="unknown_room")
        node = holder_node(await self.shared.owner_token(code))
        stored: views.RoomSummary = json.loads(summaries[0])  # written by `publish` and the owner
        return {**stored, "node": node}
