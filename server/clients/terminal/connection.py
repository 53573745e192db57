"""The terminal client's Socket.IO connection to one room, as docs/protocol.md describes a client.

It connects with the room code in the handshake query (`?room=CODE`, so a cluster routes it), joins,
and keeps `view` (a `RoomView`) up to date from the room's events (`event`, and `events` batches),
asking for a `resync` when a version is missing. After any drop (the network, a server restart after
`closing`, a cluster moving the room) it connects again, 0.25-1 s apart as the web client does, and
joins with its player token, getting the same player back; it reconnects itself rather than through
python-socketio's reconnection, which does not follow a drop the server announced. After `retry_for`
seconds without a server, or on `replaced` and `kicked` (the player is somewhere else, or removed),
the connection is over and `ended` says why.
"""

import asyncio
import time
from collections.abc import Callable, Coroutine, Mapping

import socketio

from server.clients.terminal.messages import ENGLISH, Messages
from server.clients.terminal.printable import printable
from server.clients.terminal.room_feed import RoomFeed
from server.clients.terminal.room_view import RoomView
from server.errors import BadMaze
from server.room.wire_readers import BadMessage, Refusal, read_join_ack, read_refusal, read_resync_ack

TIMEOUT = 5.0
RETRY_JOIN = frozenset({"server_unavailable", "server_closing", "rate_limited"})
"""Join refusals that mean "nothing happened, ask again" (docs/protocol.md, "Cluster mode"; a rejoin
soon after the last one can be over the snapshot limit)."""


def local_ms() -> int:
    """Local epoch milliseconds (the view turns them into server time)."""
    return round(time.time() * 1000)


Ack = dict[str, object]
"""A command's ack as it arrives, `{"ok": true, ...}` or a refusal: the readers type what is in it."""


def refusal(code: str, message: str) -> Ack:
    """An ack as the server words a refusal, for a command that never got an answer."""
    return {"ok": False, "error": {"code": code, "message": message}}


def refusal_of(ack: Ack) -> Refusal:
    """Why the server refused a command (a refusal of an unknown shape says so)."""
    try:
        return read_refusal(ack)
    except BadMessage as error:
        return {"code": "bad_message", "message": str(error)}


