"""Where the HTTP API finds rooms: this process's registry, or the cluster's shared state.

Alone, a process answers from the rooms it holds. In a cluster any process answers any request (nginx
sends pages and the API round-robin), so a new room is written to Redis, not kept, and the lists and
summaries are read from there: the process that gets the room's sockets takes it over on the first
join. That directory is the cluster's (`server.cluster.ownership.shared_directory`), installed in the
app in place of this one.
"""

import time

from server.room import views
from server.room.rate_limits import KeyedLimiter
from server.room.room import Room
from server.runtime.registry import RoomRegistry


class HeldSummary(views.RoomSummary):
    """A room's public summary and the node that holds it (None: in a cluster, no process does now)."""

    node: str | None


class RoomDirectory:
    """Rooms as this process alone knows them."""

    def __init__(self, registry: RoomRegistry, node: str, create_limiter: KeyedLimiter) -> None:
        self.registry = registry
        self.node = node
        self.create_limiter = create_limiter

    async def allow_making(self, address: str) -> bool:
        """Whether `address` may make (or ask for) another room now."""
        return self.create_limiter.allow(address, time.monotonic())

    async def publish(self, room: Room) -> None:
        """A room just made: the registry holds it already."""

    async def public(self) -> list[views.RoomSummary]:
        """The summaries of the rooms listed publicly."""
        return [views.summary(room) for room in self.registry.public_rooms()]

    async def summary(self, code: str) -> HeldSummary:
        """One room's summary and the node that holds it."""
        return {**views.summary(self.registry.get(code)), "node": self.node}
