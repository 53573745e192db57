"""Secrets stay with those who have earned them: the maze until the race starts (no message before
`started` carries any of it), a hint's way until you are out of the race (rivals still racing only see
that it was asked)."""

from typing import Any

from server.maze.wire import PackedCells
from tests.mazes import dead_end_branch, shortest_path

from .conftest import Client, Harness, StartServer, assert_consecutive, start_race

SECRET_KEYS = {"maze", "walls", "trail", "entrance", "exit"}


def secret_keys_in(value: Any) -> set[str]:
    """Every secret key anywhere inside a JSON value."""
    if isinstance(value, dict):
        found = SECRET_KEYS & set(value)
        for item in value.values():
            found |= secret_keys_in(item)
        return found
    if isinstance(value, list | tuple):
        return set().union(*(secret_keys_in(item) for item in value))
    return set()


def before_started(client: Client) -> list[tuple[str, Any]]:
    """Everything the client received (acks, events, other messages) before its first `started` event."""
    for i, (kind, message) in enumerate(client.received):
        if kind == "event" and message["t"] == "started":
            return client.received[:i]
    raise AssertionError("no started event")


async def test_the_maze_is_absent_before_the_start(start_server: StartServer) -> None:
    harness = await start_server(countdown=0.4)
    code = await harness.create_room()
    host, guest, watcher = await harness.client(), await harness.client(), await harness.client()
    await host.join(code, "Host")
    await guest.join(code, "Guest")
    await watcher.join(code, role="spectator")
    await host.ok("settings", {"preset": "custom", "rows": 7, "cols": 8})
    await guest.ok("ready", {"ready": False})
    await guest.ok("ready", {"ready": True})
    assert await guest.refused("move", {"dir": "down"}) == "not_racing"
    await host.resync()

    await host.ok("start", {})
    late = await harness.client()
    await late.join(code, "Late")  # during the countdown
    assert late.snapshot["phase"] == "countdown"
    for client in (host, guest, watcher):
        await client.wait_for("countdown")
    for client in (host, guest, watcher, late):
        snapshot = await client.resync()
        assert snapshot["phase"] == "countdown"
        assert "start_at" in snapshot
        assert await client.refused("hint", {"method": "bfs"}) in ("not_racing", "not_player")
    assert await guest.refused("move", {"to": [0, 1]}) == "not_racing"

    for client in (host, guest, watcher, late):
        await client.wait_for("started")
    for client in (host, guest, watcher, late):
        received = before_started(client)
        assert received, "nothing received before the start"
        leaks = [(kind, message) for kind, message in received if secret_keys_in(message)]
        assert not leaks, leaks
        started = next(m for k, m in client.received if k == "event" and m["t"] == "started")
        assert {"walls", "entrance", "exit"} <= secret_keys_in(started)  # the check does find them
    assert "maze" in (await late.resync())


async def test_the_maze_is_absent_again_after_a_rematch(arena: Harness) -> None:
    code = await arena.create_room(preset="custom", rows=5, cols=5)
    host = await arena.client()
    await host.join(code, "Host")
    maze = await start_race(host)
    await host.walk(shortest_path(maze)[1:])
    await host.wait_for("race_over")
    await host.ok("rematch", {})
    lobby = await host.wait_for("lobby")
    assert not secret_keys_in(lobby["d"])
    assert not secret_keys_in(await host.resync())
    newcomer = await arena.client()
    await newcomer.join(code, "Newcomer")
    assert not secret_keys_in(newcomer.snapshot)
    assert not secret_keys_in(newcomer.received)


WAY_KEYS = {"from", "next", "path", "back_to", "back_path"}
SEEN_BY_RACERS = {"id", "method", "found", "explored", "hints", "penalty"}


async def test_a_hints_way_reaches_only_the_asker_spectators_and_finished_players(arena: Harness) -> None:
    code = await arena.create_room(preset="custom", rows=12, cols=12, hint_limit=5, hint_penalty=1)
    asker, rival, done, watcher = [await arena.client() for _ in range(4)]
    await asker.join(code, "Asker")
    await rival.join(code, "Rival")
    await done.join(code, "Done")
    await watcher.join(code, role="spectator")
    maze = await start_race(asker, rival, done)
    path = shortest_path(maze)
    await done.walk(path[1:])
    await done.wait_for("finished", lambda d: d["id"] == done.id)

    on_way = await asker.ok("hint", {"method": "bfs"})
    at, branch = dead_end_branch(maze, path)
    await asker.walk(path[1 : at + 1] + branch)
    stuck = await asker.ok("hint", {"method": "dfs", "order": True})
    assert not stuck["found"]
    whole_ways = {"path": tuple(path), "back_path": (*reversed(branch), path[at])}
    for ack, key in ((on_way, "path"), (stuck, "back_path")):
        shown = {k: v for k, v in ack.items() if k not in ("ok", "order")}
        event = await asker.wait_for("hinted", lambda d, n=ack["hints"]: d["hints"] == n)
        assert event["d"] == shown, "the asker's own event is the hint as their ack shows it"
        for client in (watcher, done):  # a spectator and a finished player see the whole way
            event = await client.wait_for("hinted", lambda d, n=ack["hints"]: d["hints"] == n)
            assert {k: v for k, v in event["d"].items() if k not in (key, "cut")} == {
                k: v for k, v in shown.items() if k not in (key, "cut")
            }
            assert event["d"]["cut"] is None
            assert PackedCells.from_wire(event["d"][key], maze.size, maze.cols).cells() == whole_ways[key]
        event = await rival.wait_for("hinted", lambda d, n=ack["hints"]: d["hints"] == n)
        assert set(event["d"]) == SEEN_BY_RACERS, "a rival still racing sees only that a hint was asked"
        assert event["d"] == {k: shown[k] for k in SEEN_BY_RACERS}
    shown_way = PackedCells.from_wire(on_way["path"], maze.size, maze.cols).cells()
    assert shown_way == tuple(path[: len(shown_way)])
    assert not [
        m for k, m in rival.received if k == "event" and WAY_KEYS & set(m["d"]) and m["t"] == "hinted"
    ]
    assert_consecutive(rival)
