"""A Redis (or a Sentinel) that takes connections and never answers, as a frozen process or a half-dead
link does: a call gives up after one timeout, on one connection. redis-py (since 6.0) tries a timed-out
call three more times by default, backing off up to seconds between tries, so a call meant to give up
in 0.5 s took about 9 s: a launcher asking a frozen Sentinel who the primary is stalled its watch that
long, and a process asking one where the primary is, or a silent primary anything, waited far past
its lease. The callers here have their own answers to a failure (ask again at the next renewal, answer
the player `server_unsure`), so redis-py must not try again behind them: a process's client reconnects
once when a pooled connection is found broken (Redis restarted), and never after a timeout.

The silent peer is a listening socket that never reads: each connection redis-py makes to it is
counted."""

import asyncio
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from server.cluster.ownership.redis_link import connect
from server.cluster.redis_roles import ask_at
from server.cluster.redis_url import SentinelRedis


@dataclass
class SilentPeer:
    """A TCP port that accepts every connection and answers nothing; `connections` counts them."""

    listener: socket.socket
    accepted: list[socket.socket] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    @property
    def port(self) -> int:
        return int(self.listener.getsockname()[1])

    @property
    def connections(self) -> int:
        return len(self.accepted)

    def serve(self) -> None:
        self.listener.settimeout(0.05)
        while not self.stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            self.accepted.append(conn)


@pytest.fixture
def silent() -> Iterator[SilentPeer]:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    peer = SilentPeer(listener)
    thread = threading.Thread(target=peer.serve, daemon=True)
    thread.start()
    try:
        yield peer
    finally:
        peer.stop.set()
        thread.join(5)
        listener.close()
        for conn in peer.accepted:
            conn.close()


def test_the_launchers_question_to_a_silent_peer_is_asked_once(silent: SilentPeer) -> None:
    assert ask_at("127.0.0.1", silent.port, "PING") is None
    assert silent.connections == 1


async def test_a_processs_call_to_a_silent_redis_is_made_once(silent: SilentPeer) -> None:
    link = connect(f"redis://127.0.0.1:{silent.port}/0")
    try:
        with pytest.raises(Exception, match="Timeout"):
            await link.redis.ping()
    finally:
        await link.aclose()
    assert silent.connections == 1


async def test_a_processs_question_to_a_silent_sentinel_is_asked_twice_at_most(silent: SilentPeer) -> None:
    """The Sentinel is asked once; finding no primary is a connection error, which the client's one
    reconnect (for a pooled connection Redis broke) asks once more: two half-seconds, not 9 s."""
    link = connect(SentinelRedis((("127.0.0.1", silent.port),), "mazerace", 0).url)
    try:
        with pytest.raises(Exception, match=r"MasterNotFound|Timeout"):
            await asyncio.wait_for(link.redis.ping(), 30)
    finally:
        await link.aclose()
    assert silent.connections == 2
