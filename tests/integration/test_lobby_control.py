"""Regression tests for lobby griefing: the host starts with the ready players (the unready watch),
kicks and locks; the daily button never sends anyone into a lobby somebody else holds."""

from server.maze.wire import decode_maze
from tests.mazes import shortest_path

from .conftest import Harness, assert_consecutive, start_race


async def test_the_host_starts_without_a_player_who_never_readies(arena: Harness) -> None:
    code = await arena.create_room()
    host, ready, idler = await arena.client(), await arena.client(), await arena.client()
    await host.join(code, "Host")
    await ready.join(code, "Ready")
    await idler.join(code, "Idler")
    await ready.ok("ready", {"ready": True})
    assert await host.refused("start", {}) == "not_ready"
    await host.ok("start", {"without_unready": True})
    countdown = await idler.wait_for("countdown")
    assert countdown["d"]["sitting_out"] == [idler.id]
    started = await idler.wait_for("started")
    entries = {p["id"]: p for p in started["d"]["players"]}
    assert "cell" in entries[host.id]
    assert "cell" in entries[ready.id]
    assert "cell" not in entries[idler.id]  # watching, not racing
    assert await idler.refused("move", {"dir": "right"}) == "not_racing"
    assert await idler.refused("hint", {"method": "bfs"}) == "not_racing"

    path = shortest_path(decode_maze(started["d"]["maze"]))
    await host.walk(path[1:])
    await ready.walk(path[1:])
    over = await idler.wait_for("race_over")
    assert {r["id"] for r in over["d"]["results"]} == {host.id, ready.id}  # the idler is no DNF
    await host.ok("rematch", {})
    await idler.ok("ready", {"ready": True})  # the next race is theirs too
    for client in (host, ready, idler):
        assert_consecutive(client)


async def test_the_host_kicks_and_locks(arena: Harness) -> None:
    code = await arena.create_room()
    host, griefer, watcher = await arena.client(), await arena.client(), await arena.client()
    await host.join(code, "Host")
    await griefer.join(code, "Griefer")
    await watcher.join(code, "", role="spectator")
    assert await griefer.refused("kick", {"id": host.id}) == "not_host"
    assert await griefer.refused("lock", {"locked": True}) == "not_host"
    assert await host.refused("kick", {"id": "p99"}) == "unknown_member"
    assert await host.refused("kick", {"id": "<b>"}) == "bad_payload"
    assert await host.refused("kick", {"id": host.id}) == "bad_payload"

    await host.ok("lock", {"locked": True})
    await host.ok("kick", {"id": griefer.id})
    kicked = await watcher.wait_for("kicked")
    assert kicked["d"] == {"id": griefer.id}
    left = await watcher.wait_for("left", lambda d: d["id"] == griefer.id)
    assert left["v"] == kicked["v"] + 1
    assert ("kicked", ({"message": "the host removed you from the room"},)) in griefer.received
    assert await griefer.refused("ready", {"ready": True}) == "not_joined"

    # Locked: the griefer's token is void, and joining afresh only makes a spectator.
    again = await griefer.call("join", {"code": code, "name": "Griefer", "token": griefer.you["token"]})
    assert again["you"]["role"] == "spectator"
    status, summary, _ = await arena.request("GET", f"/api/rooms/{code}")
    assert (status, summary["locked"], summary["players"]) == (200, True, 1)
    await host.ok("lock", {"locked": False})
    newcomer = await arena.client()
    await newcomer.join(code, "Newcomer")
    assert newcomer.you["role"] == "player"
    await start_race(host, newcomer)
    assert_consecutive(watcher)


async def test_a_kick_mid_race_is_a_dnf(arena: Harness) -> None:
    code = await arena.create_room()
    host, other = await arena.client(), await arena.client()
    await host.join(code, "Host")
    await other.join(code, "Other")
    maze = await start_race(host, other)
    await host.ok("kick", {"id": other.id})
    await host.walk(shortest_path(maze)[1:])
    results = (await host.wait_for("race_over"))["d"]["results"]
    assert [(r["id"], r["dnf"]) for r in results] == [(host.id, False), (other.id, True)]


async def test_the_daily_button_never_sends_you_into_someone_elses_lobby(arena: Harness) -> None:
    codes = []
    for _ in range(3):
        status, body, _ = await arena.request("POST", "/api/daily", json={"preset": "easy"})
        assert status == 200, body
        codes.append(body["code"])
        griefer = await arena.client()
        await griefer.join(body["code"], "Griefer")  # joins, never readies, never starts
    assert len(set(codes)) == 3
    status, body, _ = await arena.request("POST", "/api/daily", json={"preset": "easy"})
    newcomer = await arena.client()
    await newcomer.join(body["code"], "Newcomer")
    assert newcomer.snapshot["host"] == newcomer.id  # the newcomer's own lobby: they can start it
    await start_race(newcomer)
