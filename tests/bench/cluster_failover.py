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
import contextlib
import os
import random
import signal
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from server.cluster.ownership.shared_rooms import room_keys
from server.config import AppConfig
from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from tests.bench.cluster import make_room
from tests.bench.cluster_client import session_from, source_address
from tests.bench.cluster_servers import Running, get_json, start_cluster
from tests.bench.timing import print_table
from tests.cluster.players import ClusterPlayer

ROOMS = 4
PLAYERS_PER_ROOM = 3
MOVE_EVERY = 0.2
PLAYER_ADDRESSES = 90_000
ROOM_MAKERS = 95_000
SETTLE_SECONDS = 2.0
"""After the killed process is back, time for the hash ring to move its rooms home again."""
BACK_WITHIN = 20.0
YOUNG_SECONDS = 12.0
"""A process restarted this recently is not killed (see `pick_room`)."""
LATE_ADDRESSES = 97_000
"""After each kill, one more client of the room (a spectator) connects as soon as the killed process
answers again on its port (its place on nginx's ring): a browser's second or third reconnection
attempt, or a page reloaded, while the room may still be moving to the next process on the ring."""


class TimedPlayer(ClusterPlayer):
    """A ClusterPlayer that also notes when each of its moves was acked."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.own_http = kwargs.get("http")
        """The session bound to this player's address: closed by the benchmark after the client."""
        self.ack_times: list[float] = []
        self.maze: Maze | None = None
        self.here: Cell = (0, 0)

    async def move_to(self, cell: list[int]) -> dict[str, Any]:
        ack = await super().move_to(cell)
        if ack.get("ok"):
            self.ack_times.append(time.monotonic())
        return ack

    async def locate(self) -> dict[str, Any]:
        """Where the room says this player is now (a resync snapshot); the player's entry."""
        ack = await self.command("resync")
        snapshot = ack["snapshot"]
        self.maze = decode_maze(snapshot["maze"])
        entry = next(p for p in snapshot["players"] if p["id"] == self.you["id"])
        self.here = (entry["cell"][0], entry["cell"][1])
        return dict(entry)

    async def walk(self, stop: asyncio.Event, rng: random.Random) -> None:
        await self.locate()
        while not stop.is_set():
            assert self.maze is not None
            r, c = self.here
            options = [
                cell
                for cell in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c))
                if self.maze.is_open(self.here, cell) and cell != self.maze.exit
            ]
            target = rng.choice(options)
            ack = await self.move_to(list(target))
            if ack.get("ok"):
                self.here = target
            else:  # the step landed but its ack was lost in the fail-over: ask where we are
                await self.locate()
            await asyncio.sleep(MOVE_EVERY)


def lost_moves(player: TimedPlayer, final: dict[str, Any]) -> int:
    """Acked moves missing from the final state: a later ack reporting a count at or below an earlier
    one (the earlier was rolled back), or a final count below an acked one."""
    counts = [moves for _, moves in player.acked]
    lost = 0
    for index, count in enumerate(counts):
        later = counts[index + 1 :]
        if (later and min(later) <= count) or final["moves"] < count:
            lost += 1
    return lost


async def tally_lost(everyone: list[TimedPlayer]) -> tuple[int, int, int]:
    """Acknowledged moves lost, acknowledged moves, and players that could not be checked (never back):
    each player's acked moves against its room's final state."""
    lost = acked = unchecked = 0
    for player in everyone:
        try:
            final = await player.locate()
        except Exception:  # a player that never came back: its moves cannot be checked
            unchecked += 1
            continue
        lost += lost_moves(player, final)
        acked += len(player.acked)
    return lost, acked, unchecked


async def close_players(everyone: list[TimedPlayer], walkers: list["asyncio.Task[None]"]) -> None:
    """Stop the walks and close every client and its address's session (a benchmark tidies up as it can)."""
    for task in walkers:
        task.cancel()
    for player in everyone:
        with contextlib.suppress(Exception):
            await player.close()
        if player.own_http is not None:
            await player.own_http.close()


async def start_room(
    base: str, index: int, player_class: type[TimedPlayer] = TimedPlayer
) -> tuple[str, list[TimedPlayer]]:
    code = make_room(base, ROOM_MAKERS + index)
    players = []
    for k in range(PLAYERS_PER_ROOM):
        http = session_from(source_address(PLAYER_ADDRESSES + index * PLAYERS_PER_ROOM + k))
        player = player_class(base, code, f"p{k}", http=http)
        await player.connect()
        ack = await player.join()
        if not ack.get("ok"):
            raise RuntimeError(f"join refused: {ack}")
        if k:
            await player.command("ready", {"ready": True})
        players.append(player)
    ack = await players[0].command("start")
    if not ack.get("ok"):
        raise RuntimeError(f"start refused: {ack}")
    await asyncio.sleep(1.0)  # the countdown
    return code, players


