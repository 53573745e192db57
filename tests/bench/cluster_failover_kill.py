"""One kill -9 of a racing room's owner, measured for the fail-over table (cluster_failover.py): which
room's owner to kill, the kill, the late client, and the wait until the cluster has settled again.

Its own module because measuring one kill is a job apart from running the kills in turn and printing
their table.
"""

import asyncio
import contextlib
import os
import signal
import time
from typing import Any

import redis.asyncio as aioredis

from server.cluster.ownership.shared_rooms import room_keys
from tests.bench.cluster_client import session_from, source_address
from tests.bench.cluster_failover_players import TimedPlayer, wait_for
from tests.bench.cluster_servers import Running, get_json

SETTLE_SECONDS = 2.0
"""After the killed process is back, time for the hash ring to move its rooms home again."""
BACK_WITHIN = 20.0
YOUNG_SECONDS = 12.0
"""A process restarted this recently is not killed (see `pick_room`)."""
LATE_ADDRESSES = 97_000
"""After each kill, one more client of the room (a spectator) connects as soon as the killed process
answers again on its port (its place on nginx's ring): a browser's second or third reconnection
attempt, or a page reloaded, while the room may still be moving to the next process on the ring."""


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
