"""The service fixtures themselves: Redis keeps every acknowledged write through a restart and a crash
(append-only file, `appendfsync always`), and nginx in front of real MazeRace apps routes a room's
Socket.IO requests to one process and the rest round-robin, with the client's address passed on."""

import signal
from collections.abc import Callable
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from server.app.factory import create_app
from server.cluster.services import EPHEMERAL_RANGE, LOWEST_CHOSEN_PORT, free_port, port_answers
from server.config import AppConfig
from server.http.healthz import NODE_HEADER
from server.room.rate_limits import RateLimit
from tests.services.redis import RedisServer, redis_cli

from .conftest import StartNginx

AppServer = Callable[..., Any]
ROOMS = [f"room{n:06d}" for n in range(12)]


def test_a_chosen_port_is_below_the_range_outgoing_connections_take_theirs_from() -> None:
    """Any outgoing connection (a process reaching Redis, a test's client) takes its local port from the
    kernel's ephemeral range: a server's port chosen there can be taken before the server binds it."""
    lowest_ephemeral = int(EPHEMERAL_RANGE.read_text().split()[0])
    ports = [free_port() for _ in range(20)]
    assert all(LOWEST_CHOSEN_PORT <= port < lowest_ephemeral for port in ports), ports
    assert len(set(ports)) > 1, ports  # chosen at random: two test workers seldom choose the same


def test_redis_answers_and_is_durable(redis_server: RedisServer) -> None:
    assert redis_cli(redis_server, "PING") == "PONG"
    assert redis_cli(redis_server, "CONFIG", "GET", "appendfsync").splitlines() == ["appendfsync", "always"]
    assert redis_cli(redis_server, "CONFIG", "GET", "appendonly").splitlines() == ["appendonly", "yes"]
    assert redis_cli(redis_server, "CONFIG", "GET", "save").splitlines() == ["save"]  # no RDB snapshots


def test_redis_restart_keeps_what_it_acknowledged(redis_server: RedisServer) -> None:
    port, first_pid = redis_server.port, redis_server.service.pid
    assert redis_cli(redis_server, "XADD", "room:a", "1-0", "move", "e") == "1-0"
    redis_server.restart()  # SIGTERM, start again on the same port and data dir
    assert (redis_server.port, redis_server.service.pid != first_pid) == (port, True)
    assert redis_cli(redis_server, "XLEN", "room:a") == "1"
    assert redis_cli(redis_server, "XADD", "room:a", "2-0", "move", "s") == "2-0"
    redis_server.restart(crash=True)  # SIGKILL: only what was fsynced before the reply survives
    assert redis_cli(redis_server, "XRANGE", "room:a", "-", "+").count("move") == 2
    assert redis_cli(redis_server, "XADD", "room:a", "2-0", "move", "w").startswith("ERR")  # stale id


def test_redis_stop_frees_its_port(redis_server: RedisServer) -> None:
    redis_server.stop()
    assert not redis_server.service.alive()
    assert not port_answers(redis_server.port)


async def _node(aiohttp_server: AppServer, node: str, **config: Any) -> TestServer:
    app = create_app(AppConfig(node=node, trusted_proxies=frozenset({"127.0.0.1"}), **config))
    server: TestServer = await aiohttp_server(app, host="127.0.0.1")
    return server


async def test_nginx_routes_a_room_to_one_process(aiohttp_server: AppServer, start_nginx: StartNginx) -> None:
    nodes = [await _node(aiohttp_server, f"node{k}") for k in (1, 2, 3)]
    nginx = start_nginx([node.port for node in nodes if node.port is not None])
    async with aiohttp.ClientSession() as http:

        async def node_of(path: str) -> str:
            async with http.get(nginx.url + path) as response:
                assert response.status == 200, await response.text()
                return response.headers[NODE_HEADER]

        placed = {}
        for room in ROOMS:
            seen = {await node_of(f"/socket.io/?EIO=4&transport=polling&room={room}") for _ in range(3)}
            assert len(seen) == 1, (room, seen)
            placed[room] = seen.pop()
        assert len(set(placed.values())) > 1  # 12 rooms over 3 processes: not all on one
        anywhere = {await node_of("/healthz") for _ in range(9)}
        assert anywhere == {"node1", "node2", "node3"}  # round-robin, shared through the zone


async def test_nginx_passes_the_client_address(aiohttp_server: AppServer, start_nginx: StartNginx) -> None:
    """Behind nginx, room making is limited per client (here 127.0.0.2 and .3), not per proxy; a client's
    own X-Real-IP is overwritten by nginx."""
    one_room = RateLimit(0.001, 1.0)
    node = await _node(aiohttp_server, "node1", create_limit=one_room)
    assert node.port is not None
    nginx = start_nginx([node.port])

    async def make_room(source: str, spoof: str | None = None) -> int:
        connector = aiohttp.TCPConnector(local_addr=(source, 0))
        headers = {"X-Real-IP": spoof} if spoof else {}
        async with (
            aiohttp.ClientSession(connector=connector) as http,
            http.post(nginx.url + "/api/rooms", json={}, headers=headers) as response,
        ):
            return response.status

    assert await make_room("127.0.0.2") == 201
    assert await make_room("127.0.0.2", spoof="10.9.8.7") == 429  # still 127.0.0.2 to the server
    assert await make_room("127.0.0.3") == 201
    assert await make_room("127.0.0.3") == 429


def test_redis_exits_on_sigterm_even_while_it_writes_its_first_append_only_file(
    redis_server: RedisServer,
) -> None:
    """A replica that has just copied its primary writes a new append-only file, and Redis by default
    refuses to exit meanwhile ("Writing initial AOF, can't exit"): the SIGTERM a launcher killed with
    SIGKILL leaves its children (Linux's parent-death signal) is its only one, so the node would run on
    forever. The same state, made slow on purpose: the file switched off, keys added, then switched on
    with a delay a key."""
    assert redis_cli(redis_server, "CONFIG", "SET", "appendonly", "no") == "OK"
    for k in range(20):
        redis_cli(redis_server, "SET", f"key{k}", "v")
    assert redis_cli(redis_server, "CONFIG", "SET", "rdb-key-save-delay", "500000") == "OK"  # 0.5 s a key
    assert redis_cli(redis_server, "CONFIG", "SET", "appendonly", "yes") == "OK"
    assert "aof_rewrite_in_progress:1" in redis_cli(redis_server, "INFO", "persistence")
    redis_server.service.send(signal.SIGTERM)
    assert redis_server.service.wait(5) == 0, (redis_server.service.log.read_text())[-600:]
