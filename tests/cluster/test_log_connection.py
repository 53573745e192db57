"""The log batches' own connection (`LogConnection`) against real redis-servers: a node made a replica
with a bare `REPLICAOF` (an operator's, which leaves its clients connected) refuses the log's script
call (`READONLY`, or `NOSCRIPT` when it lost its scripts), and the connection is closed then, so the
next batch connects again (through Sentinel, to the primary) instead of being refused on it until it
breaks."""

import asyncio
import time
from pathlib import Path

import redis.asyncio as aioredis
from redis.exceptions import NoScriptError, ReadOnlyError

from server.cluster.ownership.log_connection import LogConnection
from server.cluster.redis_ha import ask
from tests.services.redis import running_redis


def _normal_clients(port: int) -> int:
    """Client connections of the node at `port`, besides the one asking."""
    listed = ask(port, "CLIENT", "LIST", "TYPE", "normal")
    assert isinstance(listed, bytes), listed
    return len(listed.splitlines()) - 1


SCRIPT = "return redis.call('SET', KEYS[1], ARGV[1])"
"""A write in a script, as the log's entries are made."""


async def _closed(port: int) -> bool:
    """Whether the node at `port` has let every other client go (it handles the close a moment later)."""
    deadline = time.monotonic() + 5
    while _normal_clients(port) != 0:
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


def _made_replica(port: int) -> bool:
    info = ask(port, "INFO", "replication")
    return isinstance(info, dict) and info.get("role") == "slave"


async def test_a_script_call_refused_by_a_demoted_node_closes_the_connection(tmp_path: Path) -> None:
    with running_redis(tmp_path / "node") as node, running_redis(tmp_path / "other") as other:
        client = aioredis.from_url(node.url)
        log = LogConnection(client, timeout=2.0)
        try:
            (sha,) = await log.round_trip([["SCRIPT", "LOAD", SCRIPT]])
            assert isinstance(sha, bytes)
            assert await log.round_trip([["EVALSHA", sha, 1, "entry", "1"]]) == [b"OK"]
            assert _normal_clients(node.port) == 1, "the log's connection is open"

            assert ask(node.port, "REPLICAOF", "127.0.0.1", other.port) is not None
            deadline = time.monotonic() + 10
            while not _made_replica(node.port):
                assert time.monotonic() < deadline, "the node did not become a replica"
                await asyncio.sleep(0.05)
            (refused,) = await log.round_trip([["EVALSHA", sha, 1, "entry", "2"]])
            assert isinstance(refused, (ReadOnlyError, NoScriptError)), refused
            assert await _closed(node.port), "the refused connection is closed"

            assert ask(node.port, "REPLICAOF", "NO", "ONE") is not None
            assert await log.round_trip([["SET", "entry", "3"]]) == [b"OK"], "a new connection"
        finally:
            await client.aclose()
