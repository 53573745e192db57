"""Redis nodes that require a password, behind Sentinels that do not (as most deployments run them) and
behind Sentinels that require one of their own: a real primary, replica and three Sentinels (`RedisHA`),
given `requirepass`, `masterauth` and the Sentinels' `auth-pass` once running (and, locked too, their
default user's password and `sentinel-pass`), and a real MazeRace process given
`redis+sentinel://:PASSWORD@.../mazerace/0[?sentinel_password=...]`. The process reaches the primary
with the passwords (a room it makes, and a player's join logged and acknowledged, are on both nodes),
and its log never shows either password."""

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
import redis

from server.cluster.nodes import NodeSpec, start_node
from server.cluster.ownership.shared_rooms import room_keys
from server.cluster.redis_ha import RedisHA, ask
from server.cluster.redis_url import SentinelRedis
from server.cluster.sentinels import MASTER
from tests.cluster.players import ClusterPlayer

PASSWORD = "s3cret/with@odd:chars"
"""Characters a URL must percent-encode: the URL the process is given is built by `SentinelRedis.url`."""
SENTINEL_PASSWORD = "sentinels' own & odd+chars"


@pytest.fixture
def locked_ha(tmp_path: Path) -> Iterator[RedisHA]:
    """The replicated set, every node then locked with PASSWORD (replicas authenticate to their primary
    with it, the Sentinels too)."""
    ha = RedisHA.start(tmp_path / "redis-ha")
    try:
        for node in ha.nodes:  # before any node asks for it: a replica reconnecting needs masterauth
            assert ask(node.port, "CONFIG", "SET", "masterauth", PASSWORD) == b"OK"
        for sentinel in ha.sentinels:
            assert ask(sentinel.service.port, "SENTINEL", "SET", MASTER, "auth-pass", PASSWORD) == b"OK"
        for node in ha.nodes:
            assert ask(node.port, "CONFIG", "SET", "requirepass", PASSWORD) == b"OK"
        yield ha
    finally:
        ha.stop()


def keys_on(port: int, pattern: str) -> list[bytes]:
    with redis.Redis(port=port, password=PASSWORD, socket_timeout=5) as client:
        found: list[bytes] = client.keys(pattern)
        return found


@pytest.fixture
def locked_sentinels(locked_ha: RedisHA) -> RedisHA:
    """The same set, its Sentinels then locked with SENTINEL_PASSWORD too (they use it with each other)."""
    for sentinel in locked_ha.sentinels:
        port = sentinel.service.port
        assert ask(port, "SENTINEL", "CONFIG", "SET", "sentinel-pass", SENTINEL_PASSWORD) == b"OK"
        assert ask(port, "ACL", "SETUSER", "default", "resetpass", f">{SENTINEL_PASSWORD}") == b"OK"
    return locked_ha


async def test_a_process_reaches_password_locked_nodes_through_the_sentinels(
    locked_ha: RedisHA, tmp_path: Path
) -> None:
    assert ask(locked_ha.nodes[0].port, "DBSIZE") is None  # locked: no answer without the password
    await reached_with(dataclasses.replace(locked_ha.address, password=PASSWORD), locked_ha, tmp_path)


async def test_a_process_reaches_them_through_sentinels_locked_with_their_own_password(
    locked_sentinels: RedisHA, tmp_path: Path
) -> None:
    sentinel = locked_sentinels.sentinels[0].service.port
    assert ask(sentinel, "SENTINEL", "get-master-addr-by-name", MASTER) is None  # locked
    address = dataclasses.replace(
        locked_sentinels.address, password=PASSWORD, sentinel_password=SENTINEL_PASSWORD
    )
    log = await reached_with(address, locked_sentinels, tmp_path)
    assert SENTINEL_PASSWORD not in log


async def reached_with(address: SentinelRedis, ha: RedisHA, tmp_path: Path) -> str:
    """A process given `address` makes a room and logs a join on both nodes; its log, which never shows
    the nodes' password."""
    spec = NodeSpec("node1", address.url, str(tmp_path / "mazerace.db"))
    node = start_node(spec, tmp_path / "node1.log")
    try:
        async with aiohttp.ClientSession() as http:
            made = await http.post(f"http://127.0.0.1:{node.port}/api/rooms", json={"preset": "easy"})
            assert made.status == 201, await made.text()
            code = (await made.json())["code"]
            async with http.get(f"http://127.0.0.1:{node.port}/api/rooms/{code}") as found:
                assert found.status == 200, await found.text()
        player = await ClusterPlayer(f"http://127.0.0.1:{node.port}", code, "Ann").connect()
        try:  # a join is acknowledged once logged, on both nodes (the log batches' own connection)
            joined = await player.join()
            assert joined["ok"], joined
        finally:
            await player.close()
    finally:
        node.stop()
    log = room_keys(code)["log"].encode()
    for server in ha.nodes:  # on the primary, and copied to the replica
        assert log in keys_on(server.port, f"*{code}*"), server.port
    said = node.log.read_text()
    assert PASSWORD not in said
    return said
