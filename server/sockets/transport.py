"""The Socket.IO server MazeRace runs: text JSON packets only, and a connection that sends what the
protocol cannot carry is closed, with one log line at most.

The protocol has no binary data. python-socketio would otherwise buffer every binary frame announced
by a packet as an attachment (a single connection grew the server by 1.5 GB in 20 s), and log a full
traceback for every packet its decoder rejects (376 MB of stderr in 27 s). Binary packets close the
connection at once; malformed ones count against the connection and close it after a few.
"""

import asyncio
import json
import logging
import time
from typing import Any

import engineio
import orjson
import socketio
from socketio import packet

from server.room.rate_limits import AddressSlots, KeyedLimiter, RateLimit, TokenBucket
from server.sockets.engine import BoundedEngine
from server.sockets.handshakes import handshake_of, own_connection

log = logging.getLogger(__name__)

JUNK_LOG_LIMIT = RateLimit(0.2, 10.0)
"""Lines about junk a server writes, whatever the number of connections: ten at once, then one in 5 s."""
JUNK_LIMIT = RateLimit(0.5, 10.0)
"""Connections an address may have closed for junk (ten, then one every 2 s) before it is shut out."""
SHUT_OUT_SECONDS = 60.0
"""How long an address over `JUNK_LIMIT` may not connect."""
MAX_MALFORMED = 3
"""Malformed packets a connection may send before it is closed (a buggy client gets a chance)."""

FORGET_SECONDS = 5.0
"""How long frames of a session closed for junk are still dropped without a word."""

BINARY_TYPES = frozenset({str(packet.BINARY_EVENT), str(packet.BINARY_ACK)})


class FastJson:
    """orjson where it can, the standard library where orjson refuses (integers past 64 bits, lone
    surrogates, NaN): the same values come out either way, only faster. Shaped like the `json`
    module, as python-socketio expects."""

    @staticmethod
    def dumps(data: Any, **_options: Any) -> str:
        """Compact JSON text (python-socketio asks for compact separators; orjson only writes those)."""
        return orjson.dumps(data).decode()

    @staticmethod
    def loads(text: str | bytes, **_options: Any) -> Any:
        """Parsed JSON; what orjson cannot read goes to the standard library, which decides."""
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            return json.loads(text)


class TextPacket(packet.Packet):
    """A Socket.IO packet that never looks for binary data: encoding skips python-socketio's walk of
    every value (a quarter of the server's time on big hint answers), and decoding never expects
    attachments."""

    uses_binary_events = False


class FastTextPacket(TextPacket):
    """`TextPacket` encoded and decoded with orjson."""

    json = FastJson


