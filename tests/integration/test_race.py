"""A whole race over real sockets: lobby, countdown, moves and hints, finishing, results, rematch."""

import asyncio

from server.maze.model import Cell
from server.maze.wire import PackedCells, decode_maze
from tests.mazes import dead_end_branch, neighbours, shortest_path

from .conftest import Harness, assert_consecutive, start_race

RESULT_KEYS = {
    "id", "name", "colour", "rank", "time", "penalty", "total", "moves", "hints",
    "route", "shortest", "efficiency", "dnf", "distance", "progress",
}  # fmt: skip


def detour_route(path: list[Cell], spurs: dict[int, Cell]) -> list[Cell]:
    """The path with a step into `spurs[i]` and back after path room i."""
    route: list[Cell] = []
    for i, room in enumerate(path[1:], start=1):
        route.append(room)
        if i in spurs:
            route += [spurs[i], room]
    return route


async def test_full_race_two_players_and_a_spectator(arena: Harness) -> None:
    code = await arena.create_room(hint_penalty=5)
    alice, bob, watcher = await arena.client(), await arena.client(), await arena.client()
    await alice.join(code, "Alice")
    await bob.join(code, "Bob")
    await watcher.join(code, "", role="spectator")
    assert (alice.you["role"], bob.you["role"], watcher.you["role"]) == ("player", "player", "spectator")
    assert "token" in alice.you
    assert "token" not in watcher.you
    assert bob.snapshot["host"] == alice.id

    await bob.ok("ready", {"ready": True})
    await alice.wait_for("ready", lambda d: d == {"id": bob.id, "ready": True})
    maze = await start_race(alice)
    for client in (alice, bob, watcher):
        countdown = await client.wait_for("countdown")
        assert countdown["d"]["seconds"] == 0.1
        assert countdown["d"]["start_at"] >= countdown["d"]["now"]
        started = await client.wait_for("started")
        assert started["v"] > countdown["v"]
        assert decode_maze(started["d"]["maze"]) == maze
        assert started["d"]["shortest"] == len(shortest_path(maze)) - 1
        entries = {p["id"]: p for p in started["d"]["players"]}
        assert entries[alice.id]["cell"] == list(maze.entrance)
        assert entries[bob.id]["trail"] == [list(maze.entrance)]

    path = shortest_path(maze)
    shortest = len(path) - 1
    half = len(path) // 2
    spurs = {i: n for i, room in enumerate(path[1:half], 1) for n in neighbours(maze, room) if n not in path}
    bob_first = detour_route(path[:half], dict(list(spurs.items())[:3]))

    # Alice runs the whole shortest path while Bob wanders through the first half, in parallel.
    await asyncio.gather(alice.walk(path[1:]), bob.walk(bob_first))
    finished = await watcher.wait_for("finished", lambda d: d["id"] == alice.id)
    assert finished["d"]["rank"] == 1
    assert (finished["d"]["moves"], finished["d"]["hints"], finished["d"]["penalty"]) == (shortest, 0, 0)

    # Bob asks for a hint (shown to the next junction, the default), then follows the way home.
    assert (await bob.me())["cell"] == list(path[half - 1])
    hinted = await bob.ok("hint", {"method": "bfs"})
    assert hinted["found"] is True
    shown = PackedCells.from_wire(hinted["path"], maze.size, maze.cols).cells()
    assert shown == tuple(path[half - 1 : half - 1 + len(shown)])
    assert len(shown) >= 2
    assert hinted["cut"] in (None, "junction", "steps")
    assert (hinted["cut"] is None) == (shown[-1] == maze.exit), "a way shown whole reaches the exit"
    assert hinted["next"] == list(path[half])
    assert (hinted["hints"], hinted["penalty"]) == (1, 5000)
    await bob.walk(path[half:])

    over = await watcher.wait_for("race_over")
    bob_moves = len(bob_first) + len(path) - half
    for client, count in ((alice, shortest), (bob, bob_moves)):
        assert len(watcher.of_type("moved", client.id)) == count
    assert len(watcher.of_type("hinted")) == 1
    assert watcher.of_type("hinted")[0]["id"] == bob.id
    assert "order" not in watcher.of_type("hinted")[0]

    results = over["d"]["results"]
    assert over["d"]["shortest"] == shortest
    assert [r["id"] for r in results] == [alice.id, bob.id]
    assert [r["rank"] for r in results] == [1, 2]
    for row in results:
        assert set(row) >= RESULT_KEYS
        assert row["dnf"] is False
        assert row["shortest"] == shortest
        assert isinstance(row["time"], int)
        assert row["time"] > 0
        assert row["total"] == row["time"] + row["penalty"]
        assert row["efficiency"] == round(shortest / row["moves"], 3)
        assert (row["distance"], row["progress"]) == (0, 1.0)
        assert row["route"] == shortest
    first, second = results
    assert (first["name"], first["moves"], first["hints"], first["penalty"]) == ("Alice", shortest, 0, 0)
    assert first["efficiency"] == 1.0
    assert (second["name"], second["moves"], second["hints"]) == ("Bob", bob_moves, 1)
    assert second["penalty"] == 5000
    assert second["efficiency"] < 1.0 or not spurs

    for client in (alice, bob, watcher):
        await client.wait_for("race_over")
        assert_consecutive(client)
        snapshot = await client.resync()
        assert snapshot["phase"] == "finished"
        assert snapshot["results"] == results
        assert snapshot["version"] == client.versions()[-1]


