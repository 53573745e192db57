"""A real 3-process cluster for the chaos tests, all its parts children of the test process.

`ChaosCluster` is redis-server (append-only, `appendfsync always`; with `ha`, a primary, a replica
and three Sentinels, `server.cluster.redis_ha`), three `python -m server --node ...`
processes started at once on free loopback ports (`--countdown 1`) and nginx in front of them, stopped
by pid at teardown. A test kills, freezes, thaws and restarts any process, and restarts Redis, by pid.
`LogTail` follows a room's command stream in Redis entry by entry, so a test can see every write (and
act the moment one lands) even after snapshots trim the stream. The race on top: `chaos_table`; what
must hold after any fault: `chaos_checks`.
"""

import asyncio
import contextlib
import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from server.cluster.nginx_conf import Upstream
from server.cluster.nginx_server import NginxServer
from server.cluster.nodes import NodeSpec, health
from server.cluster.ownership.shared_rooms import room_keys
from server.cluster.redis_ha import RedisHA
from server.cluster.redis_server import RedisServer, pong, redis_command
from server.cluster.services import LOOPBACK, Service, free_port, spawn
from tests.cluster.relay import Relay

NODES = ("node1", "node2", "node3")
NODE_ARGS = ("--countdown", "1")
UP_SECONDS = 60.0
"""Three processes start at once on two busy cores."""
WAIT = 30.0
"""Generous deadline of every wait for something the cluster must do (never a timing assertion)."""


@dataclass
class ChaosCluster:
    """Redis, the MazeRace processes by node id, and nginx, all started by this test."""

    root: Path
    redis: RedisServer
    specs: dict[str, NodeSpec]
    nodes: dict[str, Service]
    nginx: NginxServer
    relays: dict[str, Relay] = field(default_factory=dict)
    """With `running_cluster(relayed=True)`: each process's link to Redis, which a test can stall."""
    ha: RedisHA | None = None
    """With `running_cluster(ha=True)`: the Redis nodes and Sentinels (`redis` is the first primary)."""

    @property
    def url(self) -> str:
        """The cluster's address (nginx)."""
        return self.nginx.url

    @property
    def db(self) -> Path:
        return self.root / "mazerace.db"

    def node_url(self, node: str) -> str:
        """One process's own address, past nginx."""
        return f"http://{LOOPBACK}:{self.nodes[node].port}"

    def pid(self, node: str) -> int:
        return self.nodes[node].pid

    def signal(self, node: str, signum: int) -> None:
        """Send `signum` to a process by its pid."""
        os.kill(self.nodes[node].pid, signum)

    def kill(self, node: str) -> None:
        """kill -9, and reap it."""
        self.signal(node, signal.SIGKILL)
        self.nodes[node].wait(10)

    async def restart(self, node: str) -> None:
        """Start a process that ended again on its port, as the launcher does, and wait until it
        answers (spawned from this, the main, thread: children die with the thread that made them)."""
        old = self.nodes[node]
        assert not old.alive()
        service = spawn(node, self.specs[node].command(old.port), old.port, old.log, env=_UNBUFFERED)
        self.nodes[node] = service
        await _until(lambda: _answers(service, node), f"{node} started again")

    def stop_redis(self) -> None:
        """SIGTERM redis-server (it writes its append-only file and exits)."""
        self.redis.stop()

    async def start_redis(self) -> None:
        """redis-server again on its port with its data dir, as after a restart."""
        redis = self.redis
        command = redis_command(redis.port, redis.data_dir, redis.binary)
        redis.service = spawn("redis-server", command, redis.port, redis.service.log)
        await _until(lambda: pong(redis.port), "redis answers again")

    def client(self) -> "aioredis.Redis":
        """A redis-py client of the cluster's Redis (the caller closes it)."""
        return aioredis.from_url(self.redis.url)

    def stop(self) -> None:
        for service in self.nodes.values():
            if service.alive():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(service.pid, signal.SIGCONT)  # a frozen process cannot exit
            service.stop(signal.SIGTERM, 15)
        self.nginx.stop()
        if self.ha is not None:
            self.ha.stop()
        else:
            self.redis.stop()

    def log_of(self, node: str) -> str:
        return self.nodes[node].log.read_text(errors="replace")


_UNBUFFERED = {"PYTHONUNBUFFERED": "1"}


