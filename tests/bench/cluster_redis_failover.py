"""Redis fail-over: kill -9 the Redis primary of a racing cluster, again and again; and what the replica
and `WAIT` cost a move.

`python -m server cluster --procs 3 --redis-ha` (the launcher: a primary, a replica, three Sentinels,
three MazeRace processes, nginx; it revives whatever dies, a dead primary as a replica of the one the
Sentinels promoted), with rooms of players moving continuously (`cluster_failover_players.TimedPlayer`:
reconnects, rejoins with its token, retries a command that met the fail-over). Each kill takes the
primary the Sentinels name now and measures: kill -> the Sentinels name another primary; kill -> the
launcher has the old one back as a replica; kill -> every player of every room has a move acked again
(an ack within `IN_FLIGHT` of the kill was on its way before it and does not count). Between kills the
cluster settles. At the end each player's acked moves are checked against the room's final state.

Then CPU a move at 500 moves/s offered (the `cluster` benchmark's load generator and window) through
3 processes on one plain Redis, and on the primary + replica + Sentinels with `WAIT`.

`python -m tests.bench.cluster_redis_failover --kills N [--servers CHECKOUT] [--keep DIR]` runs the
kills alone.
"""

import asyncio
import contextlib
import os
import random
import signal
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server.cluster.redis_ha import ask
from server.cluster.sentinels import MASTER
from tests.bench import cluster
from tests.bench.cluster_failover import kills_cli
from tests.bench.cluster_failover_players import (
    ROOMS,
    TimedPlayer,
    close_players,
    start_room,
    tally_lost,
    wait_for,
)
from tests.bench.cluster_generator import Generator
from tests.bench.cluster_servers import Running, redis_pid, start_cluster
from tests.bench.cluster_tables import FIXED_RATE
from tests.bench.timing import print_table

TITLE = "Redis fail-over: kill -9 of the primary mid-race (players back, moves lost); CPU a move with WAIT"

IN_FLIGHT = 0.05
"""Seconds after a kill within which an ack was already on its way (its batch confirmed before)."""
BACK_WITHIN = 30.0
SETTLE_SECONDS = 3.0
"""After every player is back, before the next kill: the cluster's rooms settle."""
COMMAND_SECONDS = 60.0


