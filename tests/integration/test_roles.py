"""Who may do what: host-only commands, spectators, and settings validation over the socket."""

from typing import Any

import pytest

from tests.mazes import shortest_path

from .conftest import Client, Harness, start_race


async def lobby_of_three(arena: Harness) -> tuple[Client, Client, Client]:
    code = await arena.create_room()
    host, guest, watcher = await arena.client(), await arena.client(), await arena.client()
    await host.join(code, "Host")
    await guest.join(code, "Guest")
    await watcher.join(code, "Watcher", role="spectator")
    return host, guest, watcher


async def test_host_only_commands_are_refused_for_others(arena: Harness) -> None:
    host, guest, watcher = await lobby_of_three(arena)
    for client in (guest, watcher):
        assert await client.refused("settings", {"hint_limit": 5}) == "not_host"
        assert await client.refused("start", {}) == "not_host"
        assert await client.refused("rematch", {}) == "not_host"
    snapshot = await host.resync()
    assert snapshot["phase"] == "lobby"
    assert snapshot["settings"]["hint_limit"] == 3

    maze = await start_race(host, guest)
    path = shortest_path(maze)
    await host.walk(path[1:])
    await guest.walk(path[1:])
    await guest.wait_for("race_over")
    for client in (guest, watcher):
        assert await client.refused("rematch", {}) == "not_host"
    assert (await host.resync())["phase"] == "finished"


async def test_spectators_cannot_play(arena: Harness) -> None:
    _, _, watcher = await lobby_of_three(arena)
    assert await watcher.refused("ready", {"ready": True}) == "not_player"
    assert await watcher.refused("move", {"dir": "down"}) == "not_player"
    assert await watcher.refused("hint", {"method": "bfs"}) == "not_player"
    assert "token" not in watcher.you
    assert "colour" not in watcher.you


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"rows": 3}, "bad_settings"),
        ({"preset": "custom", "rows": 4}, "bad_settings"),
        ({"preset": "custom", "cols": 151}, "bad_settings"),
        ({"preset": "enormous"}, "bad_settings"),
        ({"algorithm": "spaghetti"}, "bad_settings"),
        ({"braid": -0.5}, "bad_settings"),
        ({"openings": "middle"}, "bad_settings"),
        ({"hint_methods": "bfs"}, "bad_settings"),
        ({"hint_methods": ["bfs", "guess"]}, "bad_settings"),
        ({"hint_limit": "3"}, "bad_settings"),
        ({"hint_moves": 1}, "bad_settings"),
        ({"max_players": 1}, "bad_settings"),  # two players are already here
        ({"time_limit": 5000}, "bad_settings"),
        ({"secret": True}, "bad_settings"),
        ({"time_limit": float("inf")}, "bad_settings"),
        ({"preset": "custom", "rows": float("nan")}, "bad_settings"),
        ({"hint_penalty": -float("inf")}, "bad_settings"),
        ({"max_players": 10**30}, "bad_settings"),
        ("easy", "bad_payload"),
        ([1, 2], "bad_payload"),
    ],
)
async def test_bad_settings_are_refused(arena: Harness, settings: Any, code: str) -> None:
    host, guest, _ = await lobby_of_three(arena)
    before = (await host.resync())["settings"]
    assert await host.refused("settings", settings) == code
    assert (await guest.resync())["settings"] == before
    assert not guest.of_type("settings")


async def test_settings_are_broadcast_and_used_by_the_next_race(arena: Harness) -> None:
    host, guest, watcher = await lobby_of_three(arena)
    change = {"preset": "custom", "rows": 6, "cols": 9, "algorithm": "kruskal", "hint_limit": 0}
    ack = await host.ok("settings", change)
    assert {k: ack["settings"][k] for k in change} == change
    for client in (guest, watcher):
        event = await client.wait_for("settings")
        assert event["d"] == ack["settings"]
    before = len(guest.of_type("settings"))
    await host.ok("settings", {"rows": 6})  # no change, no event
    await host.ok("settings", {})
    assert len(guest.of_type("settings")) == before

    maze = await start_race(host, guest)
    assert (maze.rows, maze.cols) == (6, 9)
    assert await host.refused("settings", {"hint_limit": 1}) == "wrong_phase"
    _, summary, _ = await arena.request("GET", f"/api/rooms/{host.snapshot['code']}")
    assert (summary["rows"], summary["cols"], summary["algorithm"]) == (6, 9, "kruskal")


async def test_the_host_passes_on_when_the_host_leaves_the_lobby(arena: Harness) -> None:
    host, guest, watcher = await lobby_of_three(arena)
    await host.ok("leave", {})
    assert (await watcher.wait_for("host"))["d"] == {"id": guest.id}
    await guest.ok("settings", {"hint_limit": 7})
    await start_race(guest)
    snapshot = await watcher.resync()
    assert snapshot["host"] == guest.id
    assert [p["id"] for p in snapshot["players"]] == [guest.id]
