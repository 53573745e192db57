"""A node the launcher makes a replica (`server.cluster.redis_roles.make_replica`) is made one as Sentinel
makes one: its clients are disconnected, so each finds the primary again. With a bare `REPLICAOF` a
process's connection kept open stayed on it, every write refused `READONLY`: the log batches of every
room failed until that connection broke, and the rooms were dropped and taken again every 1.5 s (seen
on the simulated machines after a fail-over the Sentinels made while the old primary ran on)."""

import signal
import socket
from pathlib import Path

from server.cluster.redis_ha import ask
from server.cluster.redis_roles import STALE_SECONDS, StalePrimaries, make_replica
from server.cluster.redis_server import RedisServer
from server.cluster.sentinels import MASTER, SentinelProcess
from server.cluster.services import LOOPBACK


def test_a_node_made_a_replica_lets_its_clients_go(tmp_path: Path) -> None:
    primary = RedisServer.start(tmp_path / "primary")
    node = RedisServer.start(tmp_path / "node")
    try:
        with socket.create_connection((LOOPBACK, node.port), timeout=5) as kept:  # as the log's connection
            kept.sendall(b"PING\r\n")
            assert kept.recv(64) == b"+PONG\r\n"
            assert make_replica((LOOPBACK, node.port), (LOOPBACK, primary.port))
            assert kept.recv(64) == b"", "the connection is closed: its next batch finds the primary again"
        info = ask(node.port, "INFO", "replication")
        assert isinstance(info, dict)
        assert info["role"] == "slave"
    finally:
        node.stop()
        primary.stop()


def test_a_second_primary_is_told_only_when_most_sentinels_answer_and_agree(tmp_path: Path) -> None:
    """Two nodes that both say they are primaries; two Sentinels watch the first, the third the second.
    The launcher's role check tells neither while the Sentinels disagree, tells the second to follow the
    first once the dissenter is gone (two of three answering and agreeing), and names nothing when only
    one of three answers (it may be the one cut off)."""
    first = RedisServer.start(tmp_path / "first")
    second = RedisServer.start(tmp_path / "second")
    sentinels = [
        SentinelProcess.start(tmp_path / "s1", first.port),
        SentinelProcess.start(tmp_path / "s2", first.port),
        SentinelProcess.start(tmp_path / "s3", second.port),
    ]
    roles = StalePrimaries(
        MASTER,
        [(LOOPBACK, sentinel.service.port) for sentinel in sentinels],
        [(LOOPBACK, first.port), (LOOPBACK, second.port)],
    )
    try:
        assert roles.named_primary() is None, "two answers against one: no agreement"
        assert roles.demote(now=0.0) == []
        assert roles.demote(now=STALE_SECONDS + 1) == []
        assert roles.role((LOOPBACK, second.port)) == "master"

        sentinels[2].service.stop(signal.SIGKILL)
        assert roles.named_primary() == (LOOPBACK, first.port)
        assert roles.demote(now=10.0) == [], "not before it has been a second primary for a while"
        assert roles.demote(now=10.0 + STALE_SECONDS) == [(LOOPBACK, second.port)]
        assert roles.role((LOOPBACK, second.port)) == "slave"

        sentinels[1].service.stop(signal.SIGKILL)
        assert roles.named_primary() is None, "one answer of three is not a majority"
    finally:
        for sentinel in sentinels:
            sentinel.service.stop(signal.SIGKILL)
        second.stop()
        first.stop()
