"""This process as an owner of rooms: taking rooms over, logging their commands, handing them on.

A room lives in the memory of the one process holding its lease. Every command the process applies
is logged to the room's Redis stream under the lease (`log_entry`, written by the outbox before the
ack or any event goes out); every so often with a snapshot of the state after it. Another process
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

from server.cluster.ownership.shared_rooms import Lease, LogUncertain, SharedRooms, holder_node
from server.errors import GameError
from server.room import views
from server.room.commands import BotStep, Command, Move, apply, command_from_json, command_to_json
from server.room.records import RaceRecord
from server.room.room import Room
from server.room.snapshot import maze_spec, rebuild_room, restore_room, room_snapshot
from server.runtime.course import build_course, build_course_in_thread
from server.runtime.registry import RoomRegistry

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 200
"""Commands between snapshots: what a takeover replays at most."""

HOLD_AT_LEAST = 1.0
"""Seconds a process keeps a room it just took before handing it on: while a fail-over settles,
clients reconnecting through two processes at once must not make them pass the room to and fro."""

UNSURE = "the server could not confirm your command was kept; rejoin to see whether it was"

RETRY_SECONDS = 0.1
"""Between sends of a log write Redis did not answer (for at most the lease's life)."""

HANDOVER_WAIT = 2.0
"""Seconds a takeover waits, beyond the lease's expiry, for a holder to hand a room over."""


def summary_unchanged_by(room: Room, command: Command) -> bool:
    """Whether `command`, just applied, left the room's summary as it was without rebuilding it to see.

    A summary shows the phase and who finished, never a position, so a step that leaves its racer
    racing cannot change it. Steps are nearly every command of a race, and a 16-player summary with
    its preview roster costs ~150 us to build and encode: skipping it keeps a step's log write cheap.
    """
    if room.phase != "racing":
        return False
    if isinstance(command, Move):
        mover = room.players.get(command.member)
    elif isinstance(command, BotStep):
        mover = room.players.get(command.bot)
    else:
        return False
    return mover is not None and mover.finished_at is None


class LogEntry:
    """One command's write to its room's log, made when the command is applied, written by the
    outbox in the room's order."""

    __slots__ = ("command", "entry_id", "lease", "snapshot", "summary")

    def __init__(
        self, lease: Lease, entry_id: str, command: str, snapshot: str | None, summary: str | None
    ) -> None:
        self.lease = lease
        self.entry_id = entry_id
        """Unique to this write (the lease token and a count), so sending it twice writes it once."""
        self.command = command
        self.snapshot = snapshot
        self.summary = summary


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
        self._since_snapshot: dict[str, int] = {}
        self._summaries: dict[str, str] = {}
        self._taken_at: dict[str, float] = {}
        self._entries = 0

    # ----- holding ----------------------------------------------------------------------------------

    def check_holds(self, room: Room) -> Lease:
        """The lease a command on `room` is logged under; refuses one for a room that is moving."""
        lease = self.leases.get(room.code)
        if lease is None or room.code in self.moving or self.registry.rooms.get(room.code) is not room:
            raise GameError("this room is moving to another server; reconnecting", code="server_unavailable")
        return lease

    def log_entry(self, room: Room, command: Command) -> LogEntry:
        """The log write of a command just applied to `room` (read now, before the room moves on)."""
        lease = self.check_holds(room)
        count = self._since_snapshot.get(room.code, 0) + 1
        snapshot = None
        if count >= SNAPSHOT_EVERY:
            snapshot, count = json.dumps(room_snapshot(room), separators=(",", ":")), 0
        self._since_snapshot[room.code] = count
        changed = None
        if not summary_unchanged_by(room, command):
            summary = json.dumps(views.summary(room), separators=(",", ":"))
            changed = summary if self._summaries.get(room.code) != summary else None
            self._summaries[room.code] = summary
        text = json.dumps(command_to_json(command), separators=(",", ":"))
        self._entries += 1
        return LogEntry(lease, f"{lease.token}:{self._entries}", text, snapshot, changed)

    async def write(self, entry: LogEntry) -> None:
        """Write a log entry; a refused or failed write drops the room here and raises.

        An entry of a lease this process no longer holds is refused without writing: after one write
        failed, none queued behind it may land, or the log would have a hole.
        """
        if self.leases.get(entry.lease.code) is not entry.lease:
            raise GameError("this room has moved to another server; reconnecting", code="server_unavailable")
        code, loop = entry.lease.code, asyncio.get_running_loop()
        deadline, unsure = loop.time() + self.shared.lease_ttl_ms / 1000, False
        while True:
            try:
                written = await self.shared.append(
                    entry.lease, entry.entry_id, entry.command, entry.snapshot, entry.summary
                )
                break
            except GameError:  # Redis cannot be reached: nothing was written
                self.evict(code, "the game's shared state cannot be reached")
                if unsure:
                    raise GameError(UNSURE, code="server_unsure") from None
                raise
            except LogUncertain:
                unsure = True  # sent again until Redis says which: the script writes it once
                if loop.time() > deadline:
                    self.evict(code, "the game's shared state cannot be reached")
                    raise GameError(
                        "the server could not confirm your command was kept; rejoin to see",
                        code="server_unsure",
                    ) from None
                await asyncio.sleep(RETRY_SECONDS)
        if not written:
            self.evict(code, "another server has taken this room over")
            if unsure:  # an earlier try may have landed before the lease was lost
                raise GameError(
                    "the server could not confirm your command was kept; rejoin to see", "server_unsure"
                )
            raise GameError("this room has moved to another server; reconnecting", code="server_unavailable")

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
            room = await self._rebuild(lease, other)
        except BaseException:
            with contextlib.suppress(GameError):
                await self.shared.release(lease)
            raise
        self.registry.adopt(room)
        self.leases[code] = lease
        self._since_snapshot[code] = 0
        self._summaries.pop(code, None)
        self._taken_at[code] = asyncio.get_running_loop().time()
        log.info("took room %s over (lease %s)", code, lease.token)
        return room

    async def _rebuild(self, lease: Lease, previous: str | None) -> Room:
        """The room from its snapshot and log, its clock paused over the owner's absence, stored
        again as one snapshot (so the next owner replays from here)."""
        stored = await self.shared.load(lease.code)
        spec = maze_spec(stored.state)
        course = await build_course_in_thread(spec) if spec is not None else None
        room = rebuild_room(stored.state, course)
        last = float(stored.state.get("last_active", 0.0))
        for data in stored.commands:
            command = command_from_json(data, lambda: room.maze)
            apply(room, command, build_course)
            record = room.take_finished_race()
            if record is not None:  # it may not have been stored before the owner died: saves are
                self.save_race(record)  # idempotent by race id
            last = max(last, command.now)
        node = holder_node(previous)
        alive = await self.shared.last_alive(node) if node is not None else None
        now = self.clock()
        gone_since = min(now, max(last, alive or last))
        state = room_snapshot(room)
        room = restore_room(
            state, (room.maze, room.distances) if room.maze and room.distances else None, gone_since, now
        )
        written = await self.shared.snapshot(lease, json.dumps(room_snapshot(room)), release=False)
        if not written:
            raise GameError("another server took the room meanwhile", code="server_unavailable")
        return room

    # ----- letting rooms go -------------------------------------------------------------------------

    def evict(self, code: str, reason: str) -> None:
        """Drop a room this process may no longer hold; its clients reconnect to its new home."""
        if self.leases.pop(code, None) is None:
            return
        self.registry.rooms.pop(code, None)
        self._since_snapshot.pop(code, None)
        self._summaries.pop(code, None)
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
        self._since_snapshot.pop(code, None)
        self._summaries.pop(code, None)
        self._taken_at.pop(code, None)
        self.moving.discard(code)
        if lease is not None:
            await self.shared.close_room(lease)
