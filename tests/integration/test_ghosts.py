"""Ghosts through a real server with a real SQLite file and real Socket.IO clients: a race is played and
stored, a ghost room is made from it over HTTP, and the ghost's events are checked against the stored
log (cells, order, never before their time); the ghost is no player of the results; a fog racer gets its
position only in sight; today's best on the daily maze; bad requests get clear errors."""

import asyncio
import dataclasses
import time
from pathlib import Path
from typing import Any

from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from server.room.racelog import RaceLog
from server.room.settings import RoomSettings
from server.store.sqlite.results import SqliteStore
from tests.mazes import shortest_path, visible_now
from tests.store.races import ScriptedRace

from .conftest import TIMEOUT, Client, Harness, StartServer, start_race

STEP_GAP = 0.03
"""Seconds between the stored racer's steps, so the ghost's steps are spread over the ticks."""


class TimedClient(Client):
    """A client that also notes when (epoch ms, the server's clock on this machine) each event came."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived: dict[int, float] = {}

    async def _on_event(self, envelope: dict[str, Any]) -> None:
        self.arrived[envelope["v"]] = time.time() * 1000
        await super()._on_event(envelope)


async def timed_client(harness: Harness) -> TimedClient:
    client = TimedClient()
    harness.clients.append(client)
    await client.sio.connect(harness.url, transports=["websocket"], wait_timeout=TIMEOUT)
    return client


async def walk_slowly(client: Client, cells: list[Cell]) -> None:
    for cell in cells:
        await client.move_to(cell)
        await asyncio.sleep(STEP_GAP)


async def stored_race(arena: Harness, **settings: Any) -> tuple[str, dict[str, str], Maze, dict[str, Any]]:
    """Ann walks the shortest way, Bob two steps and leaves (DNF); a spectator watches (the maze is read
    from the server: a spectator of a fog race sees only its entrance until it is over).
    Returns the race id, the players' ids, the maze and the stored race (`GET /api/races/{id}`)."""
    code = await arena.create_room(**settings)
    ann, bob, watcher = await arena.client(), await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await bob.join(code, "Bob")
    await watcher.join(code, "", role="spectator")
    await start_race(ann, bob)
    await watcher.wait_for("started")
    maze = arena.maze_of(code)
    path = shortest_path(maze)
    await walk_slowly(bob, path[1:3])
    await bob.ok("leave", {})
    await walk_slowly(ann, path[1:])
    race_id = (await ann.wait_for("race_over"))["d"]["race"]
    status, race, _ = await arena.request("GET", f"/api/races/{race_id}")
    assert status == 200, race
    return race_id, {"Ann": ann.id, "Bob": bob.id}, maze, race


def moves_of(race: dict[str, Any], member: str) -> list[tuple[int, list[int]]]:
    """A stored race's moves of one player: (race ms, cell), read from its log."""
    log = RaceLog.from_wire(race["log"], race["settings"]["cols"])
    return [(e["t"], e["cell"]) for e in log if e["type"] == "move" and e["id"] == member]


async def ghost_room(arena: Harness, race_id: str, player: str) -> str:
    status, body, _ = await arena.request(
        "POST", "/api/ghost-rooms", json={"race": race_id, "player": player}
    )
    assert status == 201, body
    assert body["url"].endswith(f"/r/{body['code']}")
    return str(body["code"])


