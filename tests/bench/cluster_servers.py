"""The servers the cluster benchmark measures, as they are run for real: `python -m server cluster`
(the launcher: redis-server, N MazeRace processes, nginx) or one `python -m server` alone, no Redis,
no nginx. Nothing is tuned for the benchmark but a short countdown.

CPU is read from /proc/<pid>/stat (utime + stime) of every process that serves: the MazeRace
processes, redis-server, and nginx's master and workers.
"""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server.cluster.redis_ha import ask
from server.cluster.services import free_port

CLOCK_TICK = os.sysconf("SC_CLK_TCK")
NODE_ARGS = ("--countdown", "0.5")
START_SECONDS = 120.0


def cpu_seconds(pid: int) -> float:
    """utime + stime of one process, in seconds (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICK


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine spent busy since boot (user to steal, not idle/iowait), to
    tell the load other people put on the shared cores from ours."""
    with open("/proc/stat") as stat:
        fields = [int(v) for v in stat.readline().split()[1:9]]
    return (sum(fields) - fields[3] - fields[4]) / CLOCK_TICK


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (nginx's workers)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, IndexError), open(f"/proc/{entry}/stat") as stat:
                if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
    return found


def get_json(url: str, timeout: float = 3.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return json.loads(response.read())


def health(port: int) -> dict[str, Any] | None:
    with contextlib.suppress(OSError, ValueError):
        answer = get_json(f"http://127.0.0.1:{port}/healthz", 2.0)
        return answer if isinstance(answer, dict) else None
    return None


@dataclass
class Running:
    """A started server set: its public URL and the pids of what serves, by role."""

    label: str
    url: str
    process: subprocess.Popen[bytes]
    log: Path
    node_ports: dict[str, int] = field(default_factory=dict)
    """Node id -> its own port (the cluster's MazeRace processes)."""
    redis_pid: int | None = None
    redis_port: int | None = None
    nginx_pid: int | None = None
    redis_ports: list[int] = field(default_factory=list)
    """With `--redis-ha`: the two Redis nodes' ports (their pids change as the launcher revives them)."""
    sentinel_ports: list[int] = field(default_factory=list)
    sentinel_pids: list[int] = field(default_factory=list)

    def node_pids(self) -> dict[str, int]:
        """Node id -> the pid serving now (asked of each process: the launcher restarts dead ones)."""
        if not self.node_ports:
            return {"solo": self.process.pid}
        pids = {}
        for node, port in self.node_ports.items():
            answer = health(port)
            if answer is not None:
                pids[node] = int(answer["pid"])
        return pids

    def pids_by_role(self) -> dict[str, list[int]]:
        roles: dict[str, list[int]] = {"mazerace": list(self.node_pids().values())}
        if self.redis_ports:  # both nodes and the Sentinels: what replication costs
            roles["redis"] = [pid for pid in map(redis_pid, self.redis_ports) if pid] + self.sentinel_pids
        elif self.redis_pid is not None:
            roles["redis"] = [self.redis_pid]
        if self.nginx_pid is not None:
            roles["nginx"] = [self.nginx_pid, *children(self.nginx_pid)]
        return roles

    def cpu_by_role(self) -> dict[str, float]:
        """CPU seconds so far by role, and `machine`: every process on the machine."""
        roles = {role: sum(cpu_seconds(pid) for pid in pids) for role, pids in self.pids_by_role().items()}
        return {**roles, "machine": machine_busy_seconds()}

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _wait_for(running: Running, ready: Any) -> None:
    deadline = time.monotonic() + START_SECONDS
    while not ready():
        if running.process.poll() is not None:
            raise RuntimeError(f"{running.label} exited:\n{running.log.read_text(errors='replace')[-2000:]}")
        if time.monotonic() > deadline:
            running.stop()
            raise RuntimeError(
                f"{running.label} did not start:\n{running.log.read_text(errors='replace')[-2000:]}"
            )
        time.sleep(0.1)


def start_single(workdir: Path) -> Running:
    """Today's server: one process, no Redis, no nginx, SQLite in `workdir`."""
    workdir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    log = workdir / "solo.log"
    command = [
        sys.executable,
        "-m",
        "server",
        "--port",
        str(port),
        "--db",
        str(workdir / "solo.db"),
        *NODE_ARGS,
    ]
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    running = Running("1 process alone", f"http://127.0.0.1:{port}", process, log)
    _wait_for(running, lambda: health(port) is not None)
    return running


def redis_pid(port: int) -> int | None:
    """The pid of the Redis on a loopback port, as it says (`INFO server`); None when it does not."""
    info = ask(port, "INFO", "server")
    return int(info["process_id"]) if isinstance(info, dict) else None


def start_cluster(workdir: Path, procs: int, restart: bool = False, redis_ha: bool = False) -> Running:
    """`python -m server cluster --procs N` in `workdir` (with `--redis-ha`: Redis as a primary, a
    replica and three Sentinels); its table gives the pids and ports."""
    workdir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    log = workdir / "launcher.log"
    command = [
        sys.executable, "-m", "server", "cluster", "--procs", str(procs), "--port", str(port),
        "--data", str(workdir / "data"), "--db", str(workdir / "cluster.db"),
        "--restart" if restart else "--no-restart", *(["--redis-ha"] if redis_ha else []), "--", *NODE_ARGS,
    ]  # fmt: skip
    with log.open("ab") as out:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    redis = "Redis primary + replica (WAIT)" if redis_ha else "Redis"
    running = Running(f"{procs} process{'es' if procs > 1 else ''} + nginx + {redis}", "", process, log)
    _wait_for(running, lambda: "ready: " in log.read_text(errors="replace"))
    for line in log.read_text(errors="replace").splitlines():
        cells = line.split()
        if line.startswith("ready: "):
            running.url = cells[1]
        elif len(cells) >= 4 and cells[2].isdigit() and cells[3].isdigit():
            role, ident, pid, node_port = cells[:4]
            if role == "node":
                running.node_ports[ident] = int(node_port)
            elif role == "redis":
                running.redis_pid, running.redis_port = int(pid), int(node_port)
                running.redis_ports += [int(node_port)] if redis_ha else []
            elif role == "sentinel":
                running.sentinel_ports.append(int(node_port))
                running.sentinel_pids.append(int(pid))
            elif role == "nginx":
                running.nginx_pid = int(pid)
    return running
