"""This process as an owner of rooms: taking rooms over, logging their commands, handing them on.

A room lives in the memory of the one process holding its lease. Every command the process applies
is logged to the room's Redis stream under the lease (`log`, written by the group commit in one round
trip with every room's entries of the same turn; the outbox awaits it before the ack or any event goes
out); every so often with a snapshot of the state after it. Another process
rebuilds the room exactly from the snapshot and the commands since (`server.room.commands`), so:

- a join for a room this process does not hold takes it over (`open`): it asks the holder to hand it
  over, or waits out the lease of a holder that died, then rebuilds the room and pauses its clock over
  the gap (as a restart does);
- a process that lost its lease, or cannot reach Redis, drops the room (`evict`) and moves its clients
  away: they reconnect through the load balancer and rejoin wherever the room is now;
- SIGTERM hands every room over (`hand_over_all`) instead of saving it to the database.
"""

import asyncio
import contextlib
import hmac
import json
import logging
import time
from collections.abc import Awaitable, Callable

from server.cluster.ownership.group_commit import GroupCommit
from server.cluster.ownership.log_entries import LogEntries
from server.cluster.ownership.rebuild import rebuild_from_log
from server.cluster.ownership.shared_log import SharedLog
from server.cluster.ownership.shared_rooms import Lease, SharedRooms, holder_node
from server.errors import GameError
from server.room.commands import Command
from server.room.records import RaceRecord
from server.room.room import Room
from server.room.snapshot import room_snapshot
from server.runtime.registry import RoomRegistry

log = logging.getLogger(__name__)

HOLD_AT_LEAST = 1.0
"""Seconds a process keeps a room it just took before handing it on: while a fail-over settles,
clients reconnecting through two processes at once must not make them pass the room to and fro."""

HANDOVER_WAIT = 2.0
"""Seconds a takeover waits, beyond the lease's expiry, for a holder to hand a room over."""


