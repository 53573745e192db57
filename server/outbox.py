"""Delivering each room's events in version order, with a finished race stored before it is announced.

Commands and the room clock hand their events here the moment the room makes them; one drain a room
sends them in that order, so versions never arrive out of order however the awaits interleave. A
command awaits its own delivery (its events go out before its ack) and, when the room is quiet, sends
them itself; the clock does not wait, so one room's slow save never holds up another room's countdown.
"""

import asyncio
import collections
import logging
from typing import Any

import socketio

from server.game.records import RaceRecord, race_record
from server.game.room import Envelope
from server.registry import RoomRegistry
from server.store import Store

log = logging.getLogger(__name__)

DRAIN_SECONDS = 5.0
"""How long shutdown waits for queued events (and race saves) to finish."""

Delivery = tuple[RaceRecord | None, list[Envelope], "asyncio.Future[None]"]


class RoomOutbox:
    """Per-room queues of events on their way to the room's Socket.IO members."""

    def __init__(self, sio: socketio.AsyncServer, registry: RoomRegistry, batch_interval: float) -> None:
        self.sio = sio
        self.registry = registry
        self.batch_interval = batch_interval
        self.store: Store | None = None
        """Set when the app has a database; finished races are written to it before race_over."""
        self._queues: dict[str, collections.deque[Delivery]] = {}
        self._draining: set[str] = set()
        self._in_flight: set[asyncio.Future[None]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._batches: dict[str, list[dict[str, Any]]] = {}
        self._flushes: set[asyncio.Task[None]] = set()

    def send(self, code: str, envelopes: list[Envelope]) -> "asyncio.Future[None]":
        """Queue a room's events without waiting (the clock); the future is done once they are out."""
        done = self._enqueue(code, envelopes)
        if code not in self._draining and not done.done():
            task = asyncio.create_task(self._drain(code))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return done

    async def deliver(self, code: str, envelopes: list[Envelope]) -> None:
        """Queue a room's events and wait until they are out (commands: events before the ack).

        When nobody is sending for the room, the caller sends itself: no extra task hop on the path of
        every move.
        """
        done = self._enqueue(code, envelopes)
        if code not in self._draining and not done.done():
            await self._drain(code)
        await done

    async def drain(self) -> None:
        """Wait until every queued event has gone out (at shutdown), for at most DRAIN_SECONDS."""
        waiting = [done for queue in self._queues.values() for *_, done in queue]
        pending = [*waiting, *self._in_flight, *self._tasks, *self._flushes]
        if pending:
            await asyncio.wait(pending, timeout=DRAIN_SECONDS)

    def _enqueue(self, code: str, envelopes: list[Envelope]) -> "asyncio.Future[None]":
        done = asyncio.get_running_loop().create_future()
        if not envelopes:
            done.set_result(None)
            return done
        record = self._finished_race(code, envelopes)  # read now, before the room moves on
        self._queues.setdefault(code, collections.deque()).append((record, envelopes, done))
        return done

    def _finished_race(self, code: str, envelopes: list[Envelope]) -> RaceRecord | None:
        if self.store is None or not any(envelope.t == "race_over" for envelope in envelopes):
            return None
        room = self.registry.rooms.get(code)
        return race_record(room) if room is not None else None

    async def _drain(self, code: str) -> None:
        """Send a room's queue in order; only one drain a room runs at a time."""
        self._draining.add(code)
        queue = self._queues[code]
        try:
            while queue:
                record, envelopes, done = queue.popleft()
                self._in_flight.add(done)
                try:
                    if record is not None:
                        await self._save_race(record)
                    await self._emit(code, envelopes)
                except Exception:
                    log.exception("could not deliver events of room %s", code)
                finally:
                    self._in_flight.discard(done)
                    if not done.done():
                        done.set_result(None)
        finally:
            self._draining.discard(code)
            if not queue:
                del self._queues[code]

    async def _save_race(self, record: RaceRecord) -> None:
        """Results are written before anyone sees them, so a crash after the announcement loses nothing.
        A write that fails is kept and retried in the background, and the room is told (`notice`
        events: `results_not_saved`, then `results_saved`); the players still get their results."""
        if self.store is None:
            return
        await self.store.saver.save(record, self._notice)

    async def _notice(self, code: str, data: dict[str, Any]) -> None:
        """A message to a room's members outside the versioned events."""
        await self.sio.emit("notice", data, room=code)

    async def _emit(self, code: str, envelopes: list[Envelope]) -> None:
        if self.batch_interval <= 0:
            for envelope in envelopes:
                await self.sio.emit("event", envelope.to_json(), room=code)
            return
        batch = self._batches.setdefault(code, [])
        if not batch:
            asyncio.get_running_loop().call_later(self.batch_interval, self._flush, code)
        batch.extend(envelope.to_json() for envelope in envelopes)

    def _flush(self, code: str) -> None:
        batch = self._batches.pop(code, None)
        if batch:
            task = asyncio.create_task(self.sio.emit("events", batch, room=code))
            self._flushes.add(task)
            task.add_done_callback(self._flushes.discard)