def _answers(service: Service, node: str) -> bool:
    if not service.alive():
        raise AssertionError(f"{node} exited: {service.log_tail()}")
    answer = health(service.port)
    return answer is not None and answer.get("node") == node


async def _until(ready: Callable[[], bool], what: str, within: float = UP_SECONDS) -> None:
    """Poll `ready` (run off the event loop: it may block on a socket) until it holds."""
    deadline = time.monotonic() + within
    while not await asyncio.to_thread(ready):
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {within} s: {what}")
        await asyncio.sleep(0.05)


@contextlib.contextmanager
def running_cluster(
    root: Path, *, relayed: bool = False, ha: bool = False, extra: tuple[str, ...] = ()
) -> Iterator[ChaosCluster]:
    """The three processes are started together (then each waited for), behind one nginx; `relayed`:
    each reaches Redis through a `Relay` of its own; `ha`: Redis is a primary, a replica and three
    Sentinels, and the processes find the primary through them; `extra`: more options for every
    process."""
    redis_ha = RedisHA.start(root / "redis-ha") if ha else None
    redis = redis_ha.nodes[0] if redis_ha is not None else RedisServer.start(root / "redis")
    services: dict[str, Service] = {}
    relays: dict[str, Relay] = {}
    nginx: NginxServer | None = None
    try:
        if relayed:
            relays = {node: Relay(redis.port).start() for node in NODES}
        plain = redis_ha.url if redis_ha is not None else redis.url
        url = {node: relays[node].url if relayed else plain for node in NODES}
        args = (*NODE_ARGS, *extra)
        specs = {node: NodeSpec(node, url[node], str(root / "mazerace.db"), extra=args) for node in NODES}
        for node, spec in specs.items():
            port = free_port()
            services[node] = spawn(
                node, spec.command(port), port, root / "logs" / f"{node}.log", env=_UNBUFFERED
            )
        deadline = time.monotonic() + UP_SECONDS
        for node, service in services.items():
            while not _answers(service, node):
                assert time.monotonic() < deadline, f"{node} did not come up:\n{service.log_tail()}"
                time.sleep(0.05)
        upstreams = [Upstream(LOOPBACK, service.port) for service in services.values()]
        nginx = NginxServer.start(root / "nginx", upstreams)
        cluster = ChaosCluster(root, redis, specs, services, nginx, relays, redis_ha)
        yield cluster
    finally:
        for relay in relays.values():
            relay.heal()  # a process hands its rooms over through Redis as it stops
        for service in services.values():
            with contextlib.suppress(ProcessLookupError):
                if service.alive():
                    os.kill(service.pid, signal.SIGCONT)
            service.stop(signal.SIGTERM, 15)
        if nginx is not None:
            nginx.stop()
        for relay in relays.values():
            relay.stop()
        if redis_ha is not None:
            redis_ha.stop()
        else:
            redis.stop()


@dataclass
class LogEntry:
    """One command in a room's Redis stream: its stream id, the command's JSON and the write's own id
    (`<lease epoch>:<node>:<count>`: which lease wrote it)."""

    id: tuple[int, int]
    command: dict[str, Any]
    written_as: str = ""


def stream_id(text: bytes | str) -> tuple[int, int]:
    value = text.decode() if isinstance(text, bytes) else text
    millis, _, seq = value.partition("-")
    return int(millis), int(seq or 0)


class LogTail:
    """Follows a room's command stream (XREAD BLOCK), keeping every entry ever appended (later trims
    by snapshots do not hide any) and calling `on_entry` as each arrives."""

    def __init__(self, cluster: ChaosCluster, code: str) -> None:
        self.redis = cluster.client()
        self.key = room_keys(code)["log"]
        self.entries: list[LogEntry] = []
        self.on_entry: Callable[[LogEntry], None] | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> "LogTail":
        self._task = asyncio.create_task(self._follow())
        return self

    async def _follow(self) -> None:
        last = "0-0"
        while True:
            try:
                found = await self.redis.xread({self.key: last}, block=200)
            except (OSError, aioredis.RedisError):
                await asyncio.sleep(0.1)  # Redis restarting: read on from where we were
                continue
            for _, entries in found:
                for entry_id, fields in entries:
                    last = entry_id.decode()
                    written_as = fields.get(b"i", b"").decode()
                    entry = LogEntry(stream_id(entry_id), json.loads(fields[b"c"]), written_as)
                    self.entries.append(entry)
                    if self.on_entry is not None:
                        self.on_entry(entry)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.redis.aclose()