async def wait_for(check: Any, within: float, step: float = 0.02) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(step)
    return False


async def settle(server: Running, node: str, old_pid: int, everyone: list[TimedPlayer]) -> float:
    """Until the killed process runs again, its rooms went home, and every player is in; the moment
    the process was seen running again."""
    deadline = time.monotonic() + 60.0
    while time.monotonic() < deadline:
        pid = (await asyncio.to_thread(server.node_pids)).get(node)
        if pid is not None and pid != old_pid:
            break
        await asyncio.sleep(0.2)
    restarted = time.monotonic()
    await asyncio.sleep(SETTLE_SECONDS)
    await wait_for(lambda: all(p.joined.is_set() for p in everyone), BACK_WITHIN)
    await asyncio.sleep(0.5)
    return restarted


async def pick_room(
    server: Running, rooms: list[tuple[str, list[TimedPlayer]]], start: int, restarted: dict[str, float]
) -> tuple[str, list[TimedPlayer]]:
    """The next room in turn from `start` whose owner has run for YOUNG_SECONDS at least: the launcher
    stops restarting a process that dies within 10 s of its start three times running, and that is
    the launcher's guard against a crash loop, not a fail-over to measure."""
    while True:
        for offset in range(len(rooms)):
            code, players = rooms[(start + offset) % len(rooms)]
            summary = await asyncio.to_thread(get_json, f"{server.url}/api/rooms/{code}")
            node = summary.get("node")
            if node is not None and time.monotonic() - restarted.get(node, 0.0) >= YOUNG_SECONDS:
                return code, players
        await asyncio.sleep(0.5)


async def epoch(server: Running, code: str) -> int:
    """How many leases room `code` has had (each takeover or handover adds one)."""
    redis = aioredis.Redis(port=server.redis_port or 6379)
    try:
        return int(await redis.get(room_keys(code)["epoch"]) or 0)
    finally:
        await redis.aclose()


async def late_client(server: Running, code: str, index: int, node: str, old_pid: int) -> float | None:
    """A spectator of room `code` connecting once `node` runs again; how long it took to join (None:
    never)."""
    deadline = time.monotonic() + BACK_WITHIN
    while (await asyncio.to_thread(server.node_pids)).get(node, old_pid) == old_pid:
        if time.monotonic() > deadline:
            return None
        await asyncio.sleep(0.05)
    base = server.url
    http = session_from(source_address(LATE_ADDRESSES + index))
    client = TimedPlayer(base, code, f"late{index}", role="spectator", http=http)
    started = time.monotonic()
    try:
        await client.connect()
        deadline = time.monotonic() + BACK_WITHIN
        while time.monotonic() < deadline:
            ack = await client.join()
            if ack.get("ok"):
                return time.monotonic() - started
            await asyncio.sleep(0.1)  # the room is moving between processes: ask again
        return None
    finally:
        with contextlib.suppress(Exception):
            await client.close()
        await http.close()


async def kill_once(
    server: Running, code: str, players: list[TimedPlayer], everyone: list[TimedPlayer], index: int
) -> dict[str, Any]:
    summary = await asyncio.to_thread(get_json, f"{server.url}/api/rooms/{code}")
    node = summary.get("node")
    pids = await asyncio.to_thread(server.node_pids)
    if node not in pids:
        return {"error": f"room {code} has no live owner ({node})"}
    pid = pids[node]
    leases = await epoch(server, code)
    os.kill(pid, signal.SIGKILL)
    killed = time.monotonic()
    late = asyncio.create_task(late_client(server, code, index, node, pid))

    def rejoined(player: TimedPlayer) -> float | None:
        return next((t for t in player.rejoins if t > killed), None)

    all_back = await wait_for(lambda: all(rejoined(p) is not None for p in players), BACK_WITHIN)

    def first_ack() -> float | None:
        times: list[float] = []
        for player in players:
            again = rejoined(player)
            if again is not None:
                times.extend(t for t in player.ack_times if t >= again)
        return min(times, default=None)

    await wait_for(lambda: first_ack() is not None, BACK_WITHIN)
    ack_at, back_at = first_ack(), [rejoined(p) for p in players]
    result = {
        "node": node,
        "first_ack": ack_at - killed if ack_at is not None else None,
        "all_back": max(t for t in back_at if t is not None) - killed if all_back else None,
        "each": [t - killed if t is not None else None for t in back_at],
    }
    result["late"] = await late
    result["restarted"] = await settle(server, node, pid, everyone)
    result["moves"] = await epoch(server, code) - leases
    last = [max((t for t in p.rejoins if t > killed), default=None) for p in players]
    result["settled"] = max(t for t in last if t is not None) - killed if all_back else None
    return result


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
