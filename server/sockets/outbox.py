"""Delivering each room's events in version order, with a finished race stored before it is announced.

Commands and the room clock hand their events here the moment the room makes them; one drain a room
sends them in that order, so versions never arrive out of order however the awaits interleave. A
command awaits its own delivery (its events go out before its ack) and, when the room is quiet, sends
them itself; the clock does not wait, so one room's slow save never holds up another room's countdown.
"""

import asyncio
import collections
import logging

import socketio

from server.errors import GameError
from server.room import views
from server.room.envelope import Envelope, WireEvent
from server.room.events import EventData
from server.room.records import RaceRecord
from server.runtime.runner import Outgoing
from server.store.interface import Store
from server.store.saving import SavingNotice

log = logging.getLogger(__name__)

DRAIN_SECONDS = 5.0
"""How long shutdown waits for queued events (and race saves) to finish."""


Delivery = tuple[Outgoing, "asyncio.Future[None]"]


def _seen(done: "asyncio.Future[None]") -> None:
    """Mark a refusal as seen: a clock tick that no one awaits must not log an unread exception."""
    if not done.cancelled():
        done.exception()


class RoomOutbox:
    """Per-room queues of events on their way to the room's Socket.IO members."""

    def __init__(self, sio: socketio.AsyncServer, batch_interval: float) -> None:
        self.sio = sio
        self.batch_interval = batch_interval
        self.store: Store | None = None
        """Set when the app has a database; finished races are written to it before race_over."""
        self._queues: dict[str, collections.deque[Delivery]] = {}
        self._draining: set[str] = set()
        """Rooms whose queue a drain is sending (or is about to: marked before its task first runs)."""
        self._in_flight: set[asyncio.Future[None]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._batches: dict[str, list[WireEvent]] = {}
        self._flushes: set[asyncio.Task[None]] = set()

    def send(self, out: Outgoing) -> "asyncio.Future[None]":
        """Queue a room's events without waiting (the clock); the future is done once they are out
        (with the refusal as its exception when the room's log refused the command)."""
        done = self._enqueue(out)
        done.add_done_callback(_seen)
        if not done.done() and self._claim(out.code):
            self._spawn_drain(out.code)
        return done

    async def deliver(self, out: Outgoing) -> None:
        """Queue a room's events and wait until they are out (commands: events before the ack).

        When nobody is sending for the room, the caller sends itself: no extra task hop on the path of
        every move.
        """
        done = self._enqueue(out)
        if not done.done() and self._claim(out.code):
            await self._drain(out.code)
        await done

    def is_idle(self, code: str) -> bool:
        """Whether nothing of room `code` waits to be logged or sent."""
        return code not in self._queues and code not in self._draining

    async def drain(self) -> None:
        """Wait until every queued event has gone out (at shutdown), for at most DRAIN_SECONDS."""
        waiting = [done for queue in self._queues.values() for _, done in queue]
        pending = [*waiting, *self._in_flight, *self._tasks, *self._flushes]
        if pending:
            await asyncio.wait(pending, timeout=DRAIN_SECONDS)

    def _enqueue(self, out: Outgoing) -> "asyncio.Future[None]":
        done = asyncio.get_running_loop().create_future()
        if not out.envelopes and out.record is None and out.log is None:
            done.set_result(None)
            return done
        self._queues.setdefault(out.code, collections.deque()).append((out, done))
        return done

    def _claim(self, code: str) -> bool:
        """Mark the room as being drained, synchronously, unless a drain already has it.

        The mark is set here and not inside the drain: two commands arriving together would otherwise
        both start a drain before either ran, and the second would find the queue already gone.
        """
        if code in self._draining:
            return False
        self._draining.add(code)
        return True

    def _spawn_drain(self, code: str) -> None:
        task = asyncio.create_task(self._drain(code))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _drain(self, code: str) -> None:
        """Send a room's queue in order; the caller has claimed the room (`_claim`)."""
        queue = self._queues.get(code, collections.deque())
        try:
            while queue:
                out, done = queue.popleft()
                self._in_flight.add(done)
                try:
                    if out.log is not None:
                        await out.log()
                    if out.record is not None:
                        await self.save_race(out.record)
                    await self._emit(out)
                except GameError as error:  # the log refused it: nothing of it goes out
                    if not done.done():
                        done.set_exception(error)
                except Exception:
                    log.exception("could not deliver events of room %s", code)
                finally:
                    self._in_flight.discard(done)
                    if not done.done():
                        done.set_result(None)
        finally:
            self._draining.discard(code)
            if not queue:
                self._queues.pop(code, None)
            elif self._claim(code):  # cancelled midway: what is left still goes out, in order
                self._spawn_drain(code)

    async def save_race(self, record: RaceRecord) -> None:
        """Results are written before anyone sees them, so a crash after the announcement loses nothing.
        A write that fails is kept and retried in the background, and the room is told (`notice`
        events: `results_not_saved`, then `results_saved`); the players still get their results."""
        if self.store is None:
            return
        await self.store.saver.save(record, self._notice)

    async def _notice(self, code: str, data: SavingNotice) -> None:
        """A message to a room's members outside the versioned events."""
        await self.sio.emit("notice", data, room=code)

    async def _emit(self, out: Outgoing) -> None:
        for envelope in out.envelopes:
            broadcast = views.event_for(envelope, views.ANYONE)
            hidden = self._redacted_for(envelope, out.racing)
            if hidden:
                await self._flush_now(out.code)  # whatever is batched goes first, to keep the order
                await self.sio.emit("event", broadcast, room=out.code, skip_sid=list(hidden))
                for data, sids in self._by_form(envelope, hidden):
                    await self.sio.emit("event", {"v": envelope.v, "t": envelope.t, "d": data}, to=sids)
            elif self.batch_interval <= 0:
                await self.sio.emit("event", broadcast, room=out.code)
            else:
                self._batch(out.code, broadcast)

    @staticmethod
    def _redacted_for(envelope: Envelope, racing: dict[str, views.Viewer]) -> dict[str, views.Viewer]:
        """The connections of racing players who see less of `envelope` than the room broadcast."""
        return {sid: viewer for sid, viewer in racing.items() if views.is_redacted_for(envelope, viewer)}

    @staticmethod
    def _by_form(envelope: Envelope, viewers: dict[str, views.Viewer]) -> list[tuple[EventData, list[str]]]:
        """The connections of `viewers` grouped by the form of `envelope` each gets: the onlookers of a
        race kept from onlookers all get the same, sent once to them all."""
        groups: dict[int, tuple[EventData, list[str]]] = {}
        for sid, viewer in viewers.items():
            data = views.data_for(envelope, viewer)
            groups.setdefault(id(data), (data, []))[1].append(sid)
        return list(groups.values())

    def _batch(self, code: str, event: WireEvent) -> None:
        batch = self._batches.setdefault(code, [])
        if not batch:
            asyncio.get_running_loop().call_later(self.batch_interval, self._flush, code)
        batch.append(event)

    async def _flush_now(self, code: str) -> None:
        batch = self._batches.pop(code, None)
        if batch:
            await self.sio.emit("events", batch, room=code)

    def _flush(self, code: str) -> None:
        batch = self._batches.pop(code, None)
        if batch:
            task = asyncio.create_task(self.sio.emit("events", batch, room=code))
            self._flushes.add(task)
            task.add_done_callback(self._flushes.discard)
