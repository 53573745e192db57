"""redis-server (append-only, `appendfsync always`) restarted mid-race under a real 3-process cluster:
every command sent while it is down is refused with `server_unavailable` (never acknowledged and then
lost), and the race goes on once Redis is back, with nothing acknowledged missing."""

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import socketio

from tests.cluster.chaos import ChaosCluster, running_cluster
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_table import RaceTable, current_cell, table_on
from tests.cluster.players import ClusterPlayer


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[ChaosCluster]:
    with running_cluster(tmp_path) as started:
        yield started


@pytest.fixture
async def table(cluster: ChaosCluster) -> AsyncIterator[RaceTable]:
    async with table_on(cluster) as made:
        yield made


async def move_once(player: ClusterPlayer, cell: list[int]) -> dict[str, Any]:
    """One move, never retried: its ack, or why none came (the connection was dropped)."""
    try:
        return dict(await player.sio.call("move", {"to": cell}, timeout=2))
    except (socketio.exceptions.TimeoutError, socketio.exceptions.BadNamespaceError) as error:
        return {"ok": False, "error": {"code": type(error).__name__}}


async def test_a_redis_restart_mid_race_refuses_commands_and_loses_nothing(table: RaceTable) -> None:
    cluster = table.cluster
    await table.start()
    await table.racing()
    half = len(table.path) // 2
    await asyncio.gather(table.walk(table.ann, stop_before=half), table.walk(table.bob, stop_before=half))

    cluster.stop_redis()
    down_at = time.monotonic()
    outage: list[dict[str, Any]] = []
    for _ in range(3):  # the first meets the log write; later ones a process that dropped the room
        for player in table.players:
            here = current_cell(player)
            assert here is not None
            step = list(table.path[table.path.index(here) + 1])
            outage.append(await move_once(player, step))
        await asyncio.sleep(0.2)
    await cluster.start_redis()
    up_at = time.monotonic()

    assert not any(ack["ok"] for ack in outage), outage
    assert outage[0]["error"]["code"] == "server_unavailable", outage
    refusals = {ack["error"]["code"] for ack in outage}
    assert refusals <= {"server_unavailable", "not_joined", "BadNamespaceError", "TimeoutError"}, outage
    await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    await check_race(table)
    print(f"\nRedis down {up_at - down_at:.2f} s; refusals meanwhile {sorted(refusals)};"
          f" clients back {table.back_after(up_at)} s after it returned")  # fmt: skip
