"""The Socket.IO edge: parse each command, call the room, broadcast its events, answer with an ack.

Handlers stay short; the rules live in `server.game.room`, what a member sees in `server.game.views`.
Every handler is wrapped so that a bad payload, a refused command or a bug becomes an error ack and
never escapes to the connection.
"""

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import socketio

from server.config import AppConfig
from server.course import build_course_in_thread
from server.game import views
from server.game.envelope import Envelope
from server.game.errors import ErrorCode, GameError
from server.game.room import Room
from server.game.tree_hints import built_tree
from server.handshakes import Handshakes
from server.hint_searches import HintSearches
from server.limits import KeyedLimiter
from server.outbox import Outgoing, RoomOutbox
from server.payloads import (
    as_object,
    parse_flag,
    parse_hint,
    parse_join,
    parse_member,
    parse_move,
    parse_ready,
)
from server.registry import Member, RoomRegistry, new_player_token, new_race_id

log = logging.getLogger(__name__)

Handler = Callable[[str, object], Awaitable[dict[str, Any]]]
Ack = dict[str, Any]


def error_ack(code: ErrorCode, message: str) -> Ack:
    """The refusal shape every command shares."""
    return {"ok": False, "error": {"code": code, "message": message}}


class SocketGateway:
    """Binds the Socket.IO server's events to the rooms in a registry."""

    def __init__(
        self,
        sio: socketio.AsyncServer,
        registry: RoomRegistry,
        config: AppConfig,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.sio = sio
        self.registry = registry
        self.clock = clock
        self.monotonic = monotonic
        self.move_limiter = KeyedLimiter(config.move_limit)
        self.hint_limiter = KeyedLimiter(config.hint_limit)
        self.command_limiter = KeyedLimiter(config.command_limit)
        self.snapshot_limiter = KeyedLimiter(config.snapshot_limit)
        self.address_command_limiter = KeyedLimiter(config.address_command_limit)
        self.address_snapshot_limiter = KeyedLimiter(config.address_snapshot_limit)
        self._address_limiters = {
            self.command_limiter: self.address_command_limiter,
            self.snapshot_limiter: self.address_snapshot_limiter,
        }
        """Limits that also hold per client address: new connections and new members refill nothing."""
        self.handshakes = Handshakes()
        self.connections = 0
        self.outbox = RoomOutbox(sio, config.batch_interval)
        self.hint_searches = HintSearches()
        self.hint_searches.warm()
        self.closing = False
        """Set at shutdown: no more commands, and disconnects no longer change the (saved) rooms."""

    def register(self) -> None:
        """Attach every handler to the Socket.IO server."""
        commands: dict[str, tuple[Handler, tuple[KeyedLimiter, ...]]] = {
            "join": (self.join, (self.command_limiter, self.snapshot_limiter)),  # a join answers a snapshot
            "ready": (self.ready, (self.command_limiter,)),
            "settings": (self.settings, (self.command_limiter,)),
            "start": (self.start, (self.command_limiter,)),
            "move": (self.move, (self.move_limiter,)),
            "hint": (self.hint, (self.hint_limiter,)),
            "rematch": (self.rematch, (self.command_limiter,)),
            "leave": (self.leave, (self.command_limiter,)),
            "kick": (self.kick, (self.command_limiter,)),
            "lock": (self.lock, (self.command_limiter,)),
            "resync": (self.resync, (self.snapshot_limiter,)),
        }
        for name, (handler, limiters) in commands.items():
            self.sio.on(name, self._guarded(name, handler, limiters))
        self.sio.on("connect", self.on_connect)
        self.sio.on("disconnect", self.on_disconnect)
        self.sio.on("*", self.on_unknown)

    def _guarded(
        self, name: str, handler: Handler, limiters: tuple[KeyedLimiter, ...]
    ) -> Callable[..., Awaitable[Ack]]:
        async def guarded(sid: str, *args: object) -> Ack:
            try:
                if self.closing:
                    raise GameError("the server is restarting; try again in a moment", code="server_closing")
                if not all(self._allowed(limiter, sid) for limiter in limiters):
                    raise GameError("too many commands; slow down", code="rate_limited")
                if len(args) > 1:
                    raise GameError("send one JSON object", code="bad_payload")
                return {"ok": True, **await handler(sid, args[0] if args else None)}
            except GameError as error:
                return error_ack(error.code, error.message)
            except Exception:
                log.exception("command %s from %s failed", name, sid)
                return error_ack("internal", "the server could not handle that; nothing changed")

        return guarded

    async def broadcast(self, room: Room, envelopes: list[Envelope]) -> None:
        """Send a room's events (in version order, after storing a finished race) and wait for them."""
        await self.outbox.deliver(self.outgoing(room, envelopes))

    def outgoing(self, room: Room, envelopes: list[Envelope]) -> Outgoing:
        """What a command or tick of `room` sends, read now, before the room can move on: its events,
        the race they ended, and who is still racing (for events racers see redacted)."""
        racing: dict[str, str] = {}
        if views.hides_from_racers(envelopes):
            for player in room.players.values():
                sid = self.registry.sid_of(Member(room.code, player.id)) if player.racing else None
                if sid is not None:
                    racing[player.id] = sid
        return Outgoing(room.code, envelopes, room.take_finished_race(), racing)

    def _allowed(self, limiter: KeyedLimiter, sid: str) -> bool:
        """Whether `sid` may act under `limiter`: as this connection, as the member it has joined as (so
        reconnecting does not refill the buckets), and, for the limits that have one, as its address
        (so neither do new connections, or leaving and joining again as a new member)."""
        now = self.monotonic()
        if not limiter.allow(sid, now):
            return False
        member = self.registry.member(sid)
        if member is not None and not limiter.allow(f"{member.code}/{member.member_id}", now):
            return False
        by_address = self._address_limiters.get(limiter)
        return by_address is None or by_address.allow(self.handshakes.address(sid), now)

    def _joined(self, sid: str) -> tuple[Member, Room]:
        member = self.registry.member(sid)
        if member is None:
            raise GameError("join a room first", code="not_joined")
        return member, self.registry.get(member.code)

    # ----- connection lifecycle ------------------------------------------------------------------------

    def _live(self, sid: object) -> bool:
        """Whether `sid` is a fully connected session: not still connecting, not disconnecting.

        Socket.IO hands a client's own events named `connect` or `disconnect` to the same handlers as
        the real ones; during the real ones the connection is not live yet (or any more), while an
        ordinary event only arrives on a live one.
        """
        return isinstance(sid, str) and bool(self.sio.manager.is_connected(sid, "/"))

    async def on_connect(self, sid: str, environ: object = None, *args: object) -> Ack | None:
        """Count the connection and note its address; joining a room is a separate command."""
        if self._live(sid):  # an event the client emitted, not a connection
            return await self.on_unknown("connect", sid)
        self.connections += 1
        self.handshakes.note(sid, environ)
        return None

    async def on_disconnect(self, sid: str, *reason: object) -> Ack | None:
        """A dropped player keeps their place for the grace period; a spectator just goes."""
        if self._live(sid):  # an event the client emitted, not a disconnection
            return await self.on_unknown("disconnect", sid)
        self.connections -= 1
        for limiter in (self.move_limiter, self.hint_limiter, self.command_limiter, self.snapshot_limiter):
            limiter.forget(sid)
        self.handshakes.forget(sid)
        member = self.registry.detach(sid)
        room = self.registry.rooms.get(member.code) if member is not None else None
        if member is not None and room is not None and not self.closing:
            await self.broadcast(room, room.disconnect(member.member_id, self.clock()))
        return None

    async def on_unknown(self, *args: object) -> Ack:
        """Any event the protocol does not define.

        Socket.IO calls this catch-all with `event, sid, *data`, but a client event named `*` itself
        arrives as `sid, *data`: the connection is whichever of the first two arguments is one.
        """
        sid = next((a for a in args[:2] if self._live(a)), None)
        if sid is not None and not self._allowed(self.command_limiter, str(sid)):
            return error_ack("rate_limited", "too many commands; slow down")
        return error_ack("unknown_event", "the server does not know that event")

    # ----- commands ----------------------------------------------------------------------------------

    async def join(self, sid: str, payload: object) -> dict[str, Any]:
        """Join a room as a player or spectator, or come back with a token."""
        request = parse_join(payload)
        self.handshakes.check_join(sid, request.code)
        if self.registry.member(sid) is not None:
            raise GameError("this connection is already in a room; leave it first", code="already_joined")
        room = self.registry.get(request.code)
        now = self.clock()
        you, events = room.join(request.name, request.role, request.token, now, new_token=new_player_token())
        replaced = self.registry.attach(sid, Member(room.code, you.id))
        sent = self.outbox.send(self.outgoing(room, events))  # queued now, so nothing can overtake them
        if replaced is not None:  # the same player opened the room in another tab
            await self.sio.leave_room(replaced, room.code)
            await self.sio.emit("replaced", {"message": "you joined from somewhere else"}, to=replaced)
        await sent
        await self.sio.enter_room(sid, room.code)
        return {
            "you": you.to_json(),
            "snapshot": views.snapshot(room, views.Viewer.of(room, you.id), self.clock()),
        }

    async def ready(self, sid: str, payload: object) -> dict[str, Any]:
        """Mark the player ready or not."""
        member, room = self._joined(sid)
        await self.broadcast(room, room.set_ready(member.member_id, parse_ready(payload)))
        return {}

    async def settings(self, sid: str, payload: object) -> dict[str, Any]:
        """The host changes the room's settings."""
        member, room = self._joined(sid)
        await self.broadcast(room, room.update_settings(member.member_id, as_object(payload)))
        return {"settings": room.settings.to_json()}

    async def start(self, sid: str, payload: object) -> dict[str, Any]:
        """The host starts the countdown; the maze is made in a worker thread first."""
        member, room = self._joined(sid)
        without_unready = parse_flag(payload, "without_unready", False)
        spec = room.prepare_start(member.member_id, without_unready)
        maze, distances = await build_course_in_thread(spec)
        events = room.start(
            member.member_id, spec, maze, distances, self.clock(), without_unready, race_id=new_race_id()
        )
        await self.broadcast(room, events)
        return {}

    async def move(self, sid: str, payload: object) -> dict[str, Any]:
        """One step, by direction or target room."""
        member, room = self._joined(sid)
        target, seq = parse_move(payload)
        ack, events = room.move(member.member_id, target, self.clock())
        await self.broadcast(room, events)
        return ack if seq is None else {**ack, "seq": seq}

    async def hint(self, sid: str, payload: object) -> dict[str, Any]:
        """A hint from where the player stands; the explored order only to the asker."""
        member, room = self._joined(sid)
        method, want_order = parse_hint(payload)
        request = room.request_hint(member.member_id, method, want_order, self.clock())
        tree = built_tree(room.maze) if room.maze is not None else None
        answer = await self.hint_searches.solve(room.code, request, tree)  # searched once
        ack, events = room.answer_hint(request, answer, self.clock())
        await self.broadcast(room, events)
        return ack

    async def rematch(self, sid: str, payload: object) -> dict[str, Any]:
        """The host sends the room back to the lobby for a new maze."""
        member, room = self._joined(sid)
        await self.broadcast(room, room.rematch(member.member_id, self.clock()))
        return {}

    async def leave(self, sid: str, payload: object) -> dict[str, Any]:
        """Leave the room for good (a racer is DNF)."""
        member, room = self._joined(sid)
        self.registry.detach(sid)
        # out of the Socket.IO room only once the events before its leave (and its own) are out: a
        # queued event must reach a member whole or not at all, never with a gap before it
        await self.broadcast(room, room.leave(member.member_id, self.clock()))
        await self.sio.leave_room(sid, room.code)
        return {}

    async def kick(self, sid: str, payload: object) -> dict[str, Any]:
        """The host removes someone; their connection leaves the room and is told why."""
        member, room = self._joined(sid)
        target = Member(room.code, parse_member(payload))
        events = room.kick(member.member_id, target.member_id, self.clock())
        target_sid = self.registry.sid_of(target)
        if target_sid is not None:
            self.registry.detach(target_sid)
        await self.broadcast(room, events)  # the kicked get the events up to their own leaving, as a leaver
        if target_sid is not None:
            await self.sio.leave_room(target_sid, room.code)
            await self.sio.emit("kicked", {"message": "the host removed you from the room"}, to=target_sid)
        return {}

    async def lock(self, sid: str, payload: object) -> dict[str, Any]:
        """The host locks the room to new players, or opens it again."""
        member, room = self._joined(sid)
        await self.broadcast(room, room.lock(member.member_id, parse_flag(payload, "locked", True)))
        return {}

    async def resync(self, sid: str, payload: object) -> dict[str, Any]:
        """A full snapshot, for a client that saw a gap in the event versions."""
        member, room = self._joined(sid)
        viewer = views.Viewer.of(room, member.member_id)
        return {"snapshot": views.snapshot(room, viewer, self.clock())}