class RoomOwnership:
    """The rooms this process holds, their leases, and the moves between processes."""

    def __init__(
        self,
        shared: SharedRooms,
        registry: RoomRegistry,
        move_clients: Callable[[str, str], "asyncio.Future[None] | asyncio.Task[None]"],
        save_race: Callable[[RaceRecord], "asyncio.Future[None] | asyncio.Task[None]"],
        replace: Callable[[str, str], Awaitable[None]],
        joined_since: Callable[[str, str, float], bool],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.shared = shared
        self.registry = registry
        self.move_clients = move_clients
        """Tell a room's connections to go (`closing`) and drop them: their clients reconnect."""
        self.save_race = save_race
        self.joined_since = joined_since
        """Whether a member's connection here joined after a moment (wall clock)."""
        self.replace = replace
        """Tell a member's connection it was replaced by a tab on another process, and drop it."""
        self.clock = clock
        self.leases: dict[str, Lease] = {}
        self.moving: set[str] = set()
        """Rooms being handed over: they take no more commands here."""
        self._opening: dict[str, asyncio.Task[Room]] = {}
        self.entries = LogEntries()
        self.commit = GroupCommit(
            SharedLog(shared), self.entries, shared.lease_ttl_ms / 1000, self._holds, self.evict
        )
        self._taken_at: dict[str, float] = {}

    # ----- holding ----------------------------------------------------------------------------------

    def check_holds(self, room: Room) -> Lease:
        """The lease a command on `room` is logged under; refuses one for a room that is moving."""
        lease = self.leases.get(room.code)
        if lease is None or room.code in self.moving or self.registry.rooms.get(room.code) is not room:
            raise GameError("this room is moving to another server; reconnecting", code="server_unavailable")
        return lease

    def log(self, room: Room, command: Command) -> "asyncio.Future[None]":
        """Log a command just applied to `room` (read now, before the room moves on) in the next batch
        of the group commit; the future is done once it is logged, or fails with the refusal. Once a
        write of a room failed, none queued behind it may land (the log would have a hole): the room
        is dropped, and the group commit refuses what a lease no longer held wrote."""
        return self.commit.submit(room, self.entries.entry(self.check_holds(room), room, command))

    def _holds(self, lease: Lease, room: Room) -> bool:
        return self.leases.get(lease.code) is lease and self.registry.rooms.get(lease.code) is room

    # ----- taking rooms over ------------------------------------------------------------------------

    async def open(self, code: str, token: str | None = None) -> Room:
        """The room `code`, held here: taken over if another process (or nobody) holds it. `token` is
        the joining player's, if any (their other tab on the old holder is `replaced`)."""
        room = self.registry.rooms.get(code)
        if room is not None and code in self.leases and code not in self.moving:
            return room
        task = self._opening.get(code)
        if task is None:  # one takeover a room, however many joins wait for it
            task = asyncio.create_task(self._take_over(code, token))
            self._opening[code] = task
            task.add_done_callback(lambda _: self._opening.pop(code, None))
        return await asyncio.shield(task)

    async def _take_over(self, code: str, token: str | None) -> Room:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.shared.lease_ttl_ms / 1000 + HANDOVER_WAIT
        asked: str | None = None
        while True:
            lease, other = await self.shared.acquire(code)
            if lease is not None:
                break
            node = holder_node(other)
            if node is not None and node != self.shared.node and asked != other:
                until = self.clock() + deadline - loop.time()
                await self.shared.ask_handover(node, code, token, until)
                asked = other
            if loop.time() > deadline:
                raise GameError("the room is moving between servers; try again", code="server_unavailable")
            await asyncio.sleep(0.05)
        try:
            room = await rebuild_from_log(self.shared, lease, other, self.clock(), self.save_race)
            # A heartbeat now (after the rebuild read the last one of the room's previous holder,
            # maybe an earlier run of this node): a run of this node started after a crash waits out
            # this lease from it (`comeback`) even if this one dies before its first renewal.
            await self.shared.beat(self.clock())
        except BaseException:
            with contextlib.suppress(GameError):
                await self.shared.release(lease)
            raise
        self.registry.adopt(room)
        self.leases[code] = lease
        self.entries.forget(code)
        self._taken_at[code] = asyncio.get_running_loop().time()
        log.info("took room %s over (lease %s)", code, lease.token)
        return room

    # ----- letting rooms go -------------------------------------------------------------------------

    def evict(self, code: str, reason: str) -> None:
        """Drop a room this process may no longer hold; its clients reconnect to its new home."""
        if self.leases.pop(code, None) is None:
            return
        self.registry.rooms.pop(code, None)
        self.entries.forget(code)
        self._taken_at.pop(code, None)
        self.moving.discard(code)
        log.warning("dropped room %s: %s", code, reason)
        self.move_clients(code, reason)

    async def hand_over(
        self,
        code: str,
        idle: Callable[[str], bool],
        replacing: str | None = None,
        until: float = float("inf"),
        asked_at: float = 0.0,
    ) -> None:
        """Give a room up cleanly: no more commands, the log caught up, the last snapshot, the lease
        released, the clients sent on. `idle(code)` says when the room's outbox is empty; the player
        with the token `replacing` joined elsewhere, so their connection here is `replaced`. A request
        that lapsed (`until`, wall clock) while the room was kept is dropped: its asker gave up, and
        its token may be that of the player's newest tab, here. So is one whose player joined here
        again after it was asked (`asked_at`): their newest tab is here, the asker's join is older."""
        lease, room = self.leases.get(code), self.registry.rooms.get(code)
        if lease is None or room is None or code in self.moving:
            return
        held = asyncio.get_running_loop().time() - self._taken_at.get(code, 0.0)
        if held < HOLD_AT_LEAST:
            await asyncio.sleep(HOLD_AT_LEAST - held)
            if self.leases.get(code) is not lease or self.clock() > until:
                return
        if replacing is not None:
            player = next((p for p in room.players.values() if hmac.compare_digest(p.token, replacing)), None)
            if player is not None and self.joined_since(code, player.id, asked_at):
                return
        self.moving.add(code)
        try:
            for _ in range(400):  # at most 2 s for the room's queued commands to be logged
                if idle(code):
                    break
                await asyncio.sleep(0.005)
            if code not in self.leases:  # the queued writes lost the room meanwhile
                pass
            elif idle(code):
                await self.shared.snapshot(lease, json.dumps(room_snapshot(room)), release=True)
            else:  # writes still queued: the state holds unlogged commands; the log alone is the truth
                await self.shared.release(lease)
        except GameError as error:
            log.warning("handing room %s over failed: %s", code, error.message)
        if replacing is not None:
            player = next((p for p in room.players.values() if hmac.compare_digest(p.token, replacing)), None)
            if player is not None:
                await self.replace(code, player.id)
        self.evict(code, "the room moved to another server")

    async def renew(self) -> None:
        """Extend every lease held (every third of its life); drop the rooms whose lease is lost."""
        await self.shared.beat(self.clock())
        leases = list(self.leases.values())
        for lease, kept in zip(leases, await self.shared.renew(leases), strict=True):
            if not kept and self.leases.get(lease.code) == lease:
                self.evict(lease.code, "its lease expired (this server was too slow or cut off)")

    async def close(self, code: str) -> None:
        """An idle room closed here: its keys go too."""
        lease = self.leases.pop(code, None)
        self.entries.forget(code)
        self._taken_at.pop(code, None)
        self.moving.discard(code)
        if lease is not None:
            await self.shared.close_room(lease)
