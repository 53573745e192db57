"""Fail-over on simulated machines: the cluster of tests/cluster/netns_cluster.py (redis-server, three
MazeRace processes and nginx each in a network namespace of its own, 1 ms between machines, 20-60 ms
jittered to the players) with rooms of players moving continuously (cluster_failover_players' `TimedPlayer`,
each from an address of its own).

Two faults, each measured per room (kill -> first move acked after a player's rejoin, kill -> every
player of the room back):
- kill -9 of the owner of the next room in turn; the benchmark then starts that process again on its
  machine, as the launcher would, and lets its rooms go home before the next kill;
- the owner of the next room cut off from Redis (an nft rule in its namespace: its players still reach
  it): also the time until it holds no room (its `/healthz`), which should be within its lease; then the
  cut is healed.
At the end each player's acked moves are checked against the room's final state (`lost_moves`).
Needs root, `ip netns` and `nft`; says why and measures nothing without them.
"""

import asyncio
import os
import random
import signal
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from server.cluster.nodes import health
from server.config import AppConfig
from tests.bench.cluster_failover_players import (
    MOVE_EVERY,
    PLAYERS_PER_ROOM,
    ROOMS,
    TimedPlayer,
    close_players,
    start_room,
    tally_lost,
    wait_for,
)
from tests.bench.cluster_servers import get_json
from tests.bench.timing import print_table
from tests.cluster.netns import unavailable
from tests.cluster.netns_cluster import NODE_PORT, NetnsCluster, netns_cluster

TITLE = "cluster on simulated machines: kill -9 and a cut from Redis of a racing room's owner"
BACK_WITHIN = 20.0
SETTLE_SECONDS = 2.0
"""After a killed process is back (or a cut healed), time for the hash ring to move its rooms home."""
CUTS = 3
BOUND_SECONDS = 900.0
"""The whole benchmark stops after this, reporting what it measured."""


def _s(value: float | None) -> str:
    return f"{value:.2f} s" if value is not None else "-"


async def owner(cluster: NetnsCluster, code: str) -> str | None:
    """The room's owner, as the cluster says through nginx."""
    summary = await asyncio.to_thread(get_json, f"{cluster.url}/api/rooms/{code}", 5.0)
    node = summary.get("node")
    return str(node) if node else None


def rooms_held(cluster: NetnsCluster, node: str) -> int | None:
    """How many rooms `node` holds (its /healthz, straight over the bridge); None: no answer."""
    answer = health(NODE_PORT, cluster.network.machines[node].address)
    return int(answer["rooms"]) if answer is not None else None


async def back_again(players: list[TimedPlayer], since: float) -> dict[str, float | None]:
    """Seconds from `since` to the first ack after a player's rejoin, and until every player rejoined."""

    def rejoined(player: TimedPlayer) -> float | None:
        return next((t for t in player.rejoins if t > since), None)

    def first_ack() -> float | None:
        times: list[float] = []
        for player in players:
            again = rejoined(player)
            if again is not None:
                times.extend(t for t in player.ack_times if t >= again)
        return min(times, default=None)

    everyone = await wait_for(lambda: all(rejoined(p) is not None for p in players), BACK_WITHIN)
    await wait_for(lambda: first_ack() is not None, BACK_WITHIN)
    ack_at, back_at = first_ack(), [rejoined(p) for p in players]
    return {
        "first_ack": ack_at - since if ack_at is not None else None,
        "all_back": max(t for t in back_at if t is not None) - since if everyone else None,
    }


async def settle(everyone: list[TimedPlayer]) -> None:
    await asyncio.sleep(SETTLE_SECONDS)
    await wait_for(lambda: all(p.joined.is_set() for p in everyone), BACK_WITHIN)
    await asyncio.sleep(0.5)


async def kill_once(cluster: NetnsCluster, code: str, players: list[TimedPlayer]) -> dict[str, Any]:
    node = await owner(cluster, code)
    if node is None:
        return {"error": f"room {code} has no owner"}
    os.kill(cluster.pid(node), signal.SIGKILL)
    killed = time.monotonic()
    result: dict[str, Any] = {"node": node, **await back_again(players, killed)}
    cluster.nodes[node].wait(10)
    await cluster.restart(node)
    return result


