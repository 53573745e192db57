"""The MazeRace processes of a cluster: each is `python -m server --node ID --redis URL --port PORT
--db DB --host 127.0.0.1 --trusted-proxy 127.0.0.1` (only nginx, on loopback, reaches it), and it is
up when its `GET /healthz` answers with its own node id."""

import contextlib
import json
import sys
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server.cluster.services import LOOPBACK, Service, start_on_free_port

START_SECONDS = 60.0
"""A process restores its share of rooms before it answers; on two busy cores that can take a while."""


@dataclass(frozen=True)
class NodeSpec:
    """What one MazeRace process of the cluster is started with."""

    node: str
    redis_url: str
    db: str
    public_url: str | None = None
    extra: tuple[str, ...] = field(default=())
    """More `python -m server` options, the same for every process (after `--` on the command line)."""
    host: str = LOOPBACK
    """The address it listens on, and is checked on."""
    trusted_proxy: str = LOOPBACK
    """The address nginx's connections come from."""
    wrap: tuple[str, ...] = field(default=())
    """A command the process is started through (`ip netns exec NAME`, a machine of its own)."""

    def command(self, port: int) -> list[str]:
        """The process's command line on `port`."""
        public = ["--public-url", self.public_url] if self.public_url else []
        return [
            *self.wrap, sys.executable, "-m", "server", "--node", self.node, "--redis", self.redis_url,
            "--port", str(port), "--db", self.db, "--host", self.host, "--trusted-proxy", self.trusted_proxy,
            *public, *self.extra,
        ]  # fmt: skip


def health(port: int, host: str = LOOPBACK) -> dict[str, Any] | None:
    """The process's `/healthz` answer (JSON as it came), or None while it does not answer one."""
    url = f"http://{host}:{port}/healthz"
    with contextlib.suppress(OSError, ValueError), urllib.request.urlopen(url, timeout=2.0) as response:
        body = json.loads(response.read())  # URLError and HTTP errors are OSErrors, bad JSON ValueError
        return body if isinstance(body, dict) else None
    return None


def start_node(spec: NodeSpec, log: Path, *, port: int | None = None, cwd: Path | None = None) -> Service:
    """Start one process (on `port`, or a free one) and wait until its /healthz names it."""

    def up(service: Service) -> bool:
        answer = health(service.port, spec.host)
        return answer is not None and answer.get("node") == spec.node

    return start_on_free_port(
        spec.node,
        spec.command,
        log,
        up,
        seconds=START_SECONDS,
        port=port,
        cwd=cwd,
        env={"PYTHONUNBUFFERED": "1"},
    )


def start_nodes(specs: Sequence[NodeSpec], logs: Path, started: list[Service]) -> None:
    """Start the processes one after the other, appending each to `started` as soon as it runs (so a
    failure or a Ctrl-C half-way still stops those already up)."""
    for spec in specs:
        started.append(start_node(spec, logs / f"{spec.node}.log"))
