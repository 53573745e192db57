"""`python -m server cluster --redis-ha` as a real subprocess: its table lists the two Redis nodes and
three Sentinels; a Sentinel killed with SIGKILL is started again on its port; the primary killed is
replaced by its replica (promoted by the Sentinels) and comes back as a replica of it, while the
MazeRace process stays up and finds the new primary (a room made before is still there); SIGTERM
stops every child, leaving no process and no port."""

import asyncio
import contextlib
import os
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp

from server.cluster.redis_ha import ask
from server.cluster.redis_roles import primary_named_by
from server.cluster.sentinels import MASTER
from server.cluster.services import port_is_free
from tests.cluster.launcher_process import Launcher, gone, left_running, running_launcher


async def _status(http: aiohttp.ClientSession, url: str, within: float = 30.0) -> int:
    """The first status other than a 5xx for `GET url` (the process finding the new primary)."""
    deadline = time.monotonic() + within
    while True:
        async with http.get(url) as response:
            if response.status < 500:
                return response.status
        assert time.monotonic() < deadline, f"{url} did not answer within {within} s"
        await asyncio.sleep(0.1)


def _role(port: int) -> object:
    info = ask(port, "INFO", "replication")
    return info.get("role") if isinstance(info, dict) else None


def _named_by_all(sentinels: list[tuple[str, int]]) -> tuple[str, int] | None:
    """The primary every Sentinel names, when they all answer and agree (the fail-over is over)."""
    named = {primary_named_by(sentinel, MASTER) for sentinel in sentinels}
    return named.pop() if len(named) == 1 else None


def _new_pid(line: str) -> int:
    return int(line.rsplit("pid ", 1)[1])


async def test_redis_ha_starts_revives_and_stops_all_five(tmp_path: Path) -> None:
    with running_launcher(tmp_path, "--redis-ha", procs=1) as (cluster, port):
        cluster.wait_for("ready:")
        rows = cluster.table()
        redis = {row.id: row for row in rows if row.role == "redis"}
        sentinels = [row for row in rows if row.role == "sentinel"]
        assert sorted(redis) == ["primary", "replica"], rows
        assert len(sentinels) == 3, rows
        primary, replica, sentinel = redis["primary"], redis["replica"], sentinels[1]
        url = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as http:
            async with http.post(f"{url}/api/rooms", json={"preset": "custom", "rows": 7, "cols": 7}) as made:
                assert made.status == 201, await made.text()
                code = (await made.json())["code"]

            os.kill(sentinel.pid, signal.SIGKILL)
            sentinel_again = cluster.wait_for(f"redis-sentinel (port {sentinel.port}) died", 30)
            os.kill(primary.pid, signal.SIGKILL)
            primary_again = cluster.wait_for(f"redis-server (port {primary.port}) died", 60)
            assert f"as a replica of port {replica.port}" in primary_again, primary_again
            assert (_role(replica.port), _role(primary.port)) == ("master", "slave")
            assert await _status(http, f"{url}/api/rooms/{code}") == 200
        assert cluster.process.poll() is None
        assert not [line for line in cluster.seen if line.startswith("node") and "exited" in line]

        cluster.process.send_signal(signal.SIGTERM)
        assert cluster.process.wait(60) == 0
        pids = [row.pid for row in rows if row not in (primary, sentinel)]
        pids += [_new_pid(sentinel_again), _new_pid(primary_again)]
        assert [pid for pid in pids if not gone(pid)] == []
        assert [row.port for row in rows if not port_is_free(row.port)] == []


@contextlib.contextmanager
def _launcher_paused(cluster: Launcher) -> Iterator[None]:
    """The launcher stopped (SIGSTOP) meanwhile: it cannot start a child again before the test is ready."""
    cluster.process.send_signal(signal.SIGSTOP)
    try:
        yield
    finally:
        cluster.process.send_signal(signal.SIGCONT)


def _kill_and_hold_port(pid: int, port: int) -> socket.socket:
    """Kill `pid` (SIGKILL) and listen on its port in its place: each start of it again fails at once."""
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while True:
        holder = socket.socket()
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past its connections' TIME_WAIT
        try:
            holder.bind(("127.0.0.1", port))
            holder.listen()
            return holder
        except OSError:
            holder.close()
            assert time.monotonic() < deadline, f"port {port} was not let go"
            time.sleep(0.02)


