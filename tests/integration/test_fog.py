"""Explorer mode over real sockets: a fog racer is never sent what they have not seen.

Whole races with several fog racers and a spectator: moves one at a time and in bursts sent together,
hints of every method (including ones that must say "explore further"), resyncs and a reconnection by
token. Every message each racer's connections received is audited (`fog_audit.FogAudit`); the spectator
sees the race as a racer who stands nowhere until it is over, then the whole maze and every position.
"""

import asyncio
import random
from typing import Any

import pytest

from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from tests.mazes import neighbours, shortest_path

from .conftest import Client, Harness, assert_consecutive
from .fog_audit import FogAudit

VISION = 2


async def fog_race(arena: Harness, **settings: Any) -> tuple[list[Client], Client, Maze, str]:
    code = await arena.create_room(fog=True, vision=VISION, hint_limit=20, **settings)
    racers = [await arena.client() for _ in range(3)]
    for n, racer in enumerate(racers):
        await racer.join(code, f"Racer {n}")
    watcher = await arena.client()
    await watcher.join(code, "", role="spectator")
    for racer in racers[1:]:
        await racer.ok("ready", {"ready": True})
    await racers[0].ok("start", {})
    started = await watcher.wait_for("started")
    for racer in racers:
        await racer.wait_for("started")
    assert "seen" in started["d"]["maze"], "a spectator of a fog race sees only its entrance"
    return racers, watcher, arena.maze_of(code), code


async def wander(client: Client, maze: Maze, here: Cell, rng: random.Random, steps: int) -> Cell:
    """Random legal steps, each ack awaited."""
    for _ in range(steps):
        options = [cell for cell in neighbours(maze, here) if cell != maze.exit]
        if not options:
            break
        here = rng.choice(options)
        await client.move_to(here)
    return here


async def test_fog_racers_are_sent_only_what_they_have_seen(arena: Harness) -> None:
    racers, watcher, maze, code = await fog_race(
        arena, preset="custom", rows=14, cols=14, algorithm="prim", braid=0.5
    )
    audits = [FogAudit(maze, racer.id, VISION) for racer in racers]
    rng = random.Random(7)
    here = [maze.entrance] * 3

    for round_ in range(6):
        for n in range(3):
            here[n] = await wander(racers[n], maze, here[n], rng, rng.randint(1, 4))
        # a burst: all three move at once, no await between the sends
        steps = []
        for n in range(3):
            options = [cell for cell in neighbours(maze, here[n]) if cell != maze.exit]
            here[n] = rng.choice(options)
            steps.append(racers[n].sio.call("move", {"to": list(here[n])}, timeout=5))
        acks = await asyncio.gather(*steps)
        for racer, ack in zip(racers, acks, strict=True):
            racer.received.append(("ack", ack))
            assert ack["ok"] is True, ack
        method = ("bfs", "dfs", "astar", "dfs-recursive", "random", "bfs")[round_]
        await racers[round_ % 3].ok("hint", {"method": method, "order": True})
        await racers[(round_ + 1) % 3].resync()

    watched = await watcher.resync()  # during the race, a spectator is no racer's window
    assert all("seen" not in entry and "cell" not in entry for entry in watched["players"])
    assert "seen" in watched["maze"]
    assert "shortest" not in watched

    # racer 1 drops and comes back with its token: the snapshot is still fogged, the memory kept
    token = racers[1].you["token"]
    await racers[1].sio.disconnect()
    back = await arena.client(code)
    await back.join(code, "Racer 1", token=token)
    seen_before = audits[1].read(racers[1].received)
    del seen_before
    racers[1] = back

    for n, racer in enumerate(racers):  # everyone walks out: the rest of a shortest way
        await racer.walk(shortest_path(maze, here[n])[1:])
    await watcher.wait_for("race_over")

    for audit, racer in zip(audits, racers, strict=True):
        audit.read(racer.received)
        assert audit.finished
        assert audit.checked > 20
    assert sum(audit.shown_positions for audit in audits) > 0, "rivals in sight must be shown too"
    full = await racers[0].resync()  # done racing: the whole maze
    assert "seen" not in full["maze"]
    assert decode_maze(full["maze"]) == maze
    # the last racer's step onto the exit ends the race: from its `moved` on, spectators see it all
    race_over = max(e["v"] for e in watcher.events if e["t"] == "finished") - 1
    spectator_moves = [e["d"] for e in watcher.events if e["t"] == "moved" and e["v"] < race_over]
    assert spectator_moves
    assert all("distance" not in d and "cell" not in d for d in spectator_moves)
    over = await watcher.resync()  # the race over: the whole maze, every racer's seen cells
    assert "seen" not in over["maze"]
    assert all(isinstance(entry["seen"], str) for entry in over["players"])
    assert_consecutive(watcher)
    for racer in racers[:1]:
        assert_consecutive(racer)


async def test_a_fog_hint_says_where_to_explore(arena: Harness) -> None:
    """With the exit out of sight, a hint leads to the nearest unseen cell, not to the exit."""
    code = await arena.create_room(
        fog=True, vision=1, preset="custom", rows=20, cols=20, algorithm="backtracker", hint_limit=5
    )
    racer = await arena.client()
    await racer.join(code, "Explorer")
    await racer.ok("start", {})
    started = await racer.wait_for("started")
    wire = started["d"]["maze"]
    assert "shortest" not in started["d"]
    assert "seen" in wire
    ack = await racer.ok("hint", {"method": "bfs"})
    assert ack["found"] is False
    assert (ack["path"], ack["back_to"]) == (None, None)
    assert ack["explore"] is not None
    assert ack["explore_path"] is not None
    audit = FogAudit(decode_maze(wire), racer.id, 1)  # the fogged maze: bits of seen cells are true
    audit.start()
    assert tuple(ack["explore"]) not in audit.seen


@pytest.mark.parametrize("vision", [0, 11, 2.5, "3", True])
async def test_bad_vision_is_refused(arena: Harness, vision: object) -> None:
    status, body, _ = await arena.request("POST", "/api/rooms", json={"fog": True, "vision": vision})
    assert status == 400
    assert body["error"]["code"] == "bad_settings"