class SteadyPlayer(TimedPlayer):
    """A `TimedPlayer` whose walk outlives the fail-over's refusals: a command refused `rate_limited`
    (a player that rejoins and resyncs several times in a fail-over spends its snapshot budget) or left
    unanswered is sent again, for at most `COMMAND_SECONDS`; each is counted."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limited = 0
        self.unanswered = 0

    async def command(self, event: str, data: Any = None, within: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + COMMAND_SECONDS
        while True:
            try:
                ack = await super().command(event, data, within)
            except AssertionError:  # no answer within `within`
                self.unanswered += 1
                if time.monotonic() > deadline:
                    raise
                continue
            if ack.get("ok") or ack["error"]["code"] != "rate_limited" or time.monotonic() > deadline:
                return ack
            self.limited += 1
            await asyncio.sleep(0.5)


def primary_port(server: Running) -> int | None:
    for port in server.sentinel_ports:
        answer = ask(port, "SENTINEL", "get-master-addr-by-name", MASTER)
        if isinstance(answer, list) and len(answer) == 2:
            return int(answer[1])
    return None


def replica_ready(port: int) -> bool:
    info = ask(port, "INFO", "replication")
    return isinstance(info, dict) and info.get("role") == "slave" and info.get("master_link_status") == "up"


async def polled(check: Callable[[], bool], within: float = BACK_WITHIN) -> bool:
    """Whether `check` (run off the loop: it asks Redis) held within `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if await asyncio.to_thread(check):
            return True
        await asyncio.sleep(0.05)
    return False


async def kill_once(server: Running, everyone: list[TimedPlayer]) -> dict[str, Any]:
    port = await asyncio.to_thread(primary_port, server)
    pid = await asyncio.to_thread(redis_pid, port) if port else None
    if port is None or pid is None:
        return {"error": "no primary to kill"}
    os.kill(pid, signal.SIGKILL)
    killed = time.monotonic()
    result: dict[str, Any] = {"port": port}

    async def promoted() -> None:
        if await polled(lambda: primary_port(server) not in (port, None)):
            result["promoted"] = time.monotonic() - killed
        if await polled(lambda: replica_ready(port)):
            result["replica"] = time.monotonic() - killed

    watch = asyncio.create_task(promoted())

    def again(player: TimedPlayer) -> float | None:
        return next((t for t in player.ack_times if t > killed + IN_FLIGHT), None)

    back = await wait_for(lambda: all(again(p) is not None for p in everyone), BACK_WITHIN)
    if back:
        result["all_back"] = max(t for p in everyone if (t := again(p)) is not None) - killed
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(watch, BACK_WITHIN)
    await asyncio.sleep(SETTLE_SECONDS)
    return result


async def kills(workdir: Path, count: int) -> None:
    server = await asyncio.to_thread(start_cluster, workdir, 3, True, True)
    stop = asyncio.Event()
    everyone: list[TimedPlayer] = []
    walkers: list[asyncio.Task[None]] = []
    results: list[dict[str, Any]] = []
    lost = acked = unchecked = 0
    try:
        rooms = [await start_room(server.url, i, SteadyPlayer) for i in range(ROOMS)]
        everyone = [p for _, players in rooms for p in players]
        rng = random.Random(11)
        walkers = [asyncio.create_task(p.walk(stop, rng)) for p in everyone]
        await asyncio.sleep(2.0)
        for k in range(count):
            result = await kill_once(server, everyone)
            results.append(result)
            print(f"  kill {k + 1:>2} (port {result.get('port', '?')}):"
                  f" promoted {_s(result.get('promoted'))},"
                  f" replica back {_s(result.get('replica'))},"
                  f" every player moving {_s(result.get('all_back'))} {result.get('error', '')}",
                  flush=True)  # fmt: skip
        stop.set()
        ended = await asyncio.wait_for(asyncio.gather(*walkers, return_exceptions=True), 30)
        for player, end in zip(everyone, ended, strict=True):
            if isinstance(end, BaseException):
                print(f"  {player.code} {player.name}: its walk ended early: {type(end).__name__}: {end}")
        refused = [(p.limited, p.unanswered) for p in everyone if isinstance(p, SteadyPlayer)]
        print(f"  commands sent again: {sum(r[0] for r in refused)} rate-limited,"
              f" {sum(r[1] for r in refused)} unanswered for 20 s", flush=True)  # fmt: skip
        lost, acked, unchecked = await tally_lost(everyone)
    finally:
        stop.set()
        await close_players(everyone, walkers)
        await asyncio.to_thread(server.stop)
    print_kills(results, lost, acked, unchecked, len(everyone), fail_overs(workdir))


def fail_overs(workdir: Path) -> int:
    """How many times the Sentinels switched the primary, as the one that saw the most switches logged:
    more than the kills means a second fail-over followed a kill."""
    logs = (workdir / "data" / "redis-ha").glob("sentinel*/sentinel.log")
    return max((log.read_text(errors="replace").count("+switch-master") for log in logs), default=0)


def _s(value: float | None) -> str:
    return f"{value:.2f} s" if value is not None else "-"


def print_kills(
    results: list[dict[str, Any]], lost: int, acked: int, unchecked: int, players: int, switches: int
) -> None:
    rows = []
    for label, key in (
        ("kill -> the Sentinels name a new primary", "promoted"),
        ("kill -> the old primary back as its replica", "replica"),
        ("kill -> every player moving again", "all_back"),
    ):
        values = [r[key] for r in results if r.get(key) is not None]
        missing = len(results) - len(values)
        rows.append([
            label, str(len(values)) + (f" ({missing} never)" if missing else ""),
            _s(statistics.median(values) if values else None), _s(max(values) if values else None),
        ])  # fmt: skip
    print_table(
        f"1. kill -9 of the Redis primary (a replica, 3 Sentinels, WAIT 1), 3 processes,"
        f" {ROOMS} rooms, {players} players moving continuously",
        ["measure", "kills", "median", "max"],
        rows,
        f"target: every player moving again within 5 s; acked moves lost: {lost} of {acked} (target 0)"
        + (f" ({unchecked} players could not be checked)" if unchecked else "")
        + f"; the Sentinels switched the primary {switches} times for {len(results)} kills",
    )


def cpu_a_move(workdir: Path, quick: bool) -> None:
    """CPU a move at 500 moves/s through 3 processes, plain Redis against the replicated set."""
    rows = []
    rooms = 30 if quick else 50
    for label, ha in (("3 processes + nginx + Redis", False), ("... + replica + 3 Sentinels, WAIT 1", True)):
        cluster.wait_for_quiet(label)
        server = start_cluster(workdir / ("ha" if ha else "plain"), 3, False, ha)
        generator = Generator(server.url, rooms)
        try:
            level = generator.level(server, FIXED_RATE, 2.0, 4.0 if quick else 8.0)
        finally:
            generator.close()
            server.stop()
        per = (
            {role: seconds / level.acked * 1e6 for role, seconds in level.cpu.items()} if level.acked else {}
        )
        rows.append([
            label, f"{level.achieved:.0f}", f"{per.get('mazerace', 0):.0f}", f"{per.get('redis', 0):.0f}",
            f"{per.get('nginx', 0):.0f}", f"{sum(per.values()):.0f}", f"{level.p50:.1f}", f"{level.p99:.1f}",
        ])  # fmt: skip
    print_table(
        f"2. server CPU per acked move at {FIXED_RATE:.0f} moves/s offered (µs; Redis: every node"
        " and Sentinel) and ack latency",
        ["servers", "acked/s", "MazeRace", "Redis", "nginx", "total", "p50 ms", "p99 ms"],
        rows,
        "the issue's target: with the replica and WAIT at most 1.5x one process alone (the cluster"
        " benchmark measures one process alone)",
    )


def run(quick: bool = False) -> None:
    with tempfile.TemporaryDirectory(prefix="mazerace-bench-redis-failover-") as tmp:
        asyncio.run(kills(Path(tmp) / "kills", 4 if quick else 12))
        cpu_a_move(Path(tmp), quick)


if __name__ == "__main__":
    kills_cli("Kill -9s of the Redis primary alone.", 12, kills)
