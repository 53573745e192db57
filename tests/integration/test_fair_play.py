"""Fair play over real sockets: a racer's own spectator tab is no window on the race, a bot that knows
the way makes a room unranked, and a name cannot pass for another's."""

import unicodedata
from pathlib import Path
from typing import Any

import pytest

from server.maze.wire import decode_maze
from tests.mazes import shortest_path

from .conftest import Client, Harness, StartServer, start_race


async def racer_and_second_tab(arena: Harness, **settings: Any) -> tuple[Client, Client, Client, str]:
    """A race of two, and a spectator who joined from the first racer's second tab (no token)."""
    code = await arena.create_room(**settings)
    cheat, rival, tab = await arena.client(), await arena.client(), await arena.client()
    await cheat.join(code, "Cheat")
    await rival.join(code, "Rival")
    await start_race(cheat, rival)
    await tab.join(code, "", role="spectator")
    return cheat, rival, tab, code


async def test_a_spectator_of_a_fog_race_sees_no_more_than_a_racer(arena: Harness) -> None:
    cheat, rival, tab, code = await racer_and_second_tab(
        arena, fog=True, preset="custom", rows=12, cols=12, hint_limit=3
    )
    maze = arena.maze_of(code)
    joined = tab.snapshot
    assert "seen" in joined["maze"], "only the entrance's surroundings, as every racer was shown"
    assert "shortest" not in joined
    assert "difficulty" not in joined
    assert all("cell" not in p and "trail" not in p and "seen" not in p for p in joined["players"])

    way = shortest_path(maze)
    await rival.walk(way[1:6])
    await rival.ok("hint", {"method": "bfs"})
    await tab.wait_for("hinted")
    seen = [e["d"] for e in tab.events if e["t"] in ("moved", "hinted")]
    assert seen
    assert all({"cell", "path", "next", "explore", "from"}.isdisjoint(d) for d in seen)
    again = await tab.resync()
    assert "seen" in again["maze"]
    assert all("cell" not in p for p in again["players"])

    await rival.walk(way[6:])  # one racer done: still a race, still no window
    await cheat.walk(way[1:])
    await tab.wait_for("race_over")
    over = await tab.resync()  # the race over: everything
    assert "seen" not in over["maze"]
    assert decode_maze(over["maze"]) == maze
    assert over["shortest"] == len(way) - 1


async def test_a_spectator_of_a_ranked_race_never_sees_a_rivals_hint_way(arena: Harness) -> None:
    cheat, rival, tab, code = await racer_and_second_tab(arena, preset="easy")
    summary = (await arena.request("GET", f"/api/rooms/{code}"))[1]
    assert summary["ranked"] is True
    await rival.ok("hint", {"method": "bfs"})
    hinted = (await tab.wait_for("hinted"))["d"]
    assert {"path", "next", "from"}.isdisjoint(hinted)
    assert hinted == (await cheat.wait_for("hinted"))["d"], "exactly what the racer gets"


async def test_a_room_with_the_shortest_bot_is_not_ranked(start_server: StartServer, tmp_path: Path) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    code = await arena.create_room(fog=True, preset="easy")
    follower = await arena.client()
    await follower.join(code, "Follower")
    assert (await arena.request("GET", f"/api/rooms/{code}"))[1]["ranked"] is True
    await follower.ok("add_bot", {"kind": "shortest", "speed": 20})
    assert (await arena.request("GET", f"/api/rooms/{code}"))[1]["ranked"] is False
    await start_race(follower)
    await follower.walk(shortest_path(arena.maze_of(code))[1:])  # the way the bot shows
    await follower.wait_for("race_over", within=30)
    _, board, _ = await arena.request("GET", "/api/leaderboard?fog=true")
    assert board["leaderboard"] == [], "a race with a guide is not on the board"


async def test_an_exploring_bot_keeps_a_fog_room_ranked(arena: Harness) -> None:
    code = await arena.create_room(fog=True, preset="easy")
    host = await arena.client()
    await host.join(code, "Host")
    await host.ok("add_bot", {"kind": "dfs", "speed": 5})
    assert (await arena.request("GET", f"/api/rooms/{code}"))[1]["ranked"] is True


async def test_a_room_whose_hints_show_the_whole_way_is_not_ranked(arena: Harness) -> None:
    """One hint there can decide the race: the preview says so before anyone joins."""
    code = await arena.create_room(preset="easy", hint_reveal="whole")
    assert (await arena.request("GET", f"/api/rooms/{code}"))[1]["ranked"] is False
    host = await arena.client()
    await host.join(code, "Host")
    await host.ok("settings", {"hint_reveal": "junction"})
    assert (await arena.request("GET", f"/api/rooms/{code}"))[1]["ranked"] is True


@pytest.mark.parametrize(
    "lookalike", ["\u0410lice", "\uff21\uff4c\uff49\uff43\uff45", "\U0001d400lice", "alice", "A1ice"]
)
async def test_a_lookalike_name_gets_a_number(arena: Harness, lookalike: str) -> None:
    code = await arena.create_room()
    alice, impostor = await arena.client(), await arena.client()
    await alice.join(code, "Alice")
    await impostor.join(code, lookalike)
    names = [p["name"] for p in (await alice.resync())["players"]]
    assert names == ["Alice", unicodedata.normalize("NFKC", lookalike) + " 2"]


@pytest.mark.parametrize(
    "name",
    [
        "Alice\u3164",
        "\u3164",
        "\u2800\u2800",
        "\u0301\u0302",
        "Z" + "\u0301\u0302\u0303\u0304\u0305" * 4,
        "\ufdfd" * 20,
    ],
)
async def test_invisible_stacked_and_absurdly_wide_names_are_refused(arena: Harness, name: str) -> None:
    code = await arena.create_room()
    client = await arena.client()
    assert await client.refused("join", {"code": code, "name": name, "role": "player"}) == "bad_name"


async def test_names_in_every_script_are_welcome(arena: Harness) -> None:
    code = await arena.create_room(max_players=8)
    names = ["张伟", "山田太郎", "さくら", "محمد", "अनुराधा", "Иван", "Nguyễn Văn An"]
    for name in names:
        await (await arena.client()).join(code, name)
    snapshot = await arena.clients[0].resync()
    assert [p["name"] for p in snapshot["players"]] == names


async def test_a_lookalike_is_not_ranked_beside_the_name_it_copies(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    for name in ("Alice", "\u0410lice", "Bob"):  # each alone in a room of their own, one after the other
        code = await arena.create_room(preset="easy")
        racer = await arena.client()
        await racer.join(code, name)
        await start_race(racer)
        await racer.walk(shortest_path(arena.maze_of(code))[1:])
        await racer.wait_for("race_over")
    _, board, _ = await arena.request("GET", "/api/leaderboard?preset=easy")
    names = [row["name"] for row in board["leaderboard"]]
    assert sorted(names, key=len) in (["Bob", "Alice"], ["Bob", "\u0410lice"]), names
    assert [row["place"] for row in board["leaderboard"]] == [1, 2]
