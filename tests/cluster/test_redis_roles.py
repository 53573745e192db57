"""A node the launcher makes a replica (`server.cluster.redis_roles.make_replica`) is made one as Sentinel
makes one: its clients are disconnected, so each finds the primary again. With a bare `REPLICAOF` a
process's connection kept open stayed on it, every write refused `READONLY`: the log batches of every
room failed until that connection broke, and the rooms were dropped and taken again every 1.5 s (seen
on the simulated machines after a fail-over the Sentinels made while the old primary ran on)."""

import socket
from pathlib import Path

from server.cluster.redis_ha import ask
from server.cluster.redis_roles import make_replica
from server.cluster.redis_server import RedisServer
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
