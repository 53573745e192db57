"""Rooms racing a published (hand-made) maze, through a real server with a real SQLite file and real
Socket.IO clients: the host names the maze's share code, two players race it and a spectator watches,
the results are stored with the code and on the maze's own board, the replay and the analysis are of
that maze, and a ghost of the race races it again; hints, a bot and fog on a maze with loops; unknown
and malformed codes, other people and the daily room are refused."""

import time
from pathlib import Path

from server.http.keys import STORE
from server.maze.model import Maze
from server.maze.wire import decode_maze
from tests.hand_mazes import looped_maze, open_field
from tests.mazes import shortest_path

from .conftest import Client, Harness, StartServer, start_race


async def publish(arena: Harness, maze: Maze, title: str = "Loops") -> str:
    """Publish `maze` straight into the server's store (the publishing API has tests of its own)."""
    assert arena.app is not None
    code, _ = await arena.app[STORE].publish_maze(maze, title, "Ann", 4_000, "key-of-ann", time.time())
    return code


async def players(arena: Harness, room: str) -> tuple[Client, Client, Client]:
    """Ann (the host) and Bob join `room` as players, Sam as a spectator."""
    ann, bob, sam = await arena.client(), await arena.client(), await arena.client()
    await ann.join(room, "Ann")
    await bob.join(room, "Bob")
    await sam.join(room, "", role="spectator")
    return ann, bob, sam