class Connection:
    """One room's connection; `on_change` is called after anything that changes what is shown."""

    def __init__(
        self,
        server: str,
        code: str,
        name: str,
        role: str,
        on_change: Callable[[], None],
        retry_for: float,
        words: Messages = ENGLISH,
    ) -> None:
        self.server, self.code, self.name, self.role = server, code, name, role
        self.words = words
        """The language of `notice` and `ended`."""
        self.retry_for = retry_for
        self.on_change = on_change
        self.feed = RoomFeed(RoomView(code=code))
        self.view = self.feed.view
        self.token: str | None = None
        self.joined = False
        self.ended: str | None = None
        """Why the connection is over for good (replaced, kicked), once it is."""
        self.notice = ""
        self.lost_since: float | None = None
        """Monotonic time of the drop while the connection is down."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._resyncing = self._reconnecting = self._closed = False
        self.sio = socketio.AsyncClient(reconnection=False, handle_sigint=False)
        self.sio.on("disconnect", self._disconnected)
        self.sio.on("event", self._event)
        self.sio.on("events", self._batch)
        self.sio.on("closing", self._closing)
        self.sio.on("replaced", self._replaced)
        self.sio.on("kicked", self._kicked)
        self.sio.on("notice", self._notice)

    # ----- life --------------------------------------------------------------------------------------

    async def open(self) -> Ack:
        """Connect and join; the join's ack (refused ones too). Raises `socketio.exceptions.ConnectionError`
        when the server cannot be reached."""
        await self._connect()
        return await self.join()

    async def _connect(self) -> None:
        path = self.server.split("://", 1)[1].partition("/")[2]
        await self.sio.connect(
            f"{self.server}/?room={self.code}",
            transports=["websocket"],
            socketio_path=f"{path}/socket.io" if path else "socket.io",
            wait_timeout=TIMEOUT,
        )

    async def _reconnect(self) -> None:
        """Connect again until it works (then join with the token) or `retry_for` has passed."""
        self._reconnecting = True
        try:
            await self._reconnect_rounds()
        finally:
            self._reconnecting = False

    async def _reconnect_rounds(self) -> None:
        delay = 0.25
        while not self._closed and self.ended is None:
            await asyncio.sleep(delay)
            if self.lost_since is not None and time.monotonic() - self.lost_since > self.retry_for:
                self.ended = self.words("ended.lost", seconds=f"{self.retry_for:g}")
                self.on_change()
                return
            try:
                await self._connect()
            except (socketio.exceptions.ConnectionError, ValueError, OSError):
                delay = min(1.0, delay * 2)
                continue
            ack = await self.join()
            if ack.get("ok"):
                return
            if not self.sio.connected:
                continue  # dropped again meanwhile
            why = refusal_of(ack)
            reason = self.words.refusal(why["code"], printable(why["message"], 100))
            self.ended = self.words("ended.rejoin", reason=reason)
            self.on_change()
            return

    async def join(self) -> Ack:
        """Join the room (again, with the token, after a drop); the ack (a join whose ack this client
        cannot read is refused with `bad_message`)."""
        for attempt in range(8):
            payload = {"code": self.code, "name": self.name, "role": self.role}
            if self.token is not None:
                payload["token"] = self.token
            ack = await self.call("join", payload)
            code = refusal_of(ack)["code"] if not ack.get("ok") else None
            if code not in RETRY_JOIN or not self.sio.connected:
                break
            await asyncio.sleep(0.25 * (attempt + 1))
        if not ack.get("ok"):
            return ack
        try:
            joined = read_join_ack(ack)
            self.feed.apply_snapshot(joined["snapshot"], local_ms())
        except (BadMessage, BadMaze) as error:
            return refusal("bad_message", f"cannot read the join's answer: {error}")
        you = joined["you"]
        self.view.you, self.view.role = you["id"], you["role"]
        if "token" in you:
            self.token = you["token"]
        self.joined, self.lost_since, self.notice = True, None, ""
        self.on_change()
        return ack

    async def call(self, name: str, payload: Mapping[str, object]) -> Ack:
        """A command and its ack; never raises: no answer is an ack refused with `timeout`/`offline`."""
        if not self.sio.connected:
            return refusal("offline", "not connected to the server")
        try:
            ack = await self.sio.call(name, payload, timeout=TIMEOUT)
        except socketio.exceptions.TimeoutError:
            return refusal("timeout", "the server did not answer in time")
        except socketio.exceptions.SocketIOError:
            return refusal("offline", "not connected to the server")
        return ack if isinstance(ack, dict) else refusal("internal", "the server's answer was not an object")

    async def close(self, leave: bool) -> None:
        """Leave the room (when asked) and disconnect for good."""
        self._closed = True
        if leave and self.joined and self.sio.connected:
            await self.call("leave", {})
        for task in self._tasks:
            task.cancel()
        await self.sio.shutdown()

    # ----- handlers ----------------------------------------------------------------------------------

    def _spawn(self, work: Callable[[], Coroutine[object, object, None]]) -> None:
        task = asyncio.get_running_loop().create_task(work())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _disconnected(self, *reason: object) -> None:
        self.joined = False
        if self._closed or self.ended is not None:
            return
        if self.lost_since is None:
            self.lost_since = time.monotonic()
        self.notice = self.words("notice.lost")
        self.on_change()
        if not self._reconnecting:
            self._spawn(self._reconnect)

    async def _event(self, envelope: object) -> None:
        if self.feed.apply(envelope, local_ms()) == "gap" and not self._resyncing:
            self._spawn(self._resync)
        self._show_problem()
        self.on_change()

    async def _batch(self, envelopes: object) -> None:
        for envelope in envelopes if isinstance(envelopes, list) else []:
            await self._event(envelope)

    async def _resync(self) -> None:
        self._resyncing = True
        try:
            ack = await self.call("resync", {})
            if ack.get("ok"):
                try:
                    self.feed.apply_snapshot(read_resync_ack(ack), local_ms())
                except (BadMessage, BadMaze) as error:
                    self.feed.problem = self.words("notice.unreadable_snapshot", error=error)
                self._show_problem()
                self.on_change()
        finally:
            self._resyncing = False

    def _show_problem(self) -> None:
        """A server message that could not be read, shown once: the server may be newer than this client."""
        if self.feed.problem:
            self.notice, self.feed.problem = printable(self.feed.problem, 160), ""

    async def _closing(self, data: object = None) -> None:
        reason = data.get("reason") if isinstance(data, dict) else None
        self.notice = self.words("notice.restarting", reason=printable(reason or "closing", 60))
        self.on_change()

    async def _replaced(self, data: object = None) -> None:
        self.ended = self.words("ended.replaced")
        self.on_change()

    async def _kicked(self, data: object = None) -> None:
        self.ended = self.words("ended.kicked")
        self.token = None
        self.on_change()

    async def _notice(self, data: object = None) -> None:
        if isinstance(data, dict):
            kind = printable(data.get("kind", ""), 40)
            self.notice = self.words.label(f"notice.{kind}", printable(data.get("message", ""), 100))
            self.on_change()
