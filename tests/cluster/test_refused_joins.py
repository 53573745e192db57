"""A command a process could not take at all (`server_unavailable`: Redis out of reach, the room moving)
costs its client none of its rate limits. A join answers a snapshot, and snapshots are few (three at
once, then one every two seconds): a client that kept asking to join while Redis was down used to find
its budget spent when Redis came back, and waited seconds more, refused `rate_limited`."""

import time

from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_reads import current_cell
from tests.cluster.chaos_table import RaceTable, move_once
from tests.cluster.players import ClusterPlayer

ASKS = 8
"""Joins asked while Redis is down: past the burst of three plus what the budget refills (one every two
seconds) while they are asked."""


async def test_joins_refused_while_redis_is_down_cost_nothing(table: RaceTable) -> None:
    cluster = table.cluster
    await table.start()
    await table.racing()
    watcher = ClusterPlayer(cluster.url, table.code, "cy", role="spectator")
    await watcher.connect()
    try:
        cluster.stop_redis()
        here = current_cell(table.ann)
        assert here is not None
        await move_once(table.ann, list(table.path[table.path.index(here) + 1]), within=2)  # drops the room
        answers = []
        started = time.monotonic()
        for _ in range(ASKS):
            ack = await watcher.call_once("join", {"code": table.code, "name": "cy", "role": "spectator"})
            answers.append(ack["error"]["code"] if not ack.get("ok") else "ok")
        asked_for = time.monotonic() - started
        await cluster.start_redis()
        assert asked_for < 2 * (ASKS - 3), f"{asked_for:.1f} s: slow enough for the budget to refill"
        assert set(answers) == {"server_unavailable"}, answers
        joined = await watcher.join()
        assert joined.get("ok"), joined
    finally:
        await watcher.close()
    await table.walk(table.ann)
    await table.walk(table.bob)
    await check_race(table)