async def test_two_players_race_a_published_maze_and_it_is_on_its_own_board(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    maze = looped_maze()
    code = await publish(arena, maze)
    status, body, _ = await arena.request("POST", "/api/rooms", json={"maze": code, "fog": False})
    assert status == 201, body
    room = body["code"]
    status, preview, _ = await arena.request("GET", f"/api/rooms/{room}")
    assert status == 200
    settings = preview["settings"]
    assert preview["ranked"] is True  # on the maze's own board
    assert preview["maze"] == code  # the summary says the maze is hand-made (its `algorithm` is stale)
    assert (settings["maze"], settings["preset"], settings["rows"], settings["cols"]) == (
        code,
        "custom",
        5,
        6,
    )

    ann, bob, sam = await players(arena, room)
    assert await start_race(ann, bob) == maze
    started = await sam.wait_for("started")
    assert decode_maze(started["d"]["maze"]) == maze
    way = shortest_path(maze)
    await ann.walk(way[1:])
    await bob.walk(way[1:])
    over = await sam.wait_for("race_over")
    results = over["d"]["results"]
    assert [(r["name"], r["dnf"], r["route"], r["shortest"]) for r in results] == [
        ("Ann", False, 9, 9),
        ("Bob", False, 9, 9),
    ]

    race_id = over["d"]["race"]
    status, race, _ = await arena.request("GET", f"/api/races/{race_id}")
    assert status == 200, race
    assert race["settings"]["maze"] == code
    status, recent, _ = await arena.request("GET", "/api/races")
    assert status == 200, recent
    assert [(r["id"], r.get("maze")) for r in recent["races"]] == [(race_id, code)]
    assert decode_maze(race["maze"]) == maze  # the replay's maze: looked up by its code
    status, analysis, _ = await arena.request("GET", f"/api/races/{race_id}/analysis")
    assert status == 200, analysis
    assert decode_maze(analysis["maze"]) == maze
    status, board, _ = await arena.request("GET", f"/api/leaderboard?maze={code}")
    assert status == 200, board
    assert [row["name"] for row in board["leaderboard"]] == ["Ann", "Bob"]
    status, page, _ = await arena.request("GET", f"/api/mazes/{code}")
    assert status == 200, page
    assert (page["races"], [row["name"] for row in page["leaderboard"]]) == (1, ["Ann", "Bob"])
    status, board, _ = await arena.request("GET", "/api/leaderboard?preset=custom")
    assert (status, board["leaderboard"]) == (200, [])  # on no generated board

    status, body, _ = await arena.request(
        "POST", "/api/ghost-rooms", json={"race": race_id, "player": ann.id}
    )
    assert status == 201, body
    eve = await arena.client()
    await eve.join(body["code"], "Eve")
    assert eve.snapshot["settings"]["maze"] == code
    assert await start_race(eve) == maze  # the ghost races its race's maze
    ghost = await eve.wait_for("ghost", lambda d: d.get("finished") is True, within=10)
    assert ghost["d"]["cell"] == list(maze.exit)


async def test_the_host_sets_and_clears_a_published_maze_and_refusals_name_what_is_wrong(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    maze = open_field(7, 9, directions=8)
    code = await publish(arena, maze, "Open 8")
    room = await arena.create_room(algorithm="division")
    ann, bob, _ = await players(arena, room)
    assert await bob.refused("settings", {"maze": code}) == "not_host"
    assert await ann.refused("settings", {"maze": "0000000000"}) == "unknown_maze"
    assert await ann.refused("settings", {"maze": "NOT A CODE"}) == "bad_settings"
    assert await ann.refused("settings", {"maze": 12}) == "bad_settings"
    ack = await ann.ok("settings", {"maze": code.upper()})  # a code in any case
    assert (ack["settings"]["maze"], ack["settings"]["rows"], ack["settings"]["directions"]) == (code, 7, 8)
    event = await bob.wait_for("settings", lambda d: d["maze"] == code)
    assert (event["d"]["cols"], event["d"]["algorithm"]) == (9, "division")
    assert await ann.refused("settings", {"rows": 20}) == "bad_settings"
    assert await ann.refused("settings", {"maze": None}) == "bad_settings"  # division has no 8 directions
    ack = await ann.ok("settings", {"maze": None, "directions": 4})
    assert "maze" not in ack["settings"]  # a generated room's settings are as they always were
    assert ack["settings"]["rows"] == 7

    for body, status, error in [
        ({"maze": "0000000000"}, 404, "unknown_maze"),
        ({"maze": "o0000000"}, 400, "bad_settings"),
        ({"maze": code, "rows": 8}, 400, "bad_settings"),
    ]:
        got, answer, _ = await arena.request("POST", "/api/rooms", json=body)
        assert (got, answer["error"]["code"]) == (status, error), answer
        assert answer["error"]["message"]

    status, daily, _ = await arena.request("POST", "/api/daily", json={"preset": "easy"})
    assert status == 200, daily
    dan = await arena.client()
    await dan.join(daily["code"], "Dan")
    assert await dan.refused("settings", {"maze": code}) == "bad_settings"


async def hint_ways(client: Client, maze: Maze) -> None:
    """A hint of each search method from where the client stands: a way on through open passages (in
    fog, when the exit is not in what they have seen, a way towards the nearest unseen cell)."""
    for method in ("dfs", "bfs", "astar"):
        ack = await client.ok("hint", {"method": method})
        here = tuple(ack["from"])
        if ack["found"]:
            assert maze.is_open(here, tuple(ack["next"])), ack  # type: ignore[arg-type]
        else:  # the nearest cell not seen yet, just beyond the racer's sight
            assert ack["explore"] is not None, ack
            distance = abs(ack["explore"][0] - here[0]) + abs(ack["explore"][1] - here[1])
            assert distance == 3, ack


async def test_hints_a_bot_and_fog_on_a_published_maze_with_loops(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    maze = open_field(6, 8)
    code = await publish(arena, maze, "Field")
    room = await arena.create_room(maze=code, fog=True, vision=2, hint_limit=5)
    ann, watcher = await arena.client(), await arena.client()
    await ann.join(room, "Ann")
    await watcher.join(room, "", role="spectator")
    bot = (await ann.ok("add_bot", {"kind": "bfs", "speed": 20}))["id"]
    await ann.ok("start", {})
    started = await ann.wait_for("started")
    seen = started["d"]["maze"]
    assert (seen["rows"], seen["cols"], seen["entrance"], seen["exit"]) == (6, 8, [0, 7], [5, 0])
    assert "seen" in seen  # a fog racer is sent only what they have seen
    await hint_ways(ann, maze)
    finished = await watcher.wait_for("finished", lambda d: d["id"] == bot, within=30)
    assert finished["d"]["rank"] == 1
    here = tuple((await ann.me())["cell"])
    await ann.walk(shortest_path(maze, here)[1:])  # type: ignore[arg-type]
    over = await watcher.wait_for("race_over")
    rows = {row["id"]: row for row in over["d"]["results"]}
    assert rows[bot]["dnf"] is False
    assert rows[ann.id]["dnf"] is False
    assert rows[ann.id]["hints"] == 3
    assert rows[ann.id]["shortest"] == 12
