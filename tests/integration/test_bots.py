"""Bots over real sockets: the host adds and removes them, they race by the same rules and move limit as
people, finish, are stored in the results and kept off the leaderboards; under fog too."""

import asyncio
import time
from pathlib import Path

import pytest

from server.bots import BOT_KINDS
from server.maze.wire import decode_maze
from server.room.rate_limits import RateLimit

from .conftest import Client, Harness, StartServer, assert_consecutive
from .fog_audit import FogAudit


async def host_with_bots(
    arena: Harness, bots: list[dict[str, object]], **settings: object
) -> tuple[Client, Client, list[str]]:
    code = await arena.create_room(**settings)
    host, watcher = await arena.client(), await arena.client()
    await host.join(code, "Host")
    await watcher.join(code, "", role="spectator")
    ids = [str((await host.ok("add_bot", bot))["id"]) for bot in bots]
    return host, watcher, ids


async def test_bots_race_to_the_exit_and_are_stored(start_server: StartServer, tmp_path: Path) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    bots = [{"kind": kind, "speed": 20} for kind in BOT_KINDS]
    host, watcher, ids = await host_with_bots(arena, bots, max_players=8, algorithm="prim", braid=0.3)
    lobby = await watcher.resync()
    entries = {p["id"]: p for p in lobby["players"]}
    assert [entries[i]["name"] for i in ids] == [
        "DFS bot",
        "Wall bot",
        "Trémaux bot",
        "BFS bot",
        "Shortest bot",
    ]
    assert all(entries[i]["bot"]["speed"] == 20 and entries[i]["ready"] for i in ids)
    await host.ok("start", {"without_unready": False})
    started = await watcher.wait_for("started")
    maze = decode_maze(started["d"]["maze"])
    await host.ok("leave", {})  # only the bots race on: the race ends when they are all out
    over = await watcher.wait_for("race_over", within=60)
    rows = {row["id"]: row for row in over["d"]["results"]}
    for bot_id, kind in zip(ids, BOT_KINDS, strict=True):
        assert rows[bot_id]["dnf"] is False, kind
        assert rows[bot_id]["bot"] == kind
        assert (rows[bot_id]["distance"], rows[bot_id]["cell"]) == (0, list(maze.exit))
    assert "bot" not in rows[host.id]
    for bot_id in ids:  # every step an open passage, one cell at a time, as the spectator saw it
        cells = [tuple(d["cell"]) for d in watcher.of_type("moved", bot_id)]
        here = maze.entrance
        for cell in cells:
            assert maze.is_open(here, cell)  # type: ignore[arg-type]
            here = cell  # type: ignore[assignment]
    shortest_row = rows[ids[-1]]
    assert shortest_row["moves"] == shortest_row["shortest"]
    assert_consecutive(watcher)
    status, race, _ = await arena.request("GET", f"/api/races/{started['d']['race']}")
    assert status == 200
    assert sorted(r["bot"] for r in race["results"] if "bot" in r) == sorted(BOT_KINDS)
    status, board, _ = await arena.request("GET", "/api/leaderboard")
    assert all(not row["name"].endswith("bot") for row in board["leaderboard"])


async def test_a_bot_keeps_to_the_move_limit(start_server: StartServer) -> None:
    """A 20 moves/s bot in a room whose move limit is 4/s (burst 2) moves no faster than a person may.
    Only the upper bound is checked: a slow machine moves it less, never more."""
    arena = await start_server(move_limit=RateLimit(4.0, 2.0))
    host, watcher, ids = await host_with_bots(
        arena, [{"kind": "dfs", "speed": 20}], preset="custom", rows=30, cols=30
    )
    await host.ok("start", {})
    await watcher.wait_for("started")
    began = time.monotonic()
    await asyncio.sleep(1.5)
    moved = len(watcher.of_type("moved", ids[0]))
    elapsed = time.monotonic() - began
    assert 1 <= moved <= 2 + 4 * (elapsed + 0.25)


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"kind": "oracle", "speed": 5}, "bad_settings"),
        ({"kind": "dfs", "speed": 0}, "bad_settings"),
        ({"kind": "dfs", "speed": 21}, "bad_settings"),
        ({"kind": "dfs", "speed": "fast"}, "bad_settings"),
        ({"kind": "dfs"}, "bad_settings"),
        ({"kind": "dfs", "speed": 5, "name": "Evil"}, "bad_settings"),
        ("dfs", "bad_settings"),
        (None, "bad_settings"),
    ],
)
async def test_bad_bots_are_refused(arena: Harness, payload: object, code: str) -> None:
    host = await arena.client()
    await host.join(await arena.create_room(), "Host")
    assert await host.refused("add_bot", payload) == code
    assert len((await host.resync())["players"]) == 1


async def test_only_the_host_adds_and_removes_bots_and_only_in_the_lobby(arena: Harness) -> None:
    code = await arena.create_room(max_players=3)
    host, guest = await arena.client(), await arena.client()
    await host.join(code, "Host")
    await guest.join(code, "Guest")
    assert await guest.refused("add_bot", {"kind": "dfs", "speed": 5}) == "not_host"
    bot = (await host.ok("add_bot", {"kind": "dfs", "speed": 5}))["id"]
    assert await host.refused("add_bot", {"kind": "wall", "speed": 5}) == "room_full"
    assert await guest.refused("remove_bot", {"id": bot}) == "not_host"
    assert await host.refused("remove_bot", {"id": guest.id}) == "unknown_member"
    await host.ok("remove_bot", {"id": bot})
    assert [p["id"] for p in (await host.resync())["players"]] == [host.id, guest.id]
    bot = (await host.ok("add_bot", {"kind": "dfs", "speed": 5}))["id"]
    await guest.ok("ready", {"ready": True})
    await host.ok("start", {})
    await host.wait_for("started")
    assert await host.refused("remove_bot", {"id": bot}) == "wrong_phase"
    assert await host.refused("add_bot", {"kind": "dfs", "speed": 5}) == "wrong_phase"
    thief = await arena.client()
    await thief.join(code, "Thief", token="")  # a bot's place cannot be taken by any token
    assert thief.you["role"] == "spectator"


async def test_bots_in_fog_see_only_what_they_have_seen(arena: Harness) -> None:
    host, watcher, ids = await host_with_bots(
        arena,
        [{"kind": "dfs", "speed": 20}, {"kind": "tremaux", "speed": 20}],
        fog=True,
        vision=2,
        preset="custom",
        rows=12,
        cols=12,
    )
    await host.ok("start", {})
    started = await watcher.wait_for("started")
    maze = decode_maze(started["d"]["maze"])
    audit = FogAudit(maze, host.id, 2)  # the host stands still at the entrance: rivals only in sight
    for bot_id in ids:
        await watcher.wait_for("finished", lambda d, b=bot_id: d["id"] == b, within=60)
    audit.read(host.received)
    assert audit.checked > 0
    assert audit.shown_positions > 0  # the bots left the entrance in the host's sight


async def test_rules_serve_the_bots(arena: Harness) -> None:
    status, rules, _ = await arena.request("GET", "/api/rules")
    assert status == 200
    assert rules["bots"]["kinds"] == list(BOT_KINDS)
    assert rules["bots"]["names"]["tremaux"] == "Trémaux bot"
    assert (rules["bots"]["min_speed"], rules["bots"]["max_speed"]) == (1, 20)
