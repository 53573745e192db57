"""A TCP relay between one MazeRace process and Redis that a test can stall: the stand-in for a network
that drops that process's Redis traffic (without namespaces). Stalled, it holds every byte and opens
no connection onwards, and sends no reset and no FIN, as a dropped link does; healed, it passes what
it held. It runs in a thread of its own, so it forwards even while the test's loop blocks."""

import asyncio
import contextlib

from server.cluster.services import LOOPBACK, free_port
from tests.cluster.relay_thread import RelayThread


class Relay(RelayThread):
    """Forwards connections on `port` (loopback) to `target_port`."""

    def __init__(self, target_port: int) -> None:
        super().__init__(LOOPBACK, free_port(), f"relay:{target_port}")
        self.target_port = target_port
        self._flowing: asyncio.Event | None = None

    @property
    def url(self) -> str:
        """A Redis URL that goes through the relay."""
        return f"redis://{LOOPBACK}:{self.port}/0"

    def start(self) -> "Relay":
        super().start()
        return self

    def stall(self) -> None:
        """Drop the traffic from now on (held, not refused)."""
        assert self._flowing is not None
        self._loop.call_soon_threadsafe(self._flowing.clear)

    def heal(self) -> None:
        assert self._flowing is not None
        self._loop.call_soon_threadsafe(self._flowing.set)

    def _prepare(self) -> None:
        self._flowing = asyncio.Event()
        self._flowing.set()

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
