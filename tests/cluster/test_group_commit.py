"""Group commit on a real 3-process cluster: an owner's rooms share each round trip to Redis, each still
fenced by its own lease, and a room's acks and events go out in its order.

Two rooms on one process, one of them with its lease stolen in Redis, both sent a command at once: the
other's is acknowledged and logged, the stolen one's refused and nowhere (neither in the log nor seen by
anyone). Two players sending moves in bursts, several in flight at once: the log holds each player's
acknowledged moves in the order they were acknowledged, and the room's events reach every client with
contiguous versions. kill -9 of the owner while bursts are in flight: no acknowledged move is lost."""

import asyncio
import contextlib
import time
from typing import Any

import aiohttp
import redis.asyncio as aioredis

from server.cluster.ownership.shared_rooms import room_keys
from tests.cluster.chaos import WAIT, ChaosCluster, LogTail
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_reads import current_cell
from tests.cluster.chaos_table import RaceTable, owner_of, until
from tests.cluster.players import ClusterPlayer

STOLEN_FOR_MS = 3000
"""How long the thief's lease lives: the room comes back to a real process after it."""


async def lobby_on(base: str) -> tuple[ClusterPlayer, ClusterPlayer]:
    """A room made and joined at one process's own address (never through nginx, so it stays there):
    Ann its host, Bob a player."""
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{base}/api/rooms", json={"preset": "easy"}) as answer,
    ):
        assert answer.status == 201, await answer.text()
        code = (await answer.json())["code"]
    ann, bob = ClusterPlayer(base, code, "Ann"), ClusterPlayer(base, code, "Bob")
    for player in (ann, bob):
        await player.connect()
        assert (await player.join())["ok"]
    return ann, bob


async def entries(redis: aioredis.Redis, code: str) -> list[bytes]:
    return [fields[b"c"] for _, fields in await redis.xrange(room_keys(code)["log"])]


def bob_ready(player: ClusterPlayer) -> bool:
    return next(p for p in player.snapshot["players"] if p["id"] == player.you["id"])["ready"] is True


async def test_a_room_whose_lease_was_stolen_is_refused_and_the_other_of_its_batch_acknowledged(
    cluster: ChaosCluster,
) -> None:
    base = cluster.node_url("node1")
    redis = cluster.client()
    clients: list[ClusterPlayer] = []
    try:
        ann_kept, bob_kept = await lobby_on(base)
        ann_gone, bob_gone = await lobby_on(base)
        clients += [ann_kept, bob_kept, ann_gone, bob_gone]
        kept, gone = ann_kept.code, ann_gone.code
        before_kept, before_gone = await entries(redis, kept), await entries(redis, gone)
        version = bob_gone.sessions[-1].version  # the room as Bob joined it, his join the last change
        epoch = int(await redis.get(room_keys(gone)["epoch"]))
        assert await redis.set(room_keys(gone)["owner"], f"{epoch + 1}:thief", px=STOLEN_FOR_MS, xx=True)

        acks = await asyncio.gather(
            bob_kept.sio.call("ready", {"ready": True}, timeout=10),
            bob_gone.sio.call("ready", {"ready": True}, timeout=10),
        )
        assert acks[0]["ok"], acks[0]
        assert not acks[1]["ok"]
        assert acks[1]["error"]["code"] == "server_unavailable", acks[1]
        assert len(await entries(redis, kept)) == len(before_kept) + 1
        assert await entries(redis, gone) == before_gone  # nothing of it under the stolen lease
        assert all(event["v"] <= version for event in ann_gone.sessions[0].events)  # nor broadcast
        assert all(event["v"] <= version for event in bob_gone.sessions[0].events)

        # The thief never comes: once its lease runs out a process takes the room again, from the log.
        await until(lambda: bob_gone.rejoins, "Bob back in the room that was stolen")
        assert not bob_ready(bob_gone)
        await until(lambda: ann_kept.sessions[-1].events, "Ann told Bob is ready")
        assert bob_kept.rejoins == []  # the other room never moved
        print(
            f"\nnode1's log: {[line for line in cluster.log_of('node1').splitlines() if 'dropped' in line]}"
        )
    finally:
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()
        await redis.aclose()


async def bursts(table: RaceTable, player: ClusterPlayer, size: int, until_cell: int) -> list[dict[str, Any]]:
    """Moves sent `size` at a time along the path, each burst's moves all in flight together (never
    retried here); every ack in the order they came."""
    acks: list[dict[str, Any]] = []
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        here = await until(lambda: current_cell(player), f"{player.name}'s cell")
        at = table.path.index(here)
        if at >= until_cell:
            return acks
        cells = [list(cell) for cell in table.path[at + 1 : min(at + 1 + size, until_cell + 1)]]
        calls = [player.sio.call("move", {"to": cell}, timeout=10) for cell in cells]
        for cell, ack in zip(cells, await asyncio.gather(*calls, return_exceptions=True), strict=True):
            if isinstance(ack, dict):
                acks.append(ack)
                if ack["ok"]:
                    player.acked.append((cell, ack["moves"]))
        await asyncio.sleep(0.3)  # within the move limit of 20 a second
    raise AssertionError(f"{player.name} did not get there within {WAIT} s")


async def test_concurrent_moves_are_logged_and_acknowledged_in_each_rooms_order(table: RaceTable) -> None:
    tail = LogTail(table.cluster, table.code).start()
    try:
        await table.start()
        await table.racing()
        end = len(table.path) - 1
        await asyncio.gather(bursts(table, table.ann, 3, end - 1), bursts(table, table.bob, 3, end - 2))
        await until(lambda: len(tail.entries) > 0, "the log read")
        await asyncio.sleep(0.5)  # the tail catches up
        for player in table.players:
            member = player.you["id"]
            logged = [e.command["target"] for e in tail.entries if e.command.get("member") == member
                      and e.command["kind"] == "move"]  # fmt: skip
            assert logged == [cell for cell, _ in player.acked], player.name
            counts = [count for _, count in player.acked]
            assert counts == list(range(1, len(counts) + 1)), (player.name, counts)  # in order, none lost
            assert len(player.acked) > 3
        for client in table.clients:
            assert client.gaps() == [], (client.name, client.gaps())
        await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        await check_race(table)
    finally:
        await tail.close()


async def test_kill_9_of_the_owner_with_batches_in_flight_loses_no_acknowledged_move(
    table: RaceTable,
) -> None:
    owner = await owner_of(table)
    await table.start()
    await table.racing()
    end = len(table.path) - 1
    walking = [asyncio.create_task(bursts(table, player, 4, end - 1)) for player in table.players]
    await until(lambda: len(table.ann.acked) + len(table.bob.acked) >= 4, "some moves acknowledged")
    killed_at = time.monotonic()
    table.cluster.kill(owner)  # bursts in flight: some logged and acked, some logged unacked, some not
    await asyncio.gather(*walking, return_exceptions=True)
    await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
    await check_race(table)  # every acknowledged move in the stored race, at its place
    assert await owner_of(table) != owner
    print(f"\nkill -9 of {owner} mid-burst: back after {table.back_after(killed_at)} s")
