"""The maze stays secret until the race starts: no message before `started` carries any of it."""

from typing import Any

from tests.mazes import shortest_path

from .conftest import Client, Harness, StartServer, start_race

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
