"""Group commit: the log entries of every room this process holds, gathered over a turn of the event
loop and written to Redis in one pipelined round trip (`shared_log`), each room's fenced by its lease.

A command's entry joins its room's group the moment the command is applied (`submit`); the batch goes
on the next turn of the loop, so every command that was ready in this turn, of any room, rides in the
same round trip. One batch is in flight at a time: what is made while it travels waits for it and goes
in the next, so the busier the process, the more each round trip carries, and a room never has two
writes in flight that could land out of order. The future of each entry is done when its batch
answered: the outbox awaits it, in the room's order, before the command's events or ack go out, so
nothing is acknowledged that is not logged.

A room refused (its lease lost) is dropped here and its entries answered with the refusal; the other
rooms of the batch are logged as if it were not there. A batch Redis did not answer is sent again
(with what its rooms made since) until Redis says, for at most a lease's life; the script writes an
entry once, however often it is sent. So is a batch that landed on a primary but that no replica
confirmed (`NotReplicated`, with a replica): its entries are on one node only, a promotion could lose
them, so they wait, sent again, for the replica; if it stays behind for a lease, they are answered
`server_unsure` and their rooms dropped (the room in memory holds commands the log may lose: a new
owner rebuilds it from whatever the log kept, and the client's resync shows which).
"""

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from server.cluster.ownership.log_entries import LogEntries, LogEntry
from server.cluster.ownership.shared_log import GroupWrite, LogUncertain, SharedLog
from server.cluster.ownership.shared_rooms import Lease
from server.errors import GameError
from server.room.room import Room

log = logging.getLogger(__name__)

RETRY_SECONDS = 0.1
"""Between sends of a batch Redis did not answer (for at most the lease's life)."""

UNSURE = "the server could not confirm your command was kept; rejoin to see whether it was"
MOVED = "this room has moved to another server; reconnecting"
UNREACHABLE = "the game's shared state cannot be reached"


@dataclass
class _Group:
    """One room's entries waiting for (or riding in) a batch, with the futures their senders await."""

    lease: Lease
    room: Room
    entries: list[LogEntry] = field(default_factory=list)
    futures: list["asyncio.Future[None]"] = field(default_factory=list)
    unsure: bool = False
    """An earlier send went unanswered: some of these entries may be in the log already."""
    deadline: float = 0.0
    """Loop time after which an unanswered group is given up (set at its first unanswered send)."""


_Batched = tuple[_Group, GroupWrite, bool, str, int]
"""A group as sent: its write, whether a snapshot went with it, its summary, the commands counted."""


def _seen(done: "asyncio.Future[None]") -> None:
    """A refusal nobody awaits (a drain cancelled at shutdown) must not log an unread exception."""
    if not done.cancelled():
        done.exception()


