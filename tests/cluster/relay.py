"""A TCP relay between one MazeRace process and Redis that a test can stall: the stand-in for a network
that drops that process's Redis traffic (without namespaces). Stalled, it holds every byte and opens
no connection onwards, and sends no reset and no FIN, as a dropped link does; healed, it passes what
it held. It runs in a thread of its own, so it forwards even while the test's loop blocks."""

import asyncio
import contextlib
import threading

from server.cluster.services import LOOPBACK, free_port


class Relay:
    """Forwards connections on `port` (loopback) to `target_port`."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = free_port()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"relay:{self.port}", daemon=True)
        self._flowing: asyncio.Event | None = None
        self._stop: asyncio.Event | None = None

    @property
    def url(self) -> str:
        """A Redis URL that goes through the relay."""
        return f"redis://{LOOPBACK}:{self.port}/0"

    def start(self) -> "Relay":
        self._thread.start()
        assert self._ready.wait(10), "the relay did not start"
        return self

    def stall(self) -> None:
        """Drop the traffic from now on (held, not refused)."""
        assert self._flowing is not None
        self._loop.call_soon_threadsafe(self._flowing.clear)

    def heal(self) -> None:
        assert self._flowing is not None
        self._loop.call_soon_threadsafe(self._flowing.set)

    def stop(self) -> None:
        if self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    async def _main(self) -> None:
        self._flowing, self._stop = asyncio.Event(), asyncio.Event()
        self._flowing.set()
        tasks: set[asyncio.Task[None]] = set()

        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            task = asyncio.current_task()
            assert task is not None
            tasks.add(task)
            try:
                await self._serve(reader, writer)
            finally:
                tasks.discard(task)

        server = await asyncio.start_server(accepted, LOOPBACK, self.port)
        self._ready.set()
        async with server:
            await self._stop.wait()
        for task in list(tasks):
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        assert self._flowing is not None
        try:
            await self._flowing.wait()  # a stalled link connects nowhere
            upstream_reader, upstream_writer = await asyncio.open_connection(LOOPBACK, self.target_port)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pump(reader, upstream_writer), self._pump(upstream_reader, writer))

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        assert self._flowing is not None
        try:
            while data := await reader.read(65536):
                await self._flowing.wait()
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                writer.close()
