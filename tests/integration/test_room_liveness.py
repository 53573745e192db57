"""Regression tests: commands that arrive together never freeze a room, and a race that ends with its
last racer leaving (or timing out) is still stored and announced."""

import asyncio
from pathlib import Path

from tests.mazes import shortest_path

from .conftest import TIMEOUT, Client, Harness, StartServer, assert_consecutive, start_race

ROOMS = 8
"""Fresh rooms tried: before the fix, joins arriving together froze 4 rooms in 5."""


async def _join_together(clients: list[Client], code: str) -> list[dict[str, object]]:
    """Every client sends its join before any ack can come back (tasks, no await between sends)."""
    payloads = [{"code": code, "name": f"P{i}"} for i in range(len(clients))]
    calls = [
        asyncio.create_task(c.sio.call("join", p, timeout=TIMEOUT))
        for c, p in zip(clients, payloads, strict=True)
    ]
    acks = await asyncio.gather(*calls)
    for client, ack in zip(clients, acks, strict=True):
        assert ack["ok"] is True, ack
        client.you, client.snapshot = ack["you"], ack["snapshot"]
    return list(acks)


async def test_joins_arriving_together_never_freeze_a_room(arena: Harness) -> None:
    for _ in range(ROOMS):
        code = await arena.create_room()
        clients = [await arena.client() for _ in range(3)]
        await _join_together(clients, code)
        # The room still answers, its events still go out, and a disconnect completes.
        await asyncio.gather(*(c.ok("ready", {"ready": True}) for c in clients[1:]))
        await clients[0].wait_for("ready", lambda d, who=clients[-1].id: d["id"] == who)
        await clients[-1].sio.disconnect()
        await clients[0].wait_for("presence", lambda d: d["connected"] is False)
        for client in clients[:-1]:
            assert_consecutive(client)


async def _watched_solo_race(harness: Harness) -> tuple[Client, Client, str]:
    """A racer alone in a room with a spectator; returns both and the race id, a few moves in."""
    code = await harness.create_room()
    racer, watcher = await harness.client(), await harness.client()
    await racer.join(code, "Racer")
    await watcher.join(code, "", role="spectator")
    maze = await start_race(racer)
    race = str((await watcher.wait_for("started"))["d"]["race"])
    await racer.walk(shortest_path(maze)[1:3])
    return racer, watcher, race


async def _assert_stored_and_announced(harness: Harness, watcher: Client, race: str) -> None:
    over = await watcher.wait_for("race_over")
    assert over["d"]["race"] == race
    assert [r["dnf"] for r in over["d"]["results"]] == [True]
    await watcher.wait_for("lobby", after=over["v"])  # nobody is left: the room opens again
    assert_consecutive(watcher)
    status, body, _ = await harness.request("GET", f"/api/races/{race}")
    assert status == 200, body
    assert [r["dnf"] for r in body["results"]] == [True]


async def test_the_last_racer_leaving_still_stores_the_race(
    start_server: StartServer, tmp_path: Path
) -> None:
    harness = await start_server(db_path=tmp_path / "races.db")
    racer, watcher, race = await _watched_solo_race(harness)
    assert await racer.ok("leave", {}) == {"ok": True}  # not wrong_phase: the leave happened
    await _assert_stored_and_announced(harness, watcher, race)


async def test_the_last_racer_timing_out_still_stores_the_race(
    start_server: StartServer, tmp_path: Path
) -> None:
    harness = await start_server(db_path=tmp_path / "races.db", grace=0.3)
    racer, watcher, race = await _watched_solo_race(harness)
    await racer.sio.disconnect()  # closes the tab; the grace period runs out on the room clock
    await _assert_stored_and_announced(harness, watcher, race)
