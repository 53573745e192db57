"""A TCP relay that delays what it forwards: the latency of a link between two simulated machines
(tests/cluster/netns.py; the kernel here has no netem). Each chunk read is written on after a one-way
delay drawn for it, never before the chunk read ahead of it (a TCP stream stays in order), so jitter
spreads the chunks out but never reorders them. Its connections onwards can leave from an address
chosen by the client's (`source_for`): players behind one relay then look like different people, as
they would to nginx in production. Like `Relay`, it runs in a thread of its own, so it forwards while
the test's own loop is busy."""

import asyncio
import contextlib
import random
from collections.abc import Callable

from tests.cluster.relay_thread import RelayThread

OneWay = Callable[[], float]
"""Draws the one-way delay, in seconds, of the next chunk."""


def fixed(seconds: float) -> OneWay:
    """The same delay every time (a link between machines in one data centre)."""
    return lambda: seconds


def jittered(low: float, high: float, rng: random.Random) -> OneWay:
    """A delay drawn uniformly between `low` and `high` for each chunk (a player's link)."""
    return lambda: rng.uniform(low, high)


class DelayRelay(RelayThread):
    """Forwards connections on `host:port` to `target_host:target_port`, each way after `one_way`."""

    def __init__(
        self,
        host: str,
        target_host: str,
        target_port: int,
        one_way: OneWay,
        *,
        source_for: Callable[[str], str] | None = None,
    ) -> None:
        """`source_for`: the client's address -> the address the connection onwards leaves from
        (None: the hub's own, `host`)."""
        super().__init__(host, 0, f"delay-relay:{target_port}")
        self.target_host, self.target_port = target_host, target_port
        self.one_way = one_way
        self.source_for = source_for or (lambda _client: host)

    @property
    def address(self) -> str:
        """`host:port`, where to connect."""
        return f"{self.host}:{self.port}"

    def start(self) -> "DelayRelay":
        super().start()
        return self

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = writer.get_extra_info("peername")[0]
        await asyncio.sleep(self.one_way())  # the SYN's way there
        try:
            onward = await asyncio.open_connection(
                self.target_host, self.target_port, local_addr=(self.source_for(client), 0)
            )
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pump(reader, onward[1]), self._pump(onward[0], writer))

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Read chunks and hand each to a writer task that sends it once its delay has passed."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        sender = asyncio.create_task(self._send(queue, writer))
        loop = asyncio.get_running_loop()
        due = 0.0
        try:
            while data := await reader.read(65536):
                due = max(due, loop.time() + self.one_way())
                queue.put_nowait((due, data))
        except OSError:
            pass
        finally:
            queue.put_nowait((due, b""))
            with contextlib.suppress(OSError):
                await sender

    async def _send(self, queue: "asyncio.Queue[tuple[float, bytes]]", writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                due, data = await queue.get()
                if (wait := due - loop.time()) > 0:
                    await asyncio.sleep(wait)
                if not data:
                    return
                writer.write(data)
                await writer.drain()
        finally:
            with contextlib.suppress(OSError):
                writer.close()