async def cut_once(cluster: NetnsCluster, code: str, players: list[TimedPlayer]) -> dict[str, Any]:
    node = await owner(cluster, code)
    if node is None:
        return {"error": f"room {code} has no owner"}
    cluster.cut_from_redis(node)
    cut = time.monotonic()
    try:
        refused = None
        deadline = cut + BACK_WITHIN
        while time.monotonic() < deadline:
            if await asyncio.to_thread(rooms_held, cluster, node) == 0:
                refused = time.monotonic() - cut
                break
            await asyncio.sleep(0.02)
        result: dict[str, Any] = {"node": node, "refused": refused, **await back_again(players, cut)}
    finally:
        cluster.heal(node)
    return result


async def measure(cluster: NetnsCluster, kills: int) -> None:
    stop = asyncio.Event()
    everyone: list[TimedPlayer] = []
    walkers: list[asyncio.Task[None]] = []
    results: dict[str, list[dict[str, Any]]] = {"kill": [], "cut": []}
    lost = acked = unchecked = 0
    try:
        rooms = [await start_room(cluster.url, i) for i in range(ROOMS)]
        everyone = [p for _, players in rooms for p in players]
        rng = random.Random(7)
        walkers = [asyncio.create_task(p.walk(stop, rng)) for p in everyone]
        await asyncio.sleep(1.0)
        plan = [("kill", k) for k in range(kills)] + [("cut", k) for k in range(CUTS)]
        for number, (fault, k) in enumerate(plan, 1):
            code, players = rooms[k % len(rooms)]
            try:
                do = kill_once if fault == "kill" else cut_once
                result = await asyncio.wait_for(do(cluster, code, players), 90)
                await settle(everyone)
            except Exception as error:  # reported with what was measured so far
                print(f"  {fault} {number:>2}: stopped: {type(error).__name__}: {error}", flush=True)
                break
            results[fault].append(result)
            refused = f", holds no room {_s(result.get('refused'))}" if fault == "cut" else ""
            first, back = _s(result.get("first_ack")), _s(result.get("all_back"))
            print(f"  {fault} {number:>2} ({result.get('node', '?')}): first ack {first}, all back {back}"
                  f"{refused} {result.get('error', '')}", flush=True)  # fmt: skip
        stop.set()
        await asyncio.wait_for(asyncio.gather(*walkers, return_exceptions=True), 30)
        lost, acked, unchecked = await tally_lost(everyone)
    finally:
        stop.set()
        await close_players(everyone, walkers)
    print_summary(results, lost, acked, unchecked)


def summary_row(label: str, results: list[dict[str, Any]], key: str) -> list[str]:
    values = [r[key] for r in results if r.get(key) is not None]
    missing = len(results) - len(values)
    return [
        label, str(len(values)) + (f" ({missing} never)" if missing else ""),
        _s(statistics.median(values) if values else None), _s(max(values) if values else None),
    ]  # fmt: skip


def print_summary(results: dict[str, list[dict[str, Any]]], lost: int, acked: int, unchecked: int) -> None:
    lease = AppConfig().lease_ttl
    kills, cuts = results["kill"], results["cut"]
    print_table(
        f"simulated machines (1 ms between machines, 20-60 ms to players): {ROOMS} rooms x"
        f" {PLAYERS_PER_ROOM} players moving every {MOVE_EVERY} s, 3 processes, lease {lease} s",
        ["measure", "times", "median", "max"],
        [
            summary_row("kill -9 -> first ack in the room", kills, "first_ack"),
            summary_row("kill -9 -> every player back", kills, "all_back"),
            summary_row("cut from Redis -> owner holds no room", cuts, "refused"),
            summary_row("cut from Redis -> first ack in the room", cuts, "first_ack"),
            summary_row("cut from Redis -> every player back", cuts, "all_back"),
        ],
        f"targets: kill -9 median <= 1.5 s, max <= 3 s; a cut owner lets go within its lease ({lease} s);"
        f" acked moves lost: {lost} of {acked} (target 0)"
        + (f" ({unchecked} players could not be checked)" if unchecked else ""),
    )


async def main(kills: int) -> None:
    with (
        tempfile.TemporaryDirectory(prefix="mazerace-bench-netns-") as tmp,
        netns_cluster(Path(tmp)) as cluster,
    ):
        await asyncio.wait_for(measure(cluster, kills), BOUND_SECONDS)


def run(quick: bool = False) -> None:
    reason = unavailable()
    if reason is not None:
        print(f"not measured: {reason}")
        return
    asyncio.run(main(10 if quick else 20))
