"""The Socket.IO edge: connections, limits and the guard around every command handler.

The handlers themselves are `server.sockets.handlers`; the rules live in `server.room`, what a member
sees in `server.room.views`. Every handler is wrapped so that a bad payload, a refused command or a bug
becomes an error ack and never escapes to the connection. Commands reach rooms only through the
runtime's `RoomRunner` (`self.runner`), whichever home the rooms live in.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine

import socketio

from server.config import AppConfig
from server.errors import GameError
from server.room.commands import Disconnect
from server.room.rate_limits import KeyedLimiter
from server.runtime.bot_quota import BotQuota
from server.runtime.hint_searches import HintSearches
from server.runtime.published_layouts import PublishedLayouts
from server.runtime.registry import Member, RoomRegistry
from server.runtime.runner import RoomRunner
from server.sockets.acks import Ack, Reply, error_ack
from server.sockets.handlers import RoomCommands
from server.sockets.handshakes import Handshakes
from server.sockets.host_handlers import HostCommands
from server.sockets.outbox import RoomOutbox
from server.sockets.transport import GuardedServer

log = logging.getLogger(__name__)

NOT_TAKEN = frozenset({"server_unavailable", "server_closing"})
"""Refusals that mean the server could not take a command at all (its room moving between processes,
the cluster's shared state out of reach): the command costs its sender none of its rate limits, so a
client that keeps asking through a fail-over is not refused for it once the room is back."""

Handler = Callable[[str, object], Awaitable[Reply]]


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
        self.monotonic = monotonic
        self.move_limiter = KeyedLimiter(config.move_limit)
        self.hint_limiter = KeyedLimiter(config.hint_limit)
        self.command_limiter = KeyedLimiter(config.command_limit)
        self.snapshot_limiter = KeyedLimiter(config.snapshot_limit)
        self.address_command_limiter = KeyedLimiter(config.address_command_limit)
        self.address_snapshot_limiter = KeyedLimiter(config.address_snapshot_limit)
        self.reaction_limiter = KeyedLimiter(config.reaction_limit)
        self._address_limiters = {
            self.command_limiter: self.address_command_limiter,
            self.reaction_limiter: self.address_command_limiter,
            self.snapshot_limiter: self.address_snapshot_limiter,
        }
        """Limits that also hold per client address: new connections and new members refill nothing."""
        self._by_connection = (self.move_limiter, self.hint_limiter, *self._address_limiters)
        """Every limit kept for each connection (those above among them): forgotten when it ends."""
        self.handshakes = Handshakes(exact_routing=config.redis_url is not None)
        self.connections = 0
        self.outbox = RoomOutbox(sio, config.batch_interval)
        self.runner = RoomRunner(registry, self.outbox, clock)
        self.bot_quota = BotQuota(
            registry, config.max_bots_per_room, config.max_bots_per_address, config.max_bots
        )
        self.hint_searches = HintSearches()
        self.hint_searches.warm()
        self.layouts = PublishedLayouts()
        """Published mazes by share code, for a host's `maze` setting (its store is set with the app's)."""
        self.joined_at: dict[str, float] = {}
        """When each joined connection joined (wall clock): a cluster's handover tells the newer tab."""
        self.join_within = config.join_within
        self._join_deadlines: dict[str, asyncio.TimerHandle] = {}
        """Connections not joined yet, each with the moment it is hung up unless it joins first."""
        self._hang_ups: set[asyncio.Task[None]] = set()
        self.dropped_unjoined = 0
        """Connections hung up for joining no room within `join_within` (reported by /healthz)."""

    def register(self) -> None:
        """Attach every handler to the Socket.IO server."""
        handlers = RoomCommands(
            self.runner,
            self.sio,
            self.handshakes,
            self.hint_searches,
            self.joined_at,
            self.bot_quota,
            self.layouts,
        )
        host = HostCommands(self.runner, self.sio)
        commands: dict[str, tuple[Handler, tuple[KeyedLimiter, ...]]] = {
            "join": (
                handlers.join,
                (self.command_limiter, self.snapshot_limiter),
            ),  # a join answers a snapshot
            "ready": (handlers.ready, (self.command_limiter,)),
            "settings": (handlers.settings, (self.command_limiter,)),
            "start": (handlers.start, (self.command_limiter,)),
            "move": (handlers.move, (self.move_limiter,)),
            "hint": (handlers.hint, (self.hint_limiter,)),
            "rematch": (handlers.rematch, (self.command_limiter,)),
            "leave": (handlers.leave, (self.command_limiter,)),
            "kick": (handlers.kick, (self.command_limiter,)),
            "lock": (handlers.lock, (self.command_limiter,)),
            "add_bot": (handlers.add_bot, (self.command_limiter,)),
            "remove_bot": (handlers.remove_bot, (self.command_limiter,)),
            "resync": (handlers.resync, (self.snapshot_limiter,)),
            "pass_host": (host.pass_host, (self.command_limiter,)),
            "take_seat": (host.take_seat, (self.command_limiter,)),
            "react": (host.react, (self.reaction_limiter,)),
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
            charged: list[tuple[KeyedLimiter, str]] = []
            try:
                if self.runner.closing:
                    raise GameError("the server is restarting; try again in a moment", code="server_closing")
                if not all(self._allowed(limiter, sid, charged) for limiter in limiters):
                    raise GameError("too many commands; slow down", code="rate_limited")
                if len(args) > 1:
                    raise GameError("send one JSON object", code="bad_payload")
                return {"ok": True, **await handler(sid, args[0] if args else None)}
            except GameError as error:
                if error.code in NOT_TAKEN:
                    for limiter, key in charged:
                        limiter.give_back(key)
                return error_ack(error.code, error.message)
            except Exception:
                log.exception("command %s from %s failed", name, sid)
                return error_ack("internal", "the server could not handle that; nothing changed")

        return guarded

    def joined_since(self, code: str, member_id: str, moment: float) -> bool:
        """Whether `member_id`'s connection here joined after `moment` (wall clock)."""
        sid = self.registry.sid_of(Member(code, member_id))
        return sid is not None and self.joined_at.get(sid, 0.0) > moment

    async def replace_elsewhere(self, code: str, member_id: str) -> None:
        """A member joined this room on another process (another tab): this connection is told it was
        replaced and disconnected, so that it does not reconnect and take the place back."""
        sid = self.registry.sid_of(Member(code, member_id))
        if sid is None:
            return
        self.registry.detach(sid)
        await self.sio.emit("replaced", {"message": "you joined from somewhere else"}, to=sid)
        with contextlib.suppress(Exception):
            await self.sio.disconnect(sid)

    def move_clients(self, code: str, reason: str) -> Coroutine[object, object, None]:
        """Send a room's connections away (its room is no longer here): at once they are no longer
        its members (a command they sent meanwhile is told to reconnect); then, in the coroutine
        returned, told why and dropped, not disconnected, so their clients reconnect on their own
        and rejoin where the room is now."""
        return self._send_on(code, self.registry.send_away(code), reason)

    async def _send_on(self, code: str, sids: list[str], reason: str) -> None:
        await self.sio.emit("closing", {"reason": reason}, room=code)
        for sid in sids:
            await self.drop_transport(sid)

    async def drop_transport(self, sid: str) -> None:
        """End a connection the way a dying server would: its WebSocket closes with no Engine.IO
        close packet, which clients (the browser's and python-socketio's) would take as a deliberate
        disconnect and not reconnect after. A connection still long-polling is closed normally."""
        eio_sid = self.sio.manager.eio_sid_from_sid(sid, "/")
        socket = self.sio.eio.sockets.get(eio_sid) if eio_sid is not None else None
        if socket is None:
            return
        with contextlib.suppress(Exception):
            if socket.upgraded:
                await socket.queue.put(None)  # the writer ends and closes the WebSocket
            else:
                await self.sio.eio.disconnect(eio_sid)

    def bot_may_move(self, code: str, bot_id: str) -> bool:
        """Whether a bot may step now: the move limit every player has, keyed as a member is."""
        return self.move_limiter.allow(f"{code}/{bot_id}", self.monotonic())

    def _allowed(self, limiter: KeyedLimiter, sid: str, charged: list[tuple[KeyedLimiter, str]]) -> bool:
        """Whether `sid` may act under `limiter`: as this connection, as the member it has joined as (so
        reconnecting does not refill the buckets), and, for the limits that have one, as its address
        (so neither do new connections, or leaving and joining again as a new member). Each bucket a
        token was taken from is added to `charged`."""
        now = self.monotonic()
        member = self.registry.member(sid)
        by_address = self._address_limiters.get(limiter)
        buckets = [(limiter, sid)]
        if member is not None:
            buckets.append((limiter, f"{member.code}/{member.member_id}"))
        if by_address is not None:
            buckets.append((by_address, self.handshakes.address(sid)))
        for bucket_limiter, key in buckets:
            if not bucket_limiter.allow(key, now):
                return False
            charged.append((bucket_limiter, key))
        return True

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
        loop = asyncio.get_running_loop()
        self._join_deadlines[sid] = loop.call_later(self.join_within, self._drop_if_not_joined, sid)
        return None

    def _drop_if_not_joined(self, sid: str) -> None:
        """An idle connection that never joined holds a file descriptor for nothing: hang it up (a
        browser's socket reconnects by itself and is given the same time again)."""
        self._join_deadlines.pop(sid, None)
        if sid in self.joined_at:
            return
        self.dropped_unjoined += 1
        task = asyncio.create_task(self.hang_up(sid))
        self._hang_ups.add(task)
        task.add_done_callback(self._hang_ups.discard)

    def hung_up(self) -> int:
        """Connections hung up since start for never joining, for staying out of the game's namespace,
        or for not reading what they were sent."""
        if not isinstance(self.sio, GuardedServer):
            return self.dropped_unjoined
        return self.dropped_unjoined + self.sio.dropped_outside + self.sio.bounded.hung_up

    def sessions(self) -> int:
        """Engine.IO sessions open, in the game's namespace or not (each holds a file descriptor)."""
        return len(self.sio.eio.sockets)

    async def hang_up(self, sid: str) -> None:
        """End a connection at once, whether or not its client reads."""
        if isinstance(self.sio, GuardedServer):
            await self.sio.hang_up(sid)
        else:
            await self.sio.disconnect(sid)

    async def on_disconnect(self, sid: str, *reason: object) -> Ack | None:
        """A dropped player keeps their place for the grace period; a spectator just goes."""
        if self._live(sid):  # an event the client emitted, not a disconnection
            return await self.on_unknown("disconnect", sid)
        self.connections -= 1
        deadline = self._join_deadlines.pop(sid, None)
        if deadline is not None:
            deadline.cancel()
        for limiter in self._by_connection:
            limiter.forget(sid)
        self.handshakes.forget(sid)
        self.joined_at.pop(sid, None)
        member = self.registry.detach(sid)
        room = self.registry.rooms.get(member.code) if member is not None else None
        if member is not None and room is not None and not self.runner.closing:
            with contextlib.suppress(GameError):  # the room is moving away: its new home counts it
                await self.runner.run(room, Disconnect(member.member_id, self.runner.clock()))
        return None

    async def on_unknown(self, *args: object) -> Ack:
        """Any event the protocol does not define.

        Socket.IO calls this catch-all with `event, sid, *data`, but a client event named `*` itself
        arrives as `sid, *data`: the connection is whichever of the first two arguments is one.
        """
        sid = next((a for a in args[:2] if self._live(a)), None)
        if sid is not None and not self._allowed(self.command_limiter, str(sid), []):  # never given back
            return error_ack("rate_limited", "too many commands; slow down")
        return error_ack("unknown_event", "the server does not know that event")
