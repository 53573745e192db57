"""A ghost room's race: each ghost step on the tick, the ghost listed apart from the players, fixed
settings and the rematch, a rebuilt or restored room carrying on exactly, fog, ranking, and commands
that replay."""

import json
from typing import Any

import pytest

from server.errors import GameError
from server.room import views
from server.room.commands import Move, Rematch, SetReady, Start, Tick, apply
from server.room.events import event_from_json
from server.room.ghosts import ghost_from_race
from server.room.records import RaceRecord
from server.room.settings import RoomSettings
from server.room.snapshot import maze_spec, rebuild_room, room_snapshot
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id
from tests.mazes import shortest_path
from tests.unit.room.ghost_races import T0, ghost_events, ghost_room, played_race, start, stored

# ----- the room ----------------------------------------------------------------------------------------


def test_a_ghost_room_streams_each_ghost_step_on_the_tick_and_is_no_player() -> None:
    race, record = played_race()
    ghost = ghost_from_race(stored(record), race.ids["Bob"])
    room = ghost_room(record, ghost)
    (eve,) = start(room)
    began = room.started_at
    assert began is not None
    assert room.maze is not None
    assert room.maze.index(room.maze.exit) == ghost.cells[-1]
    seen: list[dict[str, Any]] = []
    for k in range(1, 80):  # ticks every 0.1 s for 7.9 s
        seen += ghost_events(room.tick(began + k / 10))
    made = [e["moves"] for e in seen]
    assert made == sorted(made)
    assert made[-1] == len(ghost)
    for event in seen:  # each tick: where the ghost stands after every step due by then
        cell = ghost.cells[event["moves"] - 1]
        assert event["cell"] == [cell // 8, cell % 8]
        event_from_json("ghost", event)
    assert seen[-1]["finished"] is True
    assert seen[-1]["time"] == 6000
    assert all("finished" not in e for e in seen[:-1])
    assert room.phase == "racing"  # the race does not wait for the ghost, nor end with it
    assert [p.id for p in room.racers()] == [eve]
    room.leave(eve, began + 8)
    over = room.results
    assert over is not None
    assert [r["id"] for r in over] == [eve]


def test_started_race_over_and_the_snapshot_list_the_ghost_not_as_a_player() -> None:
    race, record = played_race()
    ghost = ghost_from_race(stored(record), race.ids["Ann"])
    room = ghost_room(record, ghost)
    lobby = views.snapshot(room, views.ANYONE, T0)
    assert lobby["ghosts"] == [{"id": "g1", "name": "Ann", "colour": ghost.colour, "race": record.id,
                                "time": 4000, "penalty": 10000}]  # fmt: skip
    eve = room.join("Eve", "player", None, T0, new_token="t" * 22)[0].id
    spec = room.prepare_start(eve)
    maze, distances = build_course(spec)
    room.start(eve, spec, maze, distances, T0, race_id=new_race_id())
    started = next(e.d for e in room.tick(T0 + 1) if e.t == "started")
    assert started["ghosts"][0]["cell"] == list(maze.entrance)  # type: ignore[typeddict-item]
    assert [p["id"] for p in started["players"]] == [eve]  # type: ignore[typeddict-item]
    room.tick(T0 + 3)
    entry = views.snapshot(room, views.ANYONE, T0 + 3)["ghosts"][0]
    assert entry["moves"] == ghost.steps_due(2000)
    out = room.leave(eve, T0 + 3)
    over = next(e.d for e in out if e.t == "race_over")
    assert over["ghosts"] == [{"id": "g1", "name": "Ann", "time": 4000, "penalty": 10000}]  # type: ignore[typeddict-item]
    assert all(row["id"] != "g1" for row in over["results"])  # type: ignore[typeddict-item]
    event_from_json("race_over", over)
    event_from_json("started", started)


def test_a_bots_ghost_is_listed_with_its_kind_in_the_snapshot_started_and_race_over() -> None:
    """So a page can name it in its own words, as it names the bot in a result row."""
    race, record = played_race()
    ann = race.ids["Ann"]
    rows = [{**row, "bot": "dfs"} if row["id"] == ann else row for row in record.results]
    room = ghost_room(record, ghost_from_race({**stored(record), "results": rows}, ann))
    assert views.snapshot(room, views.ANYONE, T0)["ghosts"][0]["bot"] == "dfs"
    eve = room.join("Eve", "player", None, T0, new_token="t" * 22)[0].id
    spec = room.prepare_start(eve)
    maze, distances = build_course(spec)
    room.start(eve, spec, maze, distances, T0, race_id=new_race_id())
    started = next(e.d for e in room.tick(T0 + 1) if e.t == "started")
    assert started["ghosts"][0]["bot"] == "dfs"  # type: ignore[typeddict-item]
    over = next(e.d for e in room.leave(eve, T0 + 3) if e.t == "race_over")
    assert over["ghosts"][0]["bot"] == "dfs"  # type: ignore[typeddict-item]
    event_from_json("race_over", over)
    event_from_json("started", started)


def test_a_ghost_rooms_settings_are_fixed_and_a_rematch_races_the_same_maze_and_ghost() -> None:
    race, record = played_race()
    room = ghost_room(record, ghost_from_race(stored(record), race.ids["Ann"]))
    (eve,) = start(room)
    first = room.maze
    assert first is not None
    for k in range(1, 30):
        room.tick(T0 + 1 + k / 10)
    for k, cell in enumerate(shortest_path(first)[1:]):  # Eve wins before the ghost is home
        room.move(eve, cell, T0 + 4 + k / 100)
    assert room.phase == "finished"
    assert room.ghost_made["g1"] < len(room.ghosts[0])
    room.rematch(eve, T0 + 5)
    with pytest.raises(GameError) as refused:
        room.update_settings(eve, {"rows": 12})
    assert refused.value.code == "bad_settings"
    assert "cell" not in views.snapshot(room, views.ANYONE, T0 + 5)["ghosts"][0]
    spec = room.prepare_start(eve)
    maze, distances = build_course(spec)
    room.start(eve, spec, maze, distances, T0 + 6, race_id=new_race_id())
    room.tick(T0 + 7)
    assert room.maze == first
    assert room.seed == record.seed
    assert room.ghost_made == {"g1": 0}
    assert ghost_events(room.tick(T0 + 11))[0]["moves"] == room.ghosts[0].steps_due(4000)


def test_a_rebuilt_room_carries_on_the_ghost_exactly() -> None:
    race, record = played_race()
    room = ghost_room(record, ghost_from_race(stored(record), race.ids["Bob"]))
    (eve,) = start(room)
    began = room.started_at
    assert began is not None
    maze = room.maze
    assert maze is not None
    walk = shortest_path(maze)[1:]
    for k in range(1, 25):
        room.tick(began + k / 10)
    state = json.loads(json.dumps(room_snapshot(room)))
    spec = maze_spec(state)
    assert spec is not None
    twin = rebuild_room(state, build_course(spec))
    assert twin.ghost_made == room.ghost_made
    assert twin.ghost_made["g1"] > 0
    commands = [Tick(began + k / 10) for k in range(25, 70)]
    commands[5:5] = [Move(eve, walk[0], began + 2.95)]
    for command in commands:
        live, rebuilt = apply(room, command, build_course), apply(twin, command, build_course)
        assert rebuilt.events == live.events
    assert twin.ghost_made == room.ghost_made == {"g1": len(room.ghosts[0])}
    assert room_snapshot(twin) == room_snapshot(room)


def test_a_restored_room_pauses_the_ghost_with_the_race_clock() -> None:
    from server.room.snapshot import restore_room

    race, record = played_race()
    room = ghost_room(record, ghost_from_race(stored(record), race.ids["Bob"]))
    start(room)
    began = room.started_at
    assert began is not None
    room.tick(began + 2)
    made = room.ghost_made["g1"]
    state = json.loads(json.dumps(room_snapshot(room)))
    spec = maze_spec(state)
    assert spec is not None
    restored = restore_room(state, build_course(spec), saved_at=began + 2, now=began + 100)
    assert not ghost_events(restored.tick(began + 100))  # no time passed for the race
    assert ghost_events(restored.tick(began + 101))[0]["moves"] == restored.ghosts[0].steps_due(3000) > made


def test_in_a_fog_race_a_ghost_shows_only_to_racers_who_see_it() -> None:
    race, record = played_race(
        RoomSettings(preset="custom", rows=8, cols=8, algorithm="backtracker", fog=True, vision=1)
    )
    ghost = ghost_from_race(stored(record), race.ids["Ann"])
    room = ghost_room(record, ghost)
    (eve,) = start(room)
    began = room.started_at
    assert began is not None
    assert room.maze is not None
    envelopes = [e for k in range(1, 50) for e in room.tick(began + k / 10) if e.t == "ghost"]
    assert envelopes
    at_start = views.Viewer.of(room, eve)  # Eve stands on the entrance
    assert at_start.sees is not None
    hidden = shown = 0
    for envelope in envelopes:
        wire = views.event_for(envelope, at_start)
        assert envelope.at is not None
        if envelope.at in at_start.sees:
            assert wire["d"] == envelope.d
            shown += 1
        else:
            assert set(wire["d"]) <= {"id", "moves", "finished", "time"}
            hidden += 1
        assert views.event_for(envelope, views.ANYONE)["d"] == envelope.d  # spectators see it all
    assert shown
    assert hidden
    entry = views.snapshot(room, at_start, began + 5)["ghosts"][0]
    assert "cell" not in entry  # Ann's ghost is at the exit, out of Eve's sight
    assert views.snapshot(room, views.ANYONE, began + 5)["ghosts"][0]["cell"] == list(room.maze.exit)


def test_a_ghost_rooms_races_are_not_ranked_unless_on_the_daily_maze() -> None:
    race, record = played_race()
    ghost = ghost_from_race(stored(record), race.ids["Ann"])
    for daily, ranked in ((None, False), ("2030-03-01", True)):
        room = ghost_room(record, ghost, daily=daily)
        (eve,) = start(room)
        room.leave(eve, T0 + 3)
        kept = room.take_finished_race()
        assert kept is not None
        assert kept.known_maze is (daily is None)
        assert kept.ranked is ranked
        assert RaceRecord.from_json(json.loads(json.dumps(kept.to_json()))) == kept
    assert record.to_json()["known_maze"] is False
    older = {k: v for k, v in kept.to_json().items() if k not in ("known_maze", "difficulty")}
    assert RaceRecord.from_json(older).known_maze is False  # type: ignore[arg-type]  # a rescue file of old


def test_commands_that_start_a_ghost_room_replay_as_commands() -> None:
    race, record = played_race()
    room = ghost_room(record, ghost_from_race(stored(record), race.ids["Ann"]))
    ids = [room.join(n, "player", None, T0, new_token=new_player_token())[0].id for n in ("Eve", "Fay")]
    apply(room, SetReady(ids[1], True, T0), build_course)
    spec = room.prepare_start(ids[0])
    apply(room, Start(ids[0], False, spec, new_race_id(), T0), build_course)
    events = apply(room, Tick(T0 + 1.0), build_course).events
    assert [e.t for e in events] == ["started"]
    assert any(e.t == "ghost" for e in apply(room, Tick(T0 + 3.0), build_course).events)
    with pytest.raises(GameError):
        apply(room, Rematch(ids[0], T0 + 3.0), build_course)
