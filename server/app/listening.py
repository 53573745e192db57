"""Where the server accepts TCP connections: a bounded number from each client address, and none left
open in silence.

Every open connection holds a file descriptor, and aiohttp keeps a connection that never sends a
request for ever: one address opening sockets and sending nothing held 3,000 of them (and would have
gone on to the process's open-files limit, after which `/healthz` and every new player fail). The
Socket.IO layer bounds the sessions an address holds (`connections_per_address`), but only once a
handshake has arrived; this bounds the connections themselves, where they are accepted, before aiohttp
reads a byte. Trusted proxies are not bounded: nginx carries every player's connection from one address.

`run` replaces `aiohttp.web.run_app` for this one reason: aiohttp offers no hook between accepting a
connection and handing it to its request handler, so the site here wraps the handler's protocol.
"""

import asyncio
import contextlib
from collections.abc import Collection
from typing import Any, cast

from aiohttp import web
from yarl import URL

from server.room.rate_limits import AddressSlots

_WHY = b"too many connections from your address; close some tabs and try again\n"
REFUSAL = (
    b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(_WHY), _WHY)
)
"""The whole answer to a connection over the limit, written before it is closed."""


class AddressLimits:
    """The connections each client address holds open, bounded, and how long one may stay silent."""

    def __init__(self, per_address: int, silent_for: float, unbounded: Collection[str]) -> None:
        self.per_address = per_address
        self.silent_for = silent_for
        self.unbounded = frozenset(unbounded)
        self.slots = AddressSlots()


class CountedConnection(asyncio.Protocol):
    """A connection's protocol wrapped: its address's slot taken when it opens and given back when it
    closes, closed at once over the limit, and hung up when it sends nothing for `silent_for` seconds."""

    def __init__(self, inner: asyncio.Protocol, limits: AddressLimits) -> None:
        self.inner = inner
        self.limits = limits
        self.address: str | None = None
        self.admitted = False
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport = cast(asyncio.Transport, transport)  # uvloop's is one in all but its class
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if address not in self.limits.unbounded:
            if not self.limits.slots.take(address, self.limits.per_address):
                transport.write(REFUSAL)
                transport.close()
                return
            self.address = address
        self.admitted = True
        self.deadline = asyncio.get_running_loop().call_later(self.limits.silent_for, transport.abort)
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.admitted:
            return
        self._cancel_deadline()
        if self.address is not None:
            self.limits.slots.give_back(self.address)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            self._cancel_deadline()
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.admitted else None

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()

    def _cancel_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None


class LimitedSite(web.BaseSite):
    """A TCP site whose connections are counted by address (`AddressLimits`)."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, limits: AddressLimits) -> None:
        super().__init__(runner)
        self.app_runner, self.host, self.port, self.limits = runner, host, port, limits

    @property
    def name(self) -> str:
        return str(URL.build(scheme="http", host=self.host, port=self.port))

    async def start(self) -> None:
        await super().start()
        handler_of = self.app_runner.server
        assert handler_of is not None, "the runner is set up"
        limits = self.limits
        self._server = await asyncio.get_running_loop().create_server(
            lambda: CountedConnection(handler_of(), limits), self.host, self.port
        )


async def _serve(app: web.Application, host: str, port: int, limits: AddressLimits, **runner: Any) -> None:
    """Set the app up, listen until cancelled or signalled, then shut it down."""
    app_runner = web.AppRunner(app, handle_signals=True, **runner)
    await app_runner.setup()
    try:
        site = LimitedSite(app_runner, host, port, limits)
        await site.start()
        print(f"======== Running on {site.name} ========\n(Press CTRL+C to quit)", flush=True)
        await asyncio.Event().wait()  # until a signal (GracefulExit) or a cancel ends the task
    finally:
        await app_runner.cleanup()


def run(
    app: web.Application,
    *,
    host: str,
    port: int,
    limits: AddressLimits,
    loop: asyncio.AbstractEventLoop | None,
    **runner: Any,
) -> None:
    """Serve `app` until SIGINT or SIGTERM, as `web.run_app` does (`runner` are its AppRunner options)."""
    loop = loop or asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    main = loop.create_task(_serve(app, host, port, limits, **runner))
    try:
        loop.run_until_complete(main)
    except (web.GracefulExit, KeyboardInterrupt):
        pass
    finally:
        if not main.done():
            main.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                loop.run_until_complete(main)
        _cancel_the_rest(loop)
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()


def _cancel_the_rest(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel the tasks still running at exit and let them end (their errors are theirs to log)."""
    tasks = asyncio.all_tasks(loop)
    for task in tasks:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
