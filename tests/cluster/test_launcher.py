"""`python -m server cluster` as a real subprocess: it comes up with its table, nginx routes each room's
Socket.IO requests to one process (and a WebSocket client gets through), a process killed with SIGKILL is
reported and started again on its port, and SIGTERM stops every child, leaving no process and no port."""

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
import socketio

from server.cluster.services import port_is_free
from server.http.healthz import NODE_HEADER
from tests.cluster.launcher_process import Launcher, gone, group_members, running_launcher
from tests.services.redis import redis_cli, running_redis

ROOMS = [f"{n:03d}abcdefg" for n in range(12)]
SECRET = "hunter2-not-for-logs"


@pytest.fixture
def launcher(tmp_path: Path) -> Iterator[tuple[Launcher, int]]:
    """`python -m server cluster --procs 3` on a free port; killed at teardown if still running."""
    with running_launcher(tmp_path) as started:
        yield started


async def test_cluster_comes_up_routes_rooms_and_stops_cleanly(launcher: tuple[Launcher, int]) -> None:
    cluster, port = launcher
    cluster.wait_for("ready:")
    rows = cluster.table()
    nodes = {row.id: row for row in rows if row.role == "node"}
    assert sorted(nodes) == ["node1", "node2", "node3"]
    assert [row.role for row in rows].count("redis") == [row.role for row in rows].count("nginx") == 1
    assert next(row.port for row in rows if row.role == "nginx") == port
    url = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(url + "/healthz") as response:
            health = await response.json()
        assert health["ok"] is True
        assert health["pid"] == nodes[health["node"]].pid

        placed = {}
        for room in ROOMS:
            seen = set()
            for _ in range(3):
                async with http.get(f"{url}/socket.io/?EIO=4&transport=polling&room={room}") as response:
                    assert (await response.text()).startswith("0{")  # Engine.IO's open packet
                    seen.add(response.headers[NODE_HEADER])
            assert len(seen) == 1, (room, seen)
            placed[room] = seen.pop()
        assert len(set(placed.values())) > 1

    client = socketio.AsyncClient(reconnection=False)
    await client.connect(f"{url}?room={ROOMS[0]}", transports=["websocket"], socketio_path="socket.io")
    assert client.connected  # a real Socket.IO connection over WebSocket through nginx
    await client.disconnect()
    await client.shutdown()

    victim = nodes["node2"]
    os.kill(victim.pid, signal.SIGKILL)
    assert "exited with status -9" in cluster.wait_for("node2 (pid")
    again = cluster.wait_for("node2 started again")
    assert again.endswith(f"port {victim.port}")
    new_pid = int(again.split("pid ")[1].split(",")[0])

    cluster.process.send_signal(signal.SIGTERM)
    assert cluster.process.wait(60) == 0
    pids = [row.pid for row in rows if row.id != "node2"] + [new_pid]
    assert [pid for pid in pids if not gone(pid)] == []
    assert [row.port for row in rows if not port_is_free(row.port)] == []


async def _answer(http: aiohttp.ClientSession, url: str, within: float = 30.0) -> int:
    """The first status other than a refusal or a 5xx for `GET url` (nginx or Redis coming back)."""
    deadline = time.monotonic() + within
    while True:
        try:
            async with http.get(url) as response:
                if response.status < 500:
                    return response.status
        except aiohttp.ClientError:
            pass
        assert time.monotonic() < deadline, f"{url} did not answer within {within} s"
        await asyncio.sleep(0.1)


async def test_redis_and_nginx_killed_are_started_again_and_the_processes_stay(
    launcher: tuple[Launcher, int],
) -> None:
    """kill -9 of redis-server, then of nginx: each is started again on its port (Redis on its data),
    no MazeRace process is stopped, and a room made before is still there."""
    cluster, port = launcher
    cluster.wait_for("ready:")
    rows = {row.id: row for row in cluster.table()}
    url = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{url}/api/rooms", json={"preset": "custom", "rows": 7, "cols": 7}) as made:
            assert made.status == 201, await made.text()
            code = (await made.json())["code"]
        for role in ("redis", "nginx"):
            os.kill(rows[role].pid, signal.SIGKILL)
            name = "redis-server" if role == "redis" else "nginx"
            again = cluster.wait_for(f"{name} started again", 60)
            assert again.endswith(f"port {rows[role].port}"), again
            assert await _answer(http, f"{url}/api/rooms/{code}") == 200
            # nothing of the killed one is left: nginx's workers outlive their master and hold its port
            assert group_members(rows[role].pid) == [], f"{name}'s killed process group lives on"
        restarted = int(again.split("pid ")[1].split(",")[0])
        await asyncio.sleep(3)  # a new nginx that could not bind its port gives up within about 2.5 s
        assert not gone(restarted), "the restarted nginx exited"
        assert cluster.process.poll() is None
    assert not [line for line in cluster.seen if line.startswith("node") and "exited" in line]
    assert [row.pid for row in rows.values() if row.role == "node" and gone(row.pid)] == []
    cluster.process.send_signal(signal.SIGTERM)
    assert cluster.process.wait(60) == 0


async def test_a_redis_with_a_password_is_used_and_the_password_shown_nowhere(tmp_path: Path) -> None:
    """`--redis` naming a Redis that requires a password: the processes reach it (a room made through
    nginx is there), and neither the launcher's output nor a process's log shows the password."""
    with running_redis(tmp_path / "redis") as redis:
        assert redis_cli(redis, "CONFIG", "SET", "requirepass", SECRET) == "OK"
        url = f"redis://:{SECRET}@127.0.0.1:{redis.port}/0"
        with running_launcher(tmp_path, "--redis", url, procs=1) as (cluster, port):
            cluster.wait_for("ready:")
            async with aiohttp.ClientSession() as http:
                made = await http.post(f"http://127.0.0.1:{port}/api/rooms", json={"preset": "easy"})
                assert made.status == 201, await made.text()
                code = (await made.json())["code"]
            cluster.process.send_signal(signal.SIGTERM)
            assert cluster.process.wait(60) == 0
            said = cluster.everything()
        assert f"redis://***@127.0.0.1:{redis.port}/0" in "\n".join(said)
        logs = [path.read_text() for path in (tmp_path / "data" / "logs").iterdir()]
        assert logs
        assert not [text for text in [*said, *logs] if SECRET in text]
        keys = redis_cli(redis, "-a", SECRET, "--no-auth-warning", "KEYS", f"*{code}*")
        assert code in keys, keys