async def test_moved_events_track_the_trail(arena: Harness) -> None:
    """A client that applies `moved` events (keep trail_len - 1 rooms, add room) matches the server."""
    code = await arena.create_room()
    runner, watcher = await arena.client(), await arena.client()
    await runner.join(code, "Runner")
    await watcher.join(code, role="spectator")
    maze = await start_race(runner)
    path = shortest_path(maze)
    at, branch = dead_end_branch(maze, path)
    route = path[1 : at + 1] + branch + branch[-2::-1] + [path[at]] + path[at + 1 :]
    await runner.walk(route[:-1])  # stop one short of the exit

    trail = [list(maze.entrance)]
    await watcher.wait_for("moved", lambda d: d["moves"] == len(route) - 1)
    for moved in watcher.of_type("moved"):
        trail = [*trail[: moved["trail_len"] - 1], moved["cell"]]
    me = await runner.me()
    assert trail == me["trail"] == [list(c) for c in path[:-1]]
    assert me["moves"] == len(route) - 1
    assert me["distance"] == 1


async def test_rematch_returns_to_the_lobby_with_a_new_maze(arena: Harness) -> None:
    code = await arena.create_room()
    host, guest = await arena.client(), await arena.client()
    await host.join(code, "Host")
    await guest.join(code, "Guest")
    first = await start_race(host, guest)
    path = shortest_path(first)
    await asyncio.gather(host.walk(path[1:]), guest.walk(path[1:]))
    await guest.wait_for("race_over")

    assert await guest.refused("rematch", {}) == "not_host"
    before = host.versions()[-1]
    await host.ok("rematch", {})
    lobby = await guest.wait_for("lobby")
    assert lobby["v"] > before
    assert {p["id"] for p in lobby["d"]["players"]} == {host.id, guest.id}
    assert all(not p["ready"] and "trail" not in p and p["moves"] == 0 for p in lobby["d"]["players"])
    snapshot = await guest.resync()
    assert (snapshot["code"], snapshot["phase"]) == (code, "lobby")
    assert "maze" not in snapshot
    assert "results" not in snapshot
    assert await host.refused("rematch", {}) == "wrong_phase"

    second = await start_race(host, guest)
    assert second != first
    assert (await guest.wait_for("started", after=lobby["v"]))["d"]["maze"] == (
        await host.wait_for("started", after=lobby["v"])
    )["d"]["maze"]
    assert (await guest.me())["moves"] == 0
    path = shortest_path(second)
    await asyncio.gather(host.walk(path[1:]), guest.walk(path[1:]))
    over = await host.wait_for("race_over", after=lobby["v"])
    assert len(over["d"]["results"]) == 2
    for client in (host, guest):
        assert_consecutive(client)


async def test_host_alone_can_start_and_finish(arena: Harness) -> None:
    code = await arena.create_room(preset="custom", rows=5, cols=5)
    solo = await arena.client()
    await solo.join(code, "Solo")
    maze = await start_race(solo)
    assert (maze.rows, maze.cols) == (5, 5)
    await solo.walk(shortest_path(maze)[1:])
    over = await solo.wait_for("race_over")
    assert [r["id"] for r in over["d"]["results"]] == [solo.id]


async def test_start_waits_for_every_connected_player(arena: Harness) -> None:
    code = await arena.create_room()
    host, slow = await arena.client(), await arena.client()
    await host.join(code, "Host")
    await slow.join(code, "Slowpoke")
    assert await host.refused("start", {}) == "not_ready"
    await slow.ok("ready", {"ready": True})
    await slow.ok("ready", {"ready": False})
    assert await host.refused("start", {}) == "not_ready"
    await start_race(host, slow)
    assert (await host.resync())["phase"] in ("countdown", "racing")
    assert await host.refused("start", {}) == "wrong_phase"
    assert await slow.refused("ready", {"ready": True}) == "wrong_phase"


async def test_leaving_mid_race_is_a_dnf_and_passes_the_host_on(arena: Harness) -> None:
    code = await arena.create_room()
    host, other = await arena.client(), await arena.client()
    await host.join(code, "Host")
    await other.join(code, "Other")
    maze = await start_race(host, other)
    path = shortest_path(maze)
    await host.walk(path[1:3])
    await host.ok("leave", {})
    left = await other.wait_for("left", lambda d: d["id"] == host.id)
    assert left["d"]["role"] == "player"
    assert (await other.wait_for("host"))["d"] == {"id": other.id}
    assert await host.refused("move", {"dir": "up"}) == "not_joined"
    await other.walk(path[1:])
    results = (await other.wait_for("race_over"))["d"]["results"]
    assert [(r["id"], r["dnf"]) for r in results] == [(other.id, False), (host.id, True)]
    assert (results[1]["time"], results[1]["moves"], results[1]["distance"]) == (None, 2, len(path) - 3)


def by_id(players: list[dict[str, object]]) -> dict[object, dict[str, object]]:
    return {p["id"]: p for p in players}


async def test_spectators_see_positions_of_everyone(arena: Harness) -> None:
    code = await arena.create_room()
    runner, late = await arena.client(), await arena.client()
    await runner.join(code, "Runner")
    maze = await start_race(runner)
    path = shortest_path(maze)
    await runner.walk(path[1:4])
    await late.join(code, "Latecomer")  # a player joining a running race watches instead
    assert late.you["role"] == "spectator"
    entry = by_id(late.snapshot["players"])[runner.id]
    assert entry["trail"] == [list(c) for c in path[:4]]
    assert decode_maze(late.snapshot["maze"]) == maze
    await runner.walk(path[4:])
    over = await late.wait_for("race_over")
    assert late.of_type("moved")[-1]["cell"] == list(maze.exit)
    assert [r["id"] for r in over["d"]["results"]] == [runner.id]
    assert_consecutive(late)
