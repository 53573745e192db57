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
from typing import Any

import orjson
import socketio
from socketio import packet

log = logging.getLogger(__name__)

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
    """`socketio.AsyncServer` that refuses binary packets and closes connections that send junk."""

    def __init__(self, *, fast_json: bool = True, **options: Any) -> None:
        super().__init__(serializer=FastTextPacket if fast_json else TextPacket, **options)
        self.malformed: dict[str, int] = {}
        """Malformed packets so far, by Engine.IO session; forgotten when the session ends."""
        self._closing: set[str] = set()
        """Sessions being closed for junk: what they still send is dropped unread."""
        self.closed_for_junk = 0
        """Connections closed for binary or malformed packets since start (reported by /healthz)."""

    async def _handle_eio_message(self, eio_sid: str, data: str | bytes) -> None:
        if eio_sid in self._closing:
            return
        if not isinstance(data, str) or data[:1] in BINARY_TYPES:
            log.warning("closing connection %s: it sent binary data, which the protocol has not", eio_sid)
            await self._close_for_junk(eio_sid)
            return
        try:
            await super()._handle_eio_message(eio_sid, data)
        except Exception as error:  # anything the decoder refuses; handlers run in their own tasks
            count = self.malformed.get(eio_sid, 0) + 1
            self.malformed[eio_sid] = count
            if count == 1:  # one line a connection, whatever it sends
                log.warning(
                    "connection %s sent a malformed packet (%s); closing it after %d",
                    eio_sid, type(error).__name__, MAX_MALFORMED,
                )  # fmt: skip
            if count >= MAX_MALFORMED:
                await self._close_for_junk(eio_sid)

    async def _handle_eio_disconnect(self, eio_sid: str, reason: Any = None) -> None:
        self.malformed.pop(eio_sid, None)
        await super()._handle_eio_disconnect(eio_sid, reason)

    async def _close_for_junk(self, eio_sid: str) -> None:
        """Disconnect the session and hang up its transport.

        Engine.IO's disconnect only sends a close packet and waits for the client to hang up, reading
        on meanwhile; a hostile client never does. A `None` in the session's send queue makes the
        websocket writer close the socket (polling sessions are gone once disconnected).
        """
        self._closing.add(eio_sid)
        self.closed_for_junk += 1
        socket = self.eio.sockets.get(eio_sid)
        try:
            await self.eio.disconnect(eio_sid)
            if socket is not None:
                await socket.queue.put(None)
        finally:  # frames already read still arrive for a moment: drop them unread, then forget
            asyncio.get_running_loop().call_later(FORGET_SECONDS, self._closing.discard, eio_sid)
