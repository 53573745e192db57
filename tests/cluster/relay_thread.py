"""A TCP relay's server on an event loop of its own thread: accepting, serving each connection in a
task, and stopping with every connection cancelled. The relays (`relay.Relay`, which a test stalls,
and `delay_relay.DelayRelay`, which delays) say only how a connection is served: a thread of their
own keeps them forwarding while the test's loop is busy or blocked."""

import asyncio
import threading


class RelayThread:
    """Listens on `host:port` (0: a free one, known once started) and serves each connection with
    `_serve`."""

    def __init__(self, host: str, port: int, name: str) -> None:
        self.host = host
        self.port = port
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._stop: asyncio.Event | None = None

    def start(self) -> None:
        self._thread.start()
        assert self._ready.wait(10), "the relay did not start"

    def stop(self) -> None:
        if self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    def _prepare(self) -> None:
        """On the relay's loop, before it accepts anything: make what `_serve` needs there."""

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        raise NotImplementedError

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        self._prepare()
        tasks: set[asyncio.Task[None]] = set()

        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            task = asyncio.current_task()
            assert task is not None
            tasks.add(task)
            try:
                await self._serve(reader, writer)
            finally:
                tasks.discard(task)

        server = await asyncio.start_server(accepted, self.host, self.port)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        async with server:
            await self._stop.wait()
        for task in list(tasks):
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
