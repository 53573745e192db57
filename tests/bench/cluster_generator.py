"""The cluster benchmark's load generator, seen from the benchmark: the worker processes
(tests/bench/cluster_worker.py) it drives, the rooms it makes for them, and what one measured window
at one offered rate gave (`Level`).

Its own module because the cluster tables, the before-and-after comparison (cluster_compare.py) and
the Redis fail-over's CPU table (cluster_redis_failover.py) all drive the same generator.
"""

import http.client
import json
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from tests.bench.cluster_client import source_address
from tests.bench.cluster_servers import Running

PLAYERS_PER_ROOM = 3
WORKERS = 2
ROOM_MAKER_BASE = 60_000
"""Room makers' loopback addresses start after the players'."""
LADDER_HEADER = (
    f"{'offered/s':>10} {'acked/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'refused':>8} {'unanswered':>11}"
    f" {'gen CPU%':>9}"
    f" {'srv CPU%':>9} {'others CPU%':>12}"
)
SETTINGS = {"preset": "medium", "algorithm": "prim", "braid": 0.3, "time_limit": 3600}


@dataclass(frozen=True)
class Level:
    """One measured window at one offered rate."""

    offered: float
    achieved: float
    p50: float
    p99: float
    refused: int
    unanswered: int
    """Moves sent in the window with no answer even 15 s after it (counted as infinitely late)."""
    load_cpu: float
    """Load-generator CPU, in % of one core (both workers)."""
    cpu: dict[str, float]
    """Server CPU seconds in the window, by role (mazerace, redis, nginx)."""
    acked: int
    wall: float
    """Seconds over which the servers' and the machine's CPU were read (the window, as this process
    saw it)."""
    others_cpu: float
    """What everything else on the machine (other people's work) took, in % of one core."""

    def line(self) -> str:
        """The level as a line of its ladder (under LADDER_HEADER)."""
        return (
            f"{self.offered:>10.0f} {self.achieved:>8.0f} {self.p50:>7.1f} {self.p99:>7.1f}"
            f" {self.refused:>8} {self.unanswered:>11}"
            f" {self.load_cpu:>9.0f} {self.server_cpu():>9.0f} {self.others_cpu:>12.0f}"
        )

    def server_cpu(self) -> float:
        """Servers' CPU (MazeRace, Redis, nginx) over the window, in % of one core (of 200)."""
        return sum(self.cpu.values()) / self.wall * 100


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


def make_room(base: str, index: int) -> str:
    """Create a room over HTTP from room maker `index`'s own address; its code."""
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(
        parts.hostname or "127.0.0.1",
        parts.port,
        timeout=20,
        source_address=(source_address(ROOM_MAKER_BASE + index), 0),
    )
    try:
        conn.request("POST", "/api/rooms", json.dumps(SETTINGS), {"Content-Type": "application/json"})
        answer = json.loads(conn.getresponse().read())
    finally:
        conn.close()
    if "code" not in answer:
        raise RuntimeError(f"room not made: {answer}")
    return str(answer["code"])


class Generator:
    """The load-generator processes, each with a share of the rooms."""

    def __init__(self, base: str, rooms: int) -> None:
        self.workers = [
            subprocess.Popen(
                [sys.executable, "-m", "tests.bench.cluster_worker", base],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for _ in range(WORKERS)
        ]
        codes = [make_room(base, i) for i in range(rooms)]
        shares: list[list[dict[str, Any]]] = [[] for _ in self.workers]
        for index, code in enumerate(codes):
            first = index * PLAYERS_PER_ROOM
            addresses = [source_address(first + k) for k in range(PLAYERS_PER_ROOM)]
            shares[index % WORKERS].append({"code": code, "addresses": addresses})
        answers = self.ask([{"cmd": "setup", "rooms": share} for share in shares])
        self.players = sum(int(a.get("players", 0)) for a in answers)

    def ask(self, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for worker, command in zip(self.workers, commands, strict=True):
            assert worker.stdin is not None
            worker.stdin.write(json.dumps(command) + "\n")
            worker.stdin.flush()
        answers = []
        for worker in self.workers:
            assert worker.stdout is not None
            line = worker.stdout.readline()
            answer = json.loads(line) if line else {"ok": False, "error": "the worker died"}
            if answer.get("ok") is False:
                raise RuntimeError(f"load generator: {answer['error']}")
            answers.append(answer)
        return answers

    def level(self, server: Running, offered: float, warmup: float, duration: float) -> Level:
        rate = offered / self.players
        command = {"cmd": "run", "rate": rate, "warmup": warmup, "duration": duration}
        for worker in self.workers:
            assert worker.stdin is not None
            worker.stdin.write(json.dumps(command) + "\n")
            worker.stdin.flush()
        time.sleep(warmup)  # the servers' CPU is read over the window (not the drain after it)
        before, window = server.cpu_by_role(), time.perf_counter()
        time.sleep(duration)
        after, cpu_wall = server.cpu_by_role(), time.perf_counter() - window
        answers = []
        for worker in self.workers:
            assert worker.stdout is not None
            answers.append(json.loads(worker.stdout.readline()))
        wall = max(a["wall"] for a in answers)
        spent = {role: after[role] - before.get(role, 0.0) for role in after}
        machine = spent.pop("machine")
        load_cpu = sum(a["cpu"] for a in answers)
        unanswered = sum(a["unanswered"] for a in answers)
        latencies = [ms for a in answers for ms in a["latencies"]] + [float("inf")] * unanswered
        acked = sum(a["acked"] for a in answers)
        return Level(
            offered,
            acked / wall,
            statistics.median(latencies) if latencies else float("nan"),
            percentile(latencies, 0.99),
            sum(a["refused"] for a in answers),
            unanswered,
            load_cpu / wall * 100,
            spent,
            acked,
            cpu_wall,
            max(0.0, machine - sum(spent.values()) - load_cpu) / cpu_wall * 100,
        )

    def close(self) -> None:
        for worker in self.workers:
            assert worker.stdin is not None
            try:
                worker.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
                worker.stdin.close()
            except OSError:
                pass
        for worker in self.workers:
            try:
                worker.wait(20)
            except subprocess.TimeoutExpired:
                worker.kill()
