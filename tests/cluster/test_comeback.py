"""A process killed and started again at once (as the launcher does) is back on its place of nginx's ring
while its previous run's lease on a room still runs, and the room's clients reconnected to the next
process meanwhile. It takes no connection until that lease has run out and the stand-in has the room
(503: nginx sends a late client on to the stand-in too), so the room moves once, not to and fro
between the two processes that each have some of its clients."""

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.cluster.chaos import WAIT, ChaosCluster, running_cluster
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_table import Player, epoch, join_until_held, owner_of, table_on, until

LEASE = "5"
"""Seconds of every lease here: the killed process is surely running again (a second or two) before
the lease of its previous run is out, which is the moment this test is about."""


@pytest.fixture
def long_leases(tmp_path: Path) -> Iterator[ChaosCluster]:
    with running_cluster(tmp_path, extra=("--lease-ttl", LEASE)) as started:
        yield started


async def handshake_status(base: str, code: str) -> int:
    """The HTTP status of a new Engine.IO connection of room `code` made straight to `base`."""
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"{base}/socket.io/?EIO=4&transport=polling&room={code}") as answer,
    ):
        return answer.status


async def test_a_process_back_from_a_crash_takes_no_room_while_its_old_leases_run(
    long_leases: ChaosCluster,
) -> None:
    cluster = long_leases
    async with table_on(cluster) as table:
        home = await owner_of(table)
        await table.start()
        await table.racing()
        taken = await epoch(table)
        killed_at = time.monotonic()
        cluster.kill(home)
        await cluster.restart(home)  # same node id and port: the room's home on the ring again

        assert await handshake_status(cluster.node_url(home), table.code) == 503
        late = Player(cluster.url, table.code, "Zed", role="spectator")  # a client that comes late
        table.extra.append(late)
        await join_until_held(late)  # through nginx: past the home, to the process standing in
        await until(
            lambda: all(client.rejoins for client in (table.ann, table.bob, table.sue)), "everyone back"
        )
        stand_in = await owner_of(table)
        assert stand_in != home
        assert await epoch(table) == taken + 1  # one takeover: the room never went to and fro

        deadline = time.monotonic() + WAIT  # the sit-out ends: the process takes connections again
        while await handshake_status(cluster.node_url(home), table.code) != 200:
            assert time.monotonic() < deadline, f"{home} still refuses connections"
            await asyncio.sleep(0.2)
        await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        await check_race(table)
        back = table.back_after(killed_at)
        print(f"\nkill -9 of {home}, started again at once: clients back after {back} s")
