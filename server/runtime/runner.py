"""Running commands on the live rooms: the one way a command changes a room, whoever sends it.

The Socket.IO handlers, the room clock and the bot driver all hand their commands to a `RoomRunner`.
It checks that the room is held here, applies the command, reads what it sends (for whom, and the race
it ended) and, through the room's home, the command's log write; a `Sender` (the Socket.IO outbox) then
logs, stores and sends it in the room's order.
"""

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from server.errors import GameError
from server.room import views
from server.room.commands import Command, CourseMaker, Outcome, Tick, apply
from server.room.envelope import Envelope
from server.room.records import RaceRecord
from server.room.room import Room
from server.runtime.course import build_course
from server.runtime.registry import Member, RoomRegistry
from server.runtime.room_home import LogWrite, ProcessHome, RoomHome


@dataclass(frozen=True)
class Outgoing:
    """What one command or clock tick of a room sends: its events in order, the race that ended with
    them (stored before they go out), and the connections of the players still racing with what each
    of them may see (read when the command ran), who get the racers' view of a redacted event (see
    `Envelope.racer_d`)."""

    code: str
    envelopes: list[Envelope]
    record: RaceRecord | None = None
    racing: dict[str, views.Viewer] = field(default_factory=dict)
    log: LogWrite | None = None
    """In a cluster, the command's write to the room's log: made before the race is stored or any
    event goes out, and a refused write sends nothing (the command's ack is an error)."""


class Sender(Protocol):
    """Delivers a room's `Outgoing`s in the order they were made."""

    def send(self, out: Outgoing) -> "asyncio.Future[None]":
        """Queue without waiting; the future is done once it is out (or refused)."""
        ...

    async def deliver(self, out: Outgoing) -> None:
        """Queue and wait until it is out; raises the log's refusal."""
        ...


class RoomRunner:
    """Applies commands to the rooms of a registry, which live in `home`, and sends what they say."""

    def __init__(
        self,
        registry: RoomRegistry,
        sender: Sender,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.registry = registry
        self.sender = sender
        self.clock = clock
        self.home: RoomHome = ProcessHome(registry)
        """Where the rooms live; cluster mode installs its own at start."""
        self.closing = False
        """Set at shutdown: no more commands, and disconnects no longer change the (saved) rooms."""

    def execute(
        self, room: Room, command: Command, course: CourseMaker = build_course
    ) -> tuple[Outcome, Outgoing]:
        """Apply `command` to `room` and read what it sends.

        The caller sends it, when its order allows (a join must be queued before the connection enters
        the Socket.IO room).
        """
        self.home.check_holds(room)  # a room moving away takes no more commands here
        outcome = apply(room, command, course)
        out = self.outgoing(room, outcome.events)
        log = self.home.log_write(room, command) if outcome.events or not isinstance(command, Tick) else None
        return outcome, out if log is None else replace(out, log=log)

    async def run(self, room: Room, command: Command, course: CourseMaker = build_course) -> Outcome:
        """Apply `command` to `room` and send its events; waits until they are out."""
        outcome, outgoing = self.execute(room, command, course)
        await self.sender.deliver(outgoing)
        return outcome

    async def broadcast(self, room: Room, envelopes: list[Envelope]) -> None:
        """Send a room's events (in version order, after storing a finished race) and wait for them."""
        await self.sender.deliver(self.outgoing(room, envelopes))

    def joined(self, sid: str) -> tuple[Member, Room]:
        """The member a connection has joined as, and their room; `not_joined` if it has not. A
        connection whose room left this process (a cluster's room on the move) is told to reconnect
        (`server_unavailable`): the room lives on where its clients land next."""
        member = self.registry.member(sid)
        room = self.registry.rooms.get(member.code) if member is not None else None
        if (member is None and self.registry.sent_away(sid)) or (member is not None and room is None):
            raise GameError("this room is moving to another server; reconnecting", code="server_unavailable")
        if member is None or room is None:
            raise GameError("join a room first", code="not_joined")
        return member, room

    def outgoing(self, room: Room, envelopes: list[Envelope]) -> Outgoing:
        """What a command or tick of `room` sends, read now, before the room can move on: its events,
        the race they ended, and who sees the race as a racer (for events racers see redacted)."""
        racing: dict[str, views.Viewer] = {}
        if views.hides_from_racers(envelopes):
            for member_id in [*room.players, *room.spectators]:
                sid = self.registry.sid_of(Member(room.code, member_id))
                if sid is None:  # a bot, or a member away: nothing to send
                    continue
                viewer = views.Viewer.of(room, member_id)  # racers, and onlookers kept to a racer's view
                if viewer.racing:
                    racing[sid] = viewer
        return Outgoing(room.code, envelopes, room.take_finished_race(), racing)