class GroupCommit:
    """Batches the log writes of this process's rooms."""

    def __init__(
        self,
        shared: SharedLog,
        entries: LogEntries,
        lease_ttl: float,
        holds: Callable[[Lease, Room], bool],
        evict: Callable[[str, str], None],
    ) -> None:
        self.shared = shared
        self.entries = entries
        self.lease_ttl = lease_ttl
        self.holds = holds
        """Whether `lease` is still this process's for `room` (the room held here, not moving off)."""
        self.evict = evict
        """Drop a room this process may no longer hold (its clients reconnect elsewhere)."""
        self._pending: dict[str, _Group] = {}
        self._scheduled = False
        self._in_flight: asyncio.Task[None] | None = None
        self.batches = 0
        self.sent = 0
        """Round trips sent and entries in them (how much a round trip carries, for the logs)."""

    def submit(self, room: Room, entry: LogEntry) -> "asyncio.Future[None]":
        """Queue `entry`, just made for `room`; the future is done when it is logged, or fails with
        the refusal (`server_unavailable`, `server_unsure`)."""
        done = asyncio.get_running_loop().create_future()
        done.add_done_callback(_seen)
        group = self._pending.get(room.code)
        if group is not None and group.lease is not entry.lease:  # a lease since lost: never sent
            self._refuse(self._pending.pop(room.code), MOVED)
            group = None
        if group is None:
            group = self._pending[room.code] = _Group(entry.lease, room)
        group.entries.append(entry)
        group.futures.append(done)
        self._schedule()
        return done

    def _schedule(self) -> None:
        if not self._scheduled and self._in_flight is None and self._pending:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Send every group waiting: the entries of every room made since the last batch."""
        self._scheduled = False
        groups, self._pending = list(self._pending.values()), {}
        batch: list[_Batched] = []
        for group in groups:
            if not self.holds(group.lease, group.room):
                self._refuse(group, MOVED, unsure=group.unsure)
                continue
            try:
                snapshot, summary, count, refresh = self.entries.extras(group.room)
            except Exception:  # never leave a room's commands waiting for ever
                log.exception("could not read the snapshot or summary of room %s", group.lease.code)
                self.evict(group.lease.code, "its log write failed")
                self._refuse(group, UNSURE, unsure=True)
                continue
            entries = tuple((entry.entry_id, entry.command) for entry in group.entries)
            batch.append(
                (
                    group,
                    GroupWrite(group.lease, entries, snapshot, summary, group.unsure, refresh),
                    bool(snapshot),
                    summary,
                    count,
                )
            )
        if not batch:
            return
        self._in_flight = asyncio.create_task(self._send(batch))
        self._in_flight.add_done_callback(self._landed)

    def _landed(self, task: "asyncio.Task[None]") -> None:
        self._in_flight = None
        self._schedule()

    async def _send(self, batch: list[_Batched]) -> None:
        """Commit a batch; should anything unforeseen fail, its rooms are dropped and their entries
        answered `server_unsure`, rather than left waiting for ever."""
        try:
            await self._commit(batch)
        except Exception:
            log.exception("a log batch failed")
            for group, *_ in batch:
                if any(not done.done() for done in group.futures):
                    self.evict(group.lease.code, "its log write failed")
                    self._refuse(group, UNSURE, unsure=True)

    async def _commit(self, batch: list[_Batched]) -> None:
        self.batches += 1
        self.sent += sum(len(write.entries) for _, write, *_ in batch)
        try:
            results = await self.shared.append([write for _, write, *_ in batch])
        except GameError:  # Redis cannot be reached: nothing of this batch was written
            for group, *_ in batch:
                self.evict(group.lease.code, "the game's shared state cannot be reached")
                self._refuse(group, UNREACHABLE, unsure=group.unsure)
            return
        except LogUncertain:
            await self._again([group for group, *_ in batch])
            return
        unanswered: list[_Group] = []
        for (group, _, snapshot, summary, count), result in zip(batch, results, strict=True):
            if result is True:
                if self.holds(group.lease, group.room):
                    self.entries.written(group.lease.code, snapshot, summary, count)
                for done in group.futures:
                    if not done.done():
                        done.set_result(None)
            elif result is False:
                self.evict(group.lease.code, "another server has taken this room over")
                self._refuse(group, MOVED, unsure=group.unsure)
            else:  # Redis answered this room's call with an error: it wrote nothing of it
                log.warning("log write of room %s refused by Redis: %s", group.lease.code, result)
                unanswered.append(group)
        if unanswered:
            await self._again(unanswered)

    async def _again(self, groups: list[_Group]) -> None:
        """Send these groups again (before anything their rooms made since), until their lease's life
        is spent; then drop their rooms and answer `server_unsure`."""
        now = asyncio.get_running_loop().time()
        retry: list[_Group] = []
        for group in groups:
            group.deadline = group.deadline or now + self.lease_ttl
            if now > group.deadline:
                self.evict(group.lease.code, "the game's shared state cannot be reached")
                self._refuse(group, UNSURE, unsure=True)
            else:
                group.unsure = True
                self.entries.unwritten(group.lease.code)
                retry.append(group)
        if not retry:
            return
        await asyncio.sleep(RETRY_SECONDS)
        for group in retry:
            later = self._pending.pop(group.lease.code, None)
            if later is not None and later.lease is group.lease:
                group.entries.extend(later.entries)
                group.futures.extend(later.futures)
            elif later is not None:
                self._refuse(later, MOVED)
            self._pending[group.lease.code] = group

    @staticmethod
    def _refuse(group: _Group, message: str, *, unsure: bool = False) -> None:
        """Answer every entry of `group` with a refusal: none of them may be acknowledged. Unsure when
        an earlier send of it went unanswered (it may have landed): the client's resync settles it."""
        for done in group.futures:
            if not done.done():  # an exception of its own each: it is raised in its own sender
                done.set_exception(
                    GameError(UNSURE, code="server_unsure")
                    if unsure
                    else GameError(message, code="server_unavailable")
                )
