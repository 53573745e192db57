"""Rate limits per connection, and rooms closing when nobody has been in them for the idle timeout."""

import asyncio
import time

from server.config import AppConfig
from tests.mazes import shortest_path

from .conftest import Client, Harness, StartServer, start_race

DEFAULTS = AppConfig()


async def limited_race(start_server: StartServer) -> tuple[Harness, Client, Client, list[tuple[int, int]]]:
    """A running race on a server with the production rate limits."""
    harness = await start_server(
        move_limit=DEFAULTS.move_limit,
        hint_limit=DEFAULTS.hint_limit,
        command_limit=DEFAULTS.command_limit,
        snapshot_limit=DEFAULTS.snapshot_limit,
    )
    code = await harness.create_room(hint_limit=5)
    flooder, steady = await harness.client(), await harness.client()
    await flooder.join(code, "Flooder")
    await steady.join(code, "Steady")
    maze = await start_race(flooder, steady)
    return harness, flooder, steady, shortest_path(maze)


async def test_a_move_flood_is_limited_without_hurting_others(start_server: StartServer) -> None:
    _, flooder, steady, path = await limited_race(start_server)
    limit = DEFAULTS.move_limit
    back_and_forth = [{"to": list(path[1 - i % 2])} for i in range(1, 101)]

    began = time.monotonic()
    acks, _ = await asyncio.gather(
        asyncio.gather(*(flooder.call("move", payload) for payload in back_and_forth)),
        steady.walk(path[1:9]),  # every step must be accepted (walk checks each ack)
    )
    elapsed = time.monotonic() - began

    accepted = [a for a in acks if a["ok"] or a["error"]["code"] != "rate_limited"]
    assert len(accepted) < len(acks), "a flood of 100 moves must hit the limit"
    assert len(accepted) <= limit.burst + limit.rate * elapsed + 1, (len(accepted), elapsed)
    assert len(accepted) >= limit.burst
    me = await flooder.me()
    assert me["moves"] == sum(1 for a in accepted if a["ok"])
    assert len(flooder.of_type("moved", flooder.id)) == me["moves"]
    assert (await steady.me())["cell"] == list(path[8])

    await asyncio.sleep(0.3)  # the bucket refills
    await flooder.ok("move", {"to": list(path[1]) if me["cell"] == list(path[0]) else list(path[0])})


async def test_hints_are_limited_to_one_a_second(start_server: StartServer) -> None:
    _, flooder, steady, _ = await limited_race(start_server)
    await flooder.ok("hint", {"method": "bfs"})
    assert await flooder.refused("hint", {"method": "bfs"}) == "rate_limited"
    assert (await flooder.me())["hints"] == 1
    await steady.ok("hint", {"method": "bfs"})  # each connection has its own bucket


async def test_other_commands_and_unknown_events_are_limited(start_server: StartServer) -> None:
    _, flooder, steady, _ = await limited_race(start_server)
    for event, limit in (("nonsense", DEFAULTS.command_limit), ("resync", DEFAULTS.snapshot_limit)):
        began = time.monotonic()
        acks = await asyncio.gather(*(flooder.call(event, {}) for _ in range(30)))
        elapsed = time.monotonic() - began
        codes = [a["error"]["code"] if not a["ok"] else "ok" for a in acks]
        assert "rate_limited" in codes
        assert sum(code != "rate_limited" for code in codes) <= limit.burst + limit.rate * elapsed + 1
        assert set(codes) <= {"ok", "unknown_event", "rate_limited"}
    await steady.ok("resync", {})


async def test_idle_rooms_close_and_occupied_rooms_stay(start_server: StartServer) -> None:
    harness = await start_server(idle_timeout=0.3)
    empty, occupied, abandoned = [await harness.create_room() for _ in range(3)]
    member, visitor = await harness.client(), await harness.client()
    await member.join(occupied, "Stayer")
    await visitor.join(abandoned, role="spectator")
    await visitor.sio.disconnect()

    deadline = time.monotonic() + 3
    while {await harness.room_status(empty), await harness.room_status(abandoned)} != {404}:
        assert time.monotonic() < deadline, "idle rooms did not close"
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)
    assert await harness.room_status(occupied) == 200
    _, listing, _ = await harness.request("GET", "/api/rooms")
    assert [room["code"] for room in listing["rooms"]] == [occupied]
    assert (await member.resync())["code"] == occupied
    assert await (await harness.client()).refused("join", {"code": empty, "name": "Late"}) == "unknown_room"


async def test_reconnecting_does_not_refill_the_move_bucket(start_server: StartServer) -> None:
    """Buckets belong to the member, not the connection: a bot cannot reconnect for a fresh burst."""
    harness, flooder, _, path = await limited_race(start_server)
    limit = DEFAULTS.move_limit
    token = flooder.you["token"]
    code = flooder.snapshot["code"]
    began = time.monotonic()
    accepted = 0
    here = 0
    for _ in range(4):
        for _ in range(int(limit.burst)):
            forward = path[here + 1] if here + 1 < len(path) - 1 else path[here - 1]
            ack = await flooder.call("move", {"to": list(forward)})
            if ack["ok"]:
                accepted += 1
                here = path.index(forward)
        await flooder.sio.disconnect()
        flooder = await harness.client()
        await flooder.join(code, "Flooder", token=token)
    elapsed = time.monotonic() - began
    assert accepted <= limit.burst + limit.rate * elapsed + 1


async def test_cycling_joins_does_not_bypass_the_snapshot_limit(start_server: StartServer) -> None:
    """Join as a spectator, resync three times, leave, again: each join is a new member with a fresh
    bucket, so the limit must hold per connection and per address too (21.6 snapshots/s before)."""
    harness = await start_server(
        snapshot_limit=DEFAULTS.snapshot_limit,
        address_snapshot_limit=DEFAULTS.address_snapshot_limit,
        command_limit=DEFAULTS.command_limit,
    )
    code = await harness.create_room()
    cycler = await harness.client()
    snapshots = 0
    began = time.monotonic()
    while time.monotonic() - began < 2.0:
        ack = await cycler.call("join", {"code": code, "name": "", "role": "spectator"})
        snapshots += bool(ack["ok"])
        for _ in range(3):
            snapshots += bool((await cycler.call("resync", {}))["ok"])
        await cycler.call("leave", {})
    elapsed = time.monotonic() - began
    limit = DEFAULTS.snapshot_limit
    assert snapshots <= limit.burst + limit.rate * elapsed + 1, (snapshots, elapsed)

    # New connections from the same address share the address's allowance.
    address = DEFAULTS.address_snapshot_limit
    fresh = [await harness.client() for _ in range(int(address.burst) + 5)]
    acks = await asyncio.gather(*(c.call("join", {"code": code, "role": "spectator"}) for c in fresh))
    joined = sum(bool(a["ok"]) for a in acks)
    assert joined < len(fresh)
    assert {a["error"]["code"] for a in acks if not a["ok"]} == {"rate_limited"}
