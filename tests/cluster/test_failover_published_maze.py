"""A race on a published maze on a real 3-process cluster: kill -9 of the room's owner mid-race, and the
new owner rebuilds the room from its shared state (the snapshot keeps the maze itself, the command log
the settings command that carried it), so both players finish on the same hand-made maze, stored once
with its code."""

import asyncio
import time

import aiohttp

from server.store.sqlite.results import SqliteStore
from tests.cluster.chaos import ChaosCluster
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_table import Player, RaceTable, owner_of
from tests.hand_mazes import looped_maze


async def published_table(cluster: ChaosCluster) -> tuple[RaceTable, str]:
    """The hand-made maze published in the cluster's database, and a room racing it through nginx,
    with Ann (host) and Bob as players and Sue watching; the maze's code."""
    store = await SqliteStore.open(cluster.db)
    try:
        code, _ = await store.publish_maze(looped_maze(), "Loops", "Ann", 4_000, "key", time.time())
    finally:
        await store.close()
    async with aiohttp.ClientSession() as http:
        settings = {"maze": code, "hint_limit": 0}
        async with http.post(f"{cluster.url}/api/rooms", json=settings) as answer:
            assert answer.status == 201, await answer.text()
            room = (await answer.json())["code"]
    table = RaceTable(
        cluster,
        room,
        Player(cluster.url, room, "Ann"),
        Player(cluster.url, room, "Bob"),
        Player(cluster.url, room, "Sue", role="spectator"),
    )
    for client in table.clients:
        await client.connect()
        ack = await client.join()
        assert ack.get("ok"), ack
    return table, code


async def test_kill_9_of_the_owner_of_a_race_on_a_published_maze(cluster: ChaosCluster) -> None:
    table, code = await published_table(cluster)
    try:
        owner = await owner_of(table)
        await table.start()
        await table.racing()
        assert table.maze == looped_maze()
        half = len(table.path) // 2
        await asyncio.gather(table.walk(table.ann, stop_before=half), table.walk(table.bob, stop_before=half))
        cluster.kill(owner)
        await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        stored = await check_race(table)
        assert await table.owner() != owner
        assert stored["settings"]["maze"] == code
    finally:
        await table.close()
