"""Fail-over table of the cluster benchmark: kill -9 the owner of a racing room, again and again.

A 3-process cluster (the launcher restarts each killed process on its port, as in production) with
several rooms of players moving continuously (tests/cluster/players.py `ClusterPlayer`, which
reconnects, rejoins with its token and retries a command that met the fail-over). Each kill takes the
owner of the next room in turn (asked of `GET /api/rooms/{code}`) and measures, for that room: kill ->
the first move acked after a player's rejoin; kill -> every player of the room rejoined; how long a
late client (a spectator connecting as soon as the launcher has the killed process running again)
waited from its connection to its join; kill -> the players' last rejoin; and how many times the
room moved (leases granted: 1 is one takeover, 2 a takeover and a clean move home when the late client
reached the process back, more a room passed to and fro). Between kills the benchmark waits for the
killed process to be back and the players in, so every kill starts from a settled cluster. At the end
each player's acked moves are checked against the room's final state (a `resync` snapshot).

`python -m tests.bench.cluster_failover --kills N` runs this table alone; `--servers CHECKOUT` runs
the cluster from another checkout (run it from outside both, this one first on PYTHONPATH) for a
before-and-after.
"""

import argparse
import asyncio
import collections
import os
import random
import statistics
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from server.config import AppConfig
from tests.bench.cluster_failover_kill import kill_once, pick_room
from tests.bench.cluster_failover_players import (
    MOVE_EVERY,
    PLAYERS_PER_ROOM,
    ROOMS,
    TimedPlayer,
    close_players,
    start_room,
    tally_lost,
)
from tests.bench.cluster_servers import start_cluster
from tests.bench.timing import print_table


async def main(workdir: Path, kills: int) -> None:
    server = await asyncio.to_thread(start_cluster, workdir, 3, True)
    stop = asyncio.Event()
    everyone: list[TimedPlayer] = []
    walkers: list[asyncio.Task[None]] = []
    results: list[dict[str, Any]] = []
    try:
        rooms = [await start_room(server.url, i) for i in range(ROOMS)]
        everyone = [p for _, players in rooms for p in players]
        rng = random.Random(7)
        walkers = [asyncio.create_task(p.walk(stop, rng)) for p in everyone]
        await asyncio.sleep(1.0)
        restarted: dict[str, float] = {}
        for k in range(kills):
            try:
                code, players = await asyncio.wait_for(pick_room(server, rooms, k, restarted), 60)
                result = await kill_once(server, code, players, everyone, k)
            except Exception as error:  # reported with what was measured so far
                print(f"  kill {k + 1:>2}: stopped: {type(error).__name__}: {error}", flush=True)
                break
            results.append(result)
            if "restarted" in result:
                restarted[result["node"]] = result["restarted"]
            each = " ".join(_s(t) for t in result.get("each", []))
            print(f"  kill {k + 1:>2} ({result.get('node', '?')}): first ack {_s(result.get('first_ack'))}, "
                  f"all back {_s(result.get('all_back'))} (each {each}), late {_s(result.get('late'))}, "
                  f"last rejoin {_s(result.get('settled'))}, moved {result.get('moves')}x "
                  f"{result.get('error', '')}",
                  flush=True)  # fmt: skip
        stop.set()
        await asyncio.wait_for(asyncio.gather(*walkers, return_exceptions=True), 30)
        lost, acked, unchecked = await tally_lost(everyone)
    finally:
        stop.set()
        await close_players(everyone, walkers)
        await asyncio.to_thread(server.stop)
    print_summary(results, lost, acked, unchecked)


def _counts(values: list[Any]) -> str:
    """`1x: 18 kills, 2x: 4 kills` for these counts."""
    counted = collections.Counter(v for v in values if v is not None)
    return ", ".join(f"{n}x: {k} kills" for n, k in sorted(counted.items()))


def _s(value: float | None) -> str:
    return f"{value:.2f} s" if value is not None else "-"


def print_summary(results: list[dict[str, Any]], lost: int, acked: int, unchecked: int) -> None:
    rows = []
    for label, key in (
        ("kill -> first ack in the room", "first_ack"),
        ("kill -> every player back", "all_back"),
        ("a late client: connect -> joined", "late"),
        ("kill -> the players' last rejoin", "settled"),
    ):
        values = sorted(r[key] for r in results if r.get(key) is not None)
        missing = len(results) - len(values)
        rows.append([
            label, str(len(values)) + (f" ({missing} never)" if missing else ""),
            _s(statistics.median(values) if values else None),
            _s(values[int(0.9 * (len(values) - 1))] if values else None), _s(max(values) if values else None),
        ])  # fmt: skip
    print_table(
        f"4. fail-over: kill -9 of a racing room's owner, 3 processes, lease TTL {AppConfig().lease_ttl} s"
        f" (the default), {ROOMS} rooms x {PLAYERS_PER_ROOM} players moving every {MOVE_EVERY} s",
        ["measure", "kills", "median", "p90", "max"],
        rows,
        "a late client: a spectator connecting as soon as the killed process answers again; last"
        " rejoin: a room moved again after it shows there\n"
        f"the room moved (leases after each kill) {_counts([r.get('moves') for r in results])}\n"
        f"targets: median <= 1.5 s, max <= 3 s; acked moves lost: {lost} of {acked}"
        + (f" ({unchecked} players could not be checked)" if unchecked else ""),
    )


def run(workdir: Path, quick: bool) -> None:
    asyncio.run(main(workdir, 6 if quick else 20))


def kills_cli(description: str, default: int, measure: Callable[[Path, int], Awaitable[None]]) -> None:
    """A fail-over table alone, from the command line: `--kills N` of them, the servers of `--servers
    CHECKOUT`, run in `--keep DIR` (kept, with the nodes' logs) or in a temporary directory."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--kills", type=int, default=default, help=f"kill -9s to measure (default {default})")
    parser.add_argument("--keep", type=Path, help="run in this directory and keep it (the nodes' logs)")
    parser.add_argument("--servers", help="the checkout whose servers to run (default: this one)")
    args = parser.parse_args()
    if args.servers is not None:
        os.environ["PYTHONPATH"] = args.servers
    if args.keep is not None:
        asyncio.run(measure(args.keep, args.kills))
        return
    with tempfile.TemporaryDirectory(prefix="mazerace-bench-failover-") as tmp:
        asyncio.run(measure(Path(tmp), args.kills))


if __name__ == "__main__":
    kills_cli("The cluster benchmark's fail-over table alone.", 20, main)