class GuardedServer(socketio.AsyncServer):
    """`socketio.AsyncServer` that refuses binary packets, closes connections that send junk, holds each
    address to `connections_per_address` connections at once, and hangs up connections that do not
    take what they are sent (`server.sockets.engine`) or stay out of the game's namespace for
    `connect_within` seconds."""

    def __init__(
        self,
        *,
        fast_json: bool = True,
        connections_per_address: int = 1_000_000,
        connect_within: float = 60.0,
        max_backlog: int = BoundedEngine.max_backlog,
        write_stall: float = BoundedEngine.write_stall,
        **options: Any,
    ) -> None:
        super().__init__(serializer=FastTextPacket if fast_json else TextPacket, **options)
        assert isinstance(self.eio, BoundedEngine)
        self.bounded: BoundedEngine = self.eio
        self.bounded.max_backlog, self.bounded.write_stall = max_backlog, write_stall
        self.bounded.requests = self._request_of
        self.connections_per_address = connections_per_address
        self.connect_within = connect_within
        self._connect_deadlines: dict[str, asyncio.TimerHandle] = {}
        """Engine.IO sessions not connected to the game's namespace, and when each is hung up."""
        self.dropped_outside = 0
        """Sessions hung up for staying out of the game's namespace (reported by /healthz)."""
        self.by_address = AddressSlots()
        """Live Engine.IO sessions of each client address: every one holds a file descriptor."""
        self.malformed: dict[str, int] = {}
        """Malformed packets so far, by Engine.IO session; forgotten when the session ends."""
        self._closing: set[str] = set()
        """Sessions being closed for junk: what they still send is dropped unread."""
        self._log_budget = TokenBucket.full(JUNK_LOG_LIMIT, time.monotonic())
        self._unlogged = 0
        self._junk_by_address = KeyedLimiter(JUNK_LIMIT, max_keys=10_000)
        self._shut_out: dict[str, float] = {}
        """Addresses refused until the given monotonic time, for sending junk again and again."""
        self.closed_for_junk = 0
        """Connections closed for binary or malformed packets since start (reported by /healthz)."""
        self._hang_ups: set[asyncio.Task[None]] = set()

    def _engineio_server_class(self) -> type[engineio.AsyncServer]:
        return BoundedEngine

    def _request_of(self, eio_sid: str) -> object:
        return own_connection(self.environ.get(eio_sid))

    async def _handle_eio_connect(
        self, eio_sid: str, environ: dict[str, Any]
    ) -> bool | dict[str, str] | None:  # a WSGI environ
        address = handshake_of(environ).address
        until = self._shut_out.get(address)
        if until is not None:
            if time.monotonic() < until:
                return False  # Engine.IO answers the handshake with a refusal
            del self._shut_out[address]
        if not self.by_address.take(address, self.connections_per_address):
            self._note(f"refusing a connection from {address}: it has {self.connections_per_address} open")
            message = "too many connections from your address; close some tabs and try again"
            return {"code": "too_many_connections", "message": message}  # a 401 with this JSON body
        await super()._handle_eio_connect(eio_sid, environ)
        self._arm_connect_deadline(eio_sid)
        return None

    def _arm_connect_deadline(self, eio_sid: str) -> None:
        """Give a session `connect_within` seconds to be in the game's namespace.

        The game's own deadline (join a room in time) starts only once a session connects to `/`; a
        session that never does (polling with no `40`, or a connection to a namespace the server has
        not) would otherwise hold its file descriptor and its address's slot for ever.
        """
        self._cancel_connect_deadline(eio_sid)
        loop = asyncio.get_running_loop()
        self._connect_deadlines[eio_sid] = loop.call_later(
            self.connect_within, self._drop_if_outside, eio_sid
        )

    def _cancel_connect_deadline(self, eio_sid: str) -> None:
        deadline = self._connect_deadlines.pop(eio_sid, None)
        if deadline is not None:
            deadline.cancel()

    def _drop_if_outside(self, eio_sid: str) -> None:
        self._connect_deadlines.pop(eio_sid, None)
        if self.manager.sid_from_eio_sid(eio_sid, "/") is not None or eio_sid not in self.eio.sockets:
            return
        self.dropped_outside += 1
        task = asyncio.create_task(self.bounded.hang_up(eio_sid))
        self._hang_ups.add(task)
        task.add_done_callback(self._hang_ups.discard)

    async def _handle_disconnect(self, eio_sid: str, namespace: str | None, reason: Any = None) -> None:
        """A client that leaves `/` but keeps its Engine.IO session is given the same time again."""
        await super()._handle_disconnect(eio_sid, namespace, reason)
        if (namespace or "/") == "/":
            self._arm_connect_deadline(eio_sid)  # cancelled below if the whole session is ending

    async def hang_up(self, sid: str) -> None:
        """End a Socket.IO connection at once, whatever its client reads: its TCP connection closes."""
        eio_sid = self.manager.eio_sid_from_sid(sid, "/")
        if eio_sid is not None:
            await self.bounded.hang_up(eio_sid)

    async def _handle_eio_message(self, eio_sid: str, data: str | bytes) -> None:
        if eio_sid in self._closing:
            return
        if not isinstance(data, str) or data[:1] in BINARY_TYPES:
            self._note(f"closing connection {eio_sid}: it sent binary data, which the protocol has not")
            await self._close_for_junk(eio_sid)
            return
        try:
            await super()._handle_eio_message(eio_sid, data)
        except Exception as error:  # anything the decoder refuses; handlers run in their own tasks
            count = self.malformed.get(eio_sid, 0) + 1
            self.malformed[eio_sid] = count
            if count == 1:  # one line a connection at most, whatever it sends
                self._note(
                    f"connection {eio_sid} sent a malformed packet ({type(error).__name__});"
                    f" closing it after {MAX_MALFORMED}"
                )
            if count >= MAX_MALFORMED:
                await self._close_for_junk(eio_sid)

    async def _handle_eio_disconnect(self, eio_sid: str, reason: Any = None) -> None:
        self.malformed.pop(eio_sid, None)
        if eio_sid in self.environ:
            self.by_address.give_back(handshake_of(self.environ[eio_sid]).address)
        await super()._handle_eio_disconnect(eio_sid, reason)
        self._cancel_connect_deadline(eio_sid)

    async def _close_for_junk(self, eio_sid: str) -> None:
        """Disconnect the session and hang up its connection at once.

        Engine.IO's disconnect only sends a close packet and waits for the client to hang up, reading
        on meanwhile; a hostile client never does, and never reads the close either. So the TCP
        connection itself is closed: nothing more is read from it.
        """
        self._closing.add(eio_sid)
        self.closed_for_junk += 1
        environ = self.environ.get(eio_sid) or {}
        address = handshake_of(environ).address
        if not self._junk_by_address.allow(address, time.monotonic()):
            if len(self._shut_out) >= 10_000:
                self._shut_out.clear()  # a crude bound on memory
            self._shut_out[address] = time.monotonic() + SHUT_OUT_SECONDS
            self._note(
                f"refusing connections from {address} for {SHUT_OUT_SECONDS:.0f} s: it keeps sending junk"
            )
        request = own_connection(environ)
        try:
            await self.eio.disconnect(eio_sid)
        finally:
            transport = getattr(request, "transport", None)
            if transport is not None:
                transport.close()
            # frames already read still arrive for a moment: drop them unread, then forget the session
            asyncio.get_running_loop().call_later(FORGET_SECONDS, self._closing.discard, eio_sid)

    def _note(self, line: str) -> None:
        """Log a line about junk within the server-wide budget; say how many were left out."""
        if not self._log_budget.allow(time.monotonic()):
            self._unlogged += 1
            return
        if self._unlogged:
            line += f" ({self._unlogged} similar lines left out)"
            self._unlogged = 0
        log.warning("%s", line)
