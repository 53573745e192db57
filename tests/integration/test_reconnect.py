"""Dropping out and coming back: the grace period, tokens, presence events, and DNF after the grace."""

import asyncio

from tests.mazes import shortest_path

from .conftest import Harness, StartServer, assert_consecutive, start_race


async def test_a_player_comes_back_within_the_grace_period(arena: Harness) -> None:
    code = await arena.create_room()
    runner, rival = await arena.client(), await arena.client()
    await runner.join(code, "Runner")
    await rival.join(code, "Rival")
    token = runner.you["token"]
    maze = await start_race(runner, rival)
    path = shortest_path(maze)
    await runner.walk(path[1:4])
    await runner.ok("hint", {"method": "bfs"})
    before = await runner.me()

    await runner.sio.disconnect()
    dropped = await rival.wait_for("presence")
    assert dropped["d"] == {"id": runner.id, "connected": False}
    entry = next(p for p in (await rival.resync())["players"] if p["id"] == runner.id)
    assert entry["connected"] is False

    again = await arena.client()
    await again.join(code, "Whatever", token=token)
    assert again.you == runner.you  # same id, role, token and colour
    back = await rival.wait_for("presence", after=dropped["v"])
    assert back["d"] == {"id": runner.id, "connected": True}
    entry = next(p for p in again.snapshot["players"] if p["id"] == runner.id)
    for key in ("cell", "trail", "moves", "hints", "penalty", "name", "colour", "distance"):
        assert entry[key] == before[key], key
    assert entry["connected"] is True
    assert entry["name"] == "Runner"

    await again.walk(path[4:])
    await rival.walk(path[1:])
    over = await rival.wait_for("race_over")
    row = next(r for r in over["d"]["results"] if r["id"] == runner.id)
    assert (row["dnf"], row["moves"], row["hints"]) == (False, len(path) - 1, 1)
    for client in (rival, again):
        assert_consecutive(client)


async def test_a_player_dropped_past_the_grace_period_is_out(start_server: StartServer) -> None:
    harness = await start_server(grace=0.3)
    code = await harness.create_room()
    runner, rival = await harness.client(), await harness.client()
    await runner.join(code, "Runner")
    await rival.join(code, "Rival")
    token = runner.you["token"]
    maze = await start_race(runner, rival)
    path = shortest_path(maze)
    await runner.walk(path[1:3])

    await runner.sio.disconnect()
    dropped = await rival.wait_for("presence", lambda d: d["connected"] is False)
    left = await rival.wait_for("left", lambda d: d["id"] == runner.id, within=3)
    assert left["d"]["role"] == "player"
    assert left["v"] > dropped["v"]
    assert (await rival.wait_for("host"))["d"] == {"id": rival.id}

    # The token has expired: joining with it is joining afresh, and the race is on, so as a spectator.
    again = await harness.client()
    await again.join(code, "Runner", token=token)
    assert again.you["role"] == "spectator"
    assert again.you["id"] != runner.id

    await rival.walk(path[1:])
    over = await rival.wait_for("race_over")
    results = over["d"]["results"]
    assert [r["id"] for r in results] == [rival.id, runner.id]
    out = results[1]
    assert (out["rank"], out["dnf"], out["time"], out["total"]) == (2, True, None, None)
    assert (out["moves"], out["distance"]) == (2, len(path) - 3)
    assert rival.of_type("presence") == [{"id": runner.id, "connected": False}]


async def test_a_player_dropped_in_the_lobby_is_removed_after_the_grace(start_server: StartServer) -> None:
    harness = await start_server(grace=0.2)
    code = await harness.create_room()
    host, guest = await harness.client(), await harness.client()
    await host.join(code, "Host")
    await guest.join(code, "Guest")
    await guest.sio.disconnect()
    await host.wait_for("presence", lambda d: d == {"id": guest.id, "connected": False})
    await host.wait_for("left", lambda d: d["id"] == guest.id, within=3)
    snapshot = await host.resync()
    assert [p["id"] for p in snapshot["players"]] == [host.id]
    await start_race(host)  # nobody left to wait for


async def test_a_disconnected_player_does_not_block_the_start(arena: Harness) -> None:
    code = await arena.create_room()
    host, guest = await arena.client(), await arena.client()
    await host.join(code, "Host")
    await guest.join(code, "Guest")
    await guest.sio.disconnect()
    await host.wait_for("presence")
    maze = await start_race(host)
    await host.walk(shortest_path(maze)[1:])
    # The absent player still races (and can come back); the race is not over without them.
    assert (await host.resync())["phase"] == "racing"


async def test_the_same_token_in_a_second_tab_replaces_the_first(arena: Harness) -> None:
    code = await arena.create_room()
    first, watcher = await arena.client(), await arena.client()
    await first.join(code, "Tabby")
    await watcher.join(code, role="spectator")
    second = await arena.client()
    await second.join(code, "Tabby", token=first.you["token"])
    assert second.you == first.you
    for _ in range(200):
        if any(name == "replaced" for name, _ in first.received):
            break
        await asyncio.sleep(0.01)
    assert any(name == "replaced" for name, _ in first.received)
    assert await first.refused("ready", {"ready": True}) == "not_joined"
    await second.ok("ready", {"ready": True})
    assert (await watcher.wait_for("ready"))["d"] == {"id": first.id, "ready": True}
    assert not watcher.of_type("presence")
    snapshot = await watcher.resync()
    assert [p["name"] for p in snapshot["players"]] == ["Tabby"]