async def test_a_ghost_races_the_stored_players_moves_in_time_and_is_no_player(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    race_id, ids, maze, race = await stored_race(arena, preset="custom", rows=8, cols=8)
    steps = moves_of(race, ids["Ann"])
    ann_time = next(r["time"] for r in race["results"] if r["id"] == ids["Ann"])
    assert steps[-1][0] == ann_time

    code = await ghost_room(arena, race_id, ids["Ann"])
    eve, watcher = await timed_client(arena), await arena.client()
    await eve.join(code, "Eve")
    await watcher.join(code, "", role="spectator")
    lobby = eve.snapshot["ghosts"]
    assert lobby == [{"id": "g1", "name": "Ann", "colour": lobby[0]["colour"], "race": race_id,
                      "time": ann_time, "penalty": 0}]  # fmt: skip
    assert await eve.refused("settings", {"rows": 12, "preset": "custom"}) == "bad_settings"

    for lap in range(2):  # the race, then a rematch: the same maze and the same ghost again
        after = max(eve.versions(), default=0)
        if lap:
            await eve.ok("rematch", {})
            await eve.wait_for("lobby", after=after)
            await eve.ok("start", {})
        else:
            await start_race(eve)
        started = await eve.wait_for("started", after=after)
        assert decode_maze(started["d"]["maze"]) == maze  # the stored race's maze
        assert [p["id"] for p in started["d"]["players"]] == [eve.id]
        assert started["d"]["ghosts"][0]["cell"] == list(maze.entrance)
        finished = await eve.wait_for("ghost", lambda d: d.get("finished") is True, after=after, within=10)
        events = [e for e in eve.events if e["t"] == "ghost" and after < e["v"] <= finished["v"]]
        made = [e["d"]["moves"] for e in events]
        assert made == sorted(set(made))  # in time order, each tick's steps in one event
        assert made[-1] == len(steps)
        for event in events:  # at the right cells, never before their time
            t_ms, cell = steps[event["d"]["moves"] - 1]
            assert event["d"]["cell"] == cell
            assert eve.arrived[event["v"]] >= started["d"]["started_at"] + t_ms - 1
        assert finished["d"]["time"] == ann_time
        assert [e["d"] for e in watcher.events if e["t"] == "ghost" and after < e["v"]] == [
            e["d"] for e in events
        ]
        snapshot = await eve.resync()
        assert snapshot["ghosts"][0]["cell"] == list(maze.exit)
        assert snapshot["ghosts"][0]["finished"] is True
        assert [p["id"] for p in snapshot["players"]] == [eve.id]
        assert snapshot["phase"] == "racing"  # the ghost is home; the race goes on for Eve

        await eve.walk(shortest_path(maze)[1:])
        over = (await eve.wait_for("race_over", after=after))["d"]
        assert [r["id"] for r in over["results"]] == [eve.id]
        assert over["ghosts"] == [{"id": "g1", "name": "Ann", "time": ann_time, "penalty": 0}]
        status, kept, _ = await arena.request("GET", f"/api/races/{over['race']}")
        assert status == 200
        assert [r["name"] for r in kept["results"]] == ["Eve"]
        assert kept["log"]["players"] == [eve.id]
        assert kept["ranked"] is False  # the maze was in Ann's replay: a ghost room's race is unranked
        assert kept["seed"] == race["seed"]


async def test_ghost_rooms_refuse_bad_requests_clearly(start_server: StartServer, tmp_path: Path) -> None:
    db = tmp_path / "races.db"
    logless = ScriptedRace(RoomSettings(), ["Old"])
    logless.finish("Old", 9000)
    logless.play()
    record = dataclasses.replace(logless.record(), log=RaceLog())  # stored before races kept logs
    store = await SqliteStore.open(db)
    await store.save_race(record)
    await store.close()
    arena = await start_server(db_path=db)
    race_id, ids, _, _ = await stored_race(arena, preset="custom", rows=6, cols=6)
    rooms = await arena.room_count()

    async def refused(body: object, status: int, code: str) -> None:
        answer, data, _ = await arena.request("POST", "/api/ghost-rooms", json=body)
        assert (answer, data["error"]["code"]) == (status, code), data
        assert data["error"]["message"]

    await refused({"race": "A" * 16, "player": ids["Ann"]}, 404, "unknown_race")
    await refused({"race": "../../etc/passwd", "player": ids["Ann"]}, 404, "unknown_race")
    await refused({"race": race_id, "player": "p99"}, 404, "unknown_player")
    await refused({"race": race_id, "player": "x" * 5000}, 404, "unknown_player")
    await refused({"race": race_id, "player": ids["Bob"]}, 400, "not_finished")
    await refused({"race": record.id, "player": logless.ids["Old"]}, 400, "no_log")
    await refused({"race": race_id}, 400, "bad_payload")
    await refused({"race": race_id, "player": 7}, 400, "bad_payload")
    await refused([race_id], 400, "bad_payload")
    status, data, _ = await arena.request("POST", "/api/ghost-rooms", data=b"{not json")
    assert (status, data["error"]["code"]) == (400, "bad_json")
    assert await arena.room_count() == rooms  # nothing was made

    without_store = await start_server()
    status, data, _ = await without_store.request(
        "POST", "/api/ghost-rooms", json={"race": race_id, "player": ids["Ann"]}
    )
    assert (status, data["error"]["code"]) == (503, "no_store")


async def test_a_fog_racer_gets_a_ghosts_position_only_in_sight(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    vision = 1
    race_id, ids, maze, race = await stored_race(
        arena, preset="custom", rows=8, cols=8, fog=True, vision=vision, braid=0.3
    )
    steps = moves_of(race, ids["Ann"])
    code = await ghost_room(arena, race_id, ids["Ann"])
    eve, watcher = await arena.client(), await arena.client()
    await eve.join(code, "Eve")
    await watcher.join(code, "", role="spectator")
    await eve.ok("start", {})
    started = await eve.wait_for("started")
    assert "seen" in started["d"]["maze"]  # Eve races in fog
    await watcher.wait_for("ghost", lambda d: d.get("finished") is True, within=10)
    await eve.wait_for("ghost", lambda d: d.get("finished") is True, within=10)
    sight = {maze.cell(i) for i in visible_now(maze, maze.index(maze.entrance), vision)}  # Eve stays put
    mine = [e["d"] for e in eve.events if e["t"] == "ghost"]
    watched = [e["d"] for e in watcher.events if e["t"] == "ghost"]
    assert len(watched) == len(mine)
    shown = hidden = 0
    for data in mine:
        cell = steps[data["moves"] - 1][1]
        if tuple(cell) in sight:
            assert data["cell"] == cell
            shown += 1
        else:
            assert "cell" not in data
            hidden += 1
    assert shown
    assert hidden
    assert all("cell" not in data for data in watched)  # a spectator of a fog race: a racer standing nowhere
    assert "cell" not in (await eve.resync())["ghosts"][0]  # home at the exit, out of Eve's sight
    assert "cell" not in (await watcher.resync())["ghosts"][0]


async def test_race_todays_best_on_the_daily_maze(start_server: StartServer, tmp_path: Path) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    status, data, _ = await arena.request("POST", "/api/daily", json={"preset": "easy", "ghost": "best"})
    assert (status, data["error"]["code"]) == (404, "no_best")
    status, data, _ = await arena.request("POST", "/api/daily", json={"preset": "easy", "ghost": "worst"})
    assert (status, data["error"]["code"]) == (400, "bad_payload")

    status, room, _ = await arena.request("POST", "/api/daily", json={"preset": "easy"})
    assert status == 200
    dan = await arena.client()
    await dan.join(room["code"], "Dan")
    maze = await start_race(dan)
    await walk_slowly(dan, shortest_path(maze)[1:])
    best = (await dan.wait_for("race_over"))["d"]

    status, room, _ = await arena.request("POST", "/api/daily", json={"preset": "easy", "ghost": "best"})
    assert status == 200, room
    status, summary, _ = await arena.request("GET", f"/api/rooms/{room['code']}")
    assert summary["daily"] == room["daily"]
    fay = await arena.client()
    await fay.join(room["code"], "Fay")
    assert fay.snapshot["ghosts"][0]["name"] == "Dan"
    assert fay.snapshot["ghosts"][0]["time"] == best["results"][0]["time"]
    assert await start_race(fay) == maze  # today's daily maze
    done = await fay.wait_for("ghost", lambda d: d.get("finished") is True, within=10)
    route = [e["d"]["cell"] for e in fay.events if e["t"] == "ghost" and e["v"] <= done["v"]]
    path = [list(c) for c in shortest_path(maze)[1:]]
    assert all(cell in path for cell in route)
    assert route[-1] == list(maze.exit)
    for kind, got in fay.received:  # where the ghost stands, as it gets there; never its route ahead
        ghosts = [got["d"]] if kind == "event" and got["t"] == "ghost" else []
        if kind == "ack" and "snapshot" in got:
            ghosts = got["snapshot"]["ghosts"]
        for ghost in ghosts:
            assert set(ghost) <= {
                "id",
                "name",
                "colour",
                "race",
                "time",
                "penalty",
                "cell",
                "moves",
                "finished",
            }
    assert all(set(g) <= {"id", "name", "colour", "race", "time", "penalty"} for g in fay.snapshot["ghosts"])
    status, sealed, _ = await arena.request("GET", f"/api/races/{best['race']}")
    assert sealed["log"] is None  # the day's replay stays sealed
