"""Cluster benchmark: one process alone against 1, 2 and 3 processes behind nginx with Redis; CPU per
move by role; move ack latency at 500 moves/s; fail-over over 20+ kill -9s of a racing room's owner.

Everything runs on this machine's two cores: the servers, Redis, nginx and the load generator (two
processes of light raw Socket.IO players, tests/bench/cluster_worker.py) share them, so every figure is
lower than the servers would do on cores of their own. Many rooms of 3 players, every player walking
legal moves (each move is logged to Redis in a cluster, acked, and broadcast to the room) at most
15 moves/s, below the 20/s a player is allowed. Each player connects from its own loopback address,
so the server's per-address limits stay the production ones.
"""

import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.bench.cluster_client import source_address
from tests.bench.cluster_servers import Running, machine_busy_seconds, start_cluster, start_single
from tests.bench.timing import print_table

TITLE = "cluster: moves/s at p99 <= 50 ms, 1-3 processes + nginx + Redis vs one alone; CPU a move; fail-over"

PLAYERS_PER_ROOM = 3
MAX_PLAYER_RATE = 15.0
"""Moves a second a player sends at most: under the 20/s move limit, with room for a late loop's jitter."""
P99_BUDGET_MS = 50.0
FIXED_RATE = 500.0
WORKERS = 2
QUIET_BUSY = 40.0
"""% of the 2 cores (200 %) other work may take before a configuration starts..."""
QUIET_WAIT = 60.0
"""...or at most this long is waited for it."""
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


def wait_for_quiet(label: str) -> None:
    """Before a configuration: wait (at most QUIET_WAIT s) until the shared machine is mostly idle,
    and say how busy it was, since other people's tests on the same 2 cores move every figure."""
    started = time.monotonic()
    while True:
        before = machine_busy_seconds()
        time.sleep(1.0)
        busy = (machine_busy_seconds() - before) * 100
        waited = time.monotonic() - started
        if busy <= QUIET_BUSY or waited >= QUIET_WAIT:
            break
    print(
        f"\n[{label}: the machine was {busy:.0f} % busy (of 200 %) before it started; waited {waited:.0f} s]"
    )


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


@dataclass
class Measured:
    label: str
    fixed: Level
    ladder: list[Level]

    def sustained(self) -> Level | None:
        good = [lv for lv in self.ladder if lv.p99 <= P99_BUDGET_MS and lv.achieved >= 0.9 * lv.offered]
        return max(good, key=lambda lv: lv.achieved, default=None)


def measure(label: str, server: Running, rooms: int, rates: list[float], quick: bool) -> Measured:
    """Set the rooms up once, run the fixed 500/s window, then climb the offered rate."""
    generator = Generator(server.url, rooms)
    try:
        fixed = generator.level(server, FIXED_RATE, 2.0, 3.0 if quick else 6.0)
        print(f"\n{label}: {generator.players} players in {rooms} rooms")
        print(LADDER_HEADER)
        ladder: list[Level] = []
        over = 0
        for offered in rates:
            level = generator.level(server, offered, 1.0, 2.0 if quick else 3.0)
            ladder.append(level)
            print(level.line(), flush=True)
            if level.p99 > P99_BUDGET_MS or level.achieved < 0.9 * level.offered:
                over += 1
                if over >= 2:
                    break
    finally:
        generator.close()
    return Measured(label, fixed, ladder)


def print_throughput(results: list[Measured]) -> None:
    rows = []
    for result in results:
        best = result.sustained()
        rows.append([
            result.label,
            f"{best.achieved:.0f}" if best else "-",
            f"{best.p99:.1f}" if best else "-",
            f"{max(lv.offered for lv in result.ladder):.0f}",
        ])  # fmt: skip
    print_table(
        f"1. moves/s with p99 ack latency <= {P99_BUDGET_MS:.0f} ms (and >= 90 % of the offered rate acked)",
        ["servers", "moves/s", "p99 ms there", "highest offered"],
        rows,
        "the load generator (2 processes) shares the 2 cores with the servers; its CPU% is in each ladder",
    )


def print_cpu(results: list[Measured]) -> None:
    rows = []
    for result in results:
        fixed = result.fixed
        per = (
            {role: seconds / fixed.acked * 1e6 for role, seconds in fixed.cpu.items()} if fixed.acked else {}
        )
        rows.append([
            result.label, f"{fixed.achieved:.0f}",
            f"{per.get('mazerace', 0):.0f}", f"{per['redis']:.0f}" if "redis" in per else "-",
            f"{per['nginx']:.0f}" if "nginx" in per else "-", f"{sum(per.values()):.0f}",
        ])  # fmt: skip
    print_table(
        f"2. server CPU per acked move at {FIXED_RATE:.0f} moves/s offered (µs, utime+stime from /proc)",
        ["servers", "acked/s", "MazeRace", "Redis", "nginx", "total"],
        rows,
    )


def print_latency(results: list[Measured]) -> None:
    rows = [
        [
            r.label,
            f"{r.fixed.achieved:.0f}",
            f"{r.fixed.p50:.1f}",
            f"{r.fixed.p99:.1f}",
            f"{r.fixed.others_cpu:.0f}",
        ]
        for r in results
    ]
    print_table(
        f"3. move ack latency at {FIXED_RATE:.0f} moves/s offered (target through 3 processes: p99 <= 15 ms)",
        ["servers", "acked/s", "p50 ms", "p99 ms", "others' CPU %"],
        rows,
        "others' CPU: what other people's processes took of the 2 cores (200 %) meanwhile",
    )


def run(quick: bool = False) -> None:
    from tests.bench import cluster_failover

    rooms = 30 if quick else 70
    top = rooms * PLAYERS_PER_ROOM * MAX_PLAYER_RATE
    steps = [100, 200, 300, 400, 600, 800, 1000, 1300, 1600, 2000, 2500, 3000]
    rates = [float(r) for r in steps if r <= top]
    print(f"{PLAYERS_PER_ROOM} players a room, legal moves, at most {MAX_PLAYER_RATE:.0f} moves/s a player; "
          f"levels of {2 if quick else 3} s after 1 s warm-up, stopping 2 levels over budget")  # fmt: skip
    results = []
    with tempfile.TemporaryDirectory(prefix="mazerace-bench-cluster-") as tmp:
        for procs in (0, 1, 2, 3):
            workdir = Path(tmp) / f"p{procs}"
            wait_for_quiet(f"{procs} process{'es' if procs > 1 else ''}" if procs else "1 process alone")
            server = start_single(workdir) if procs == 0 else start_cluster(workdir, procs)
            try:
                results.append(measure(server.label, server, rooms, rates, quick))
            finally:
                server.stop()
        print_throughput(results)
        print_cpu(results)
        print_latency(results)
        wait_for_quiet("fail-over")
        cluster_failover.run(Path(tmp) / "failover", quick)