async def test_a_redis_node_or_sentinel_that_cannot_start_is_not_started_forever(tmp_path: Path) -> None:
    """A Sentinel that dies on every start is given up after three tries, and the rest runs on; a Redis
    node that does is given up too and stops the cluster (without it nothing is acknowledged), cleanly."""
    with running_launcher(tmp_path, "--redis-ha", procs=1) as (cluster, _):
        cluster.wait_for("ready:")
        rows = cluster.table()
        replica = next(row for row in rows if row.role == "redis" and row.id == "replica")
        sentinel = [row for row in rows if row.role == "sentinel"][2]
        with _launcher_paused(cluster):
            held = _kill_and_hold_port(sentinel.pid, sentinel.port)
        with held:
            given_up = cluster.wait_for(f"redis-sentinel (port {sentinel.port}) is not started again", 60)
            assert "died 3 times on start" in given_up
            tries = [
                line for line in cluster.seen if line.startswith(f"redis-sentinel (port {sentinel.port})")
            ]
            failed, last = tries[:-1], tries[-1]
            assert last == given_up
            assert len(failed) in (2, 3), tries  # 3: its first death came after 10 s up, not "on start"
            assert all("could not be started again" in line for line in failed), failed
            await asyncio.sleep(1.0)
            assert cluster.process.poll() is None, "one Sentinel down stops nothing"
            assert not [line for line in cluster.lines.queue if str(sentinel.port) in line]

            with _launcher_paused(cluster):
                held_too = _kill_and_hold_port(replica.pid, replica.port)
            with held_too:
                stopping = cluster.wait_for(f"redis-server (port {replica.port}) is not started again", 60)
                assert stopping.endswith("stopping the cluster"), stopping
                assert cluster.process.wait(60) == 1
        others = [row.pid for row in rows if row not in (replica, sentinel)]
        assert [pid for pid in others if not gone(pid)] == []


async def test_a_primary_replaced_while_frozen_is_told_at_once_to_follow_the_new_one(tmp_path: Path) -> None:
    """The primary frozen (SIGSTOP) past the Sentinels' patience is replaced; thawed, it acts as a second
    primary (Sentinel turns it into a replica only some 8-10 s later, and until then nothing can be
    acknowledged). The launcher tells it to follow the new primary at once. The launcher then killed
    with SIGKILL, nothing it started outlives it, the node still copying its new primary included."""
    with running_launcher(tmp_path, "--redis-ha", procs=1) as (cluster, _):
        cluster.wait_for("ready:")
        redis = {row.id: row for row in cluster.table() if row.role == "redis"}
        primary, replica = redis["primary"], redis["replica"]
        sentinels = [("127.0.0.1", row.port) for row in cluster.table() if row.role == "sentinel"]
        os.kill(primary.pid, signal.SIGSTOP)
        try:
            # Until every Sentinel names the replica the fail-over may still be called off: a primary
            # thawed the moment its replica says "master" can be kept, and the replica told to follow it.
            deadline = time.monotonic() + 30
            while await asyncio.to_thread(_named_by_all, sentinels) != ("127.0.0.1", replica.port):
                assert time.monotonic() < deadline, "the replica was not promoted"
                await asyncio.sleep(0.1)
        finally:
            os.kill(primary.pid, signal.SIGCONT)
        told = await asyncio.to_thread(
            cluster.wait_for, f"redis-server (port {primary.port}) acted as a primary", 30
        )
        assert told.endswith("told to follow it"), told
        assert await asyncio.to_thread(_role, primary.port) == "slave"
        assert cluster.process.poll() is None
        # The old primary is now copying the new one, the moment a Redis node would ignore SIGTERM.
        cluster.process.kill()  # as kill -9 would: its children get only the SIGTERM Linux sends them
        assert cluster.process.wait(10) == -signal.SIGKILL
        rows = cluster.table()
        left = await asyncio.to_thread(left_running, [row.pid for row in rows], 15)
        assert left == [], [(row.role, row.id, row.pid) for row in rows if row.pid in left]  # which one
