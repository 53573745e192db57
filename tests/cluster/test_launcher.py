"""`python -m server cluster` as a real subprocess: it comes up with its table, nginx routes each room's
Socket.IO requests to one process (and a WebSocket client gets through), a process killed with SIGKILL is
reported and started again on its port, and SIGTERM stops every child, leaving no process and no port."""

import asyncio
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
import socketio

from server.cluster.services import free_port, port_is_free
from server.http.healthz import NODE_HEADER

ROOT = Path(__file__).resolve().parents[2]
UP_SECONDS = 120.0
"""Generous: three processes start one after the other on two cores shared with other work."""
ROOMS = [f"{n:03d}abcdefg" for n in range(12)]


@dataclass(frozen=True)
class Row:
    """One line of the launcher's table."""

    role: str
    id: str
    pid: int
    port: int


class Launcher:
    """The launcher process, its output read line by line on a thread (so waits have deadlines)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, start: str, seconds: float = UP_SECONDS) -> str:
        """The next line starting with `start` (the lines before it are kept in `seen`)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                if self.process.poll() is not None and self.lines.empty():
                    break
                continue
            self.seen.append(line)
            if line.startswith(start):
                return line
        raise AssertionError(f"no line starting {start!r}; the launcher said:\n" + "\n".join(self.seen))

    def table(self) -> list[Row]:
        """The rows of the table printed before `ready:`."""
        rows = []
        for line in self.seen:
            cells = line.split()
            if len(cells) >= 4 and cells[0] in ("redis", "node", "nginx") and cells[2].isdecimal():
                rows.append(Row(cells[0], cells[1], int(cells[2]), int(cells[3])))
        return rows


def _gone(pid: int) -> bool:
    """Whether `pid` has ended (a zombie nobody has reaped yet counts as ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


@pytest.fixture
def launcher(tmp_path: Path) -> Iterator[tuple[Launcher, int]]:
    """`python -m server cluster --procs 3` on a free port; killed at teardown if still running."""
    port = free_port()
    command = [
        sys.executable, "-m", "server", "cluster", "--procs", "3", "--port", str(port),
        "--data", str(tmp_path / "data"), "--db", str(tmp_path / "mazerace.db"),
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    launched = Launcher(process)
    try:
        yield launched, port
    finally:
        if process.poll() is None:
            process.kill()  # its children get SIGTERM from Linux (they asked for it), then end
        process.wait()
        launched.reader.join(10)  # the pipe is at its end once every child has let go of it
        if process.stdout is not None:
            process.stdout.close()


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
    assert [pid for pid in pids if not _gone(pid)] == []
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
        assert cluster.process.poll() is None
    assert not [line for line in cluster.seen if line.startswith("node") and "exited" in line]
    assert [row.pid for row in rows.values() if row.role == "node" and _gone(row.pid)] == []
    cluster.process.send_signal(signal.SIGTERM)
    assert cluster.process.wait(60) == 0
