"""What each viewer may see of a room (`views`): the secrecy rules, per viewer, in one place."""

import random
from dataclasses import replace

from server.maze.model import Cell
from server.maze.wire import PackedCells
from server.room import views
from server.room.events import EventData
from server.room.room import Room
from server.room.settings import parse_settings
from server.runtime.course import build_course
from tests.mazes import shortest_path

T0 = 1_000_000.0
SETTINGS = {"preset": "custom", "rows": 10, "cols": 10, "braid": 1.0, "hint_limit": 5}


def room_in_countdown() -> tuple[Room, str, str, str]:
    """Ann (host) and Bob ready in a 10 x 10 room, a spectator watching, the countdown running."""
    room = Room("abcdefghjk", parse_settings(SETTINGS), random.Random(1), T0, countdown=1.0)
    ann = room.join("Ann", "player", None, T0, new_token="t-ann")[0].id
    bob = room.join("Bob", "player", None, T0, new_token="t-bob")[0].id
    watcher = room.join("Eve", "spectator", None, T0, new_token="unused")[0].id
    room.set_ready(bob, True)
    spec = room.prepare_start(ann)
    maze, distances = build_course(spec)
    room.start(ann, spec, maze, distances, T0, race_id="race-1")
    return room, ann, bob, watcher


def test_nobody_sees_the_maze_or_the_race_id_before_the_start() -> None:
    room, ann, bob, watcher = room_in_countdown()
    for member in (ann, bob, watcher, None):
        seen = views.snapshot(room, views.Viewer.of(room, member), T0 + 0.5)
        assert "maze" not in seen
        assert "race" not in seen
        assert seen["start_at"] == 1_000_001_000
    room.tick(T0 + 1.0)
    seen = views.snapshot(room, views.Viewer.of(room, watcher), T0 + 1.5)
    assert seen["race"] == "race-1"
    assert isinstance(seen["maze"], dict)


def test_a_hints_way_reaches_the_asker_and_onlookers_but_not_a_rival_still_racing() -> None:
    room, ann, bob, watcher = room_in_countdown()
    room.tick(T0 + 1.0)
    assert views.Viewer.of(room, bob) == views.Viewer(bob, racing=True)
    assert views.Viewer.of(room, watcher) == views.Viewer(watcher, racing=False)
    ack, events = room.hint(ann, "bfs", True, T0 + 2)
    [hinted] = [e for e in events if e.t == "hinted"]
    full = views.event_for(hinted, views.ANYONE)
    assert isinstance(full["d"]["path"], str)
    own = views.event_for(hinted, views.Viewer.of(room, ann))
    assert isinstance(own["d"]["path"], str)
    assert views.event_for(hinted, views.Viewer.of(room, watcher)) == full
    rival = views.event_for(hinted, views.Viewer.of(room, bob))
    assert set(rival["d"]) == set(views.HINT_SEEN_BY_RACERS)
    assert (rival["v"], rival["t"]) == (full["v"], full["t"]) == (own["v"], own["t"])
    assert "order" in ack
    assert "order" not in full["d"]
    assert "order" not in own["d"]


def way(room: Room, data: EventData, key: str = "path") -> tuple[Cell, ...]:
    assert room.maze is not None
    assert isinstance(data, dict)
    text = data[key]
    assert isinstance(text, str)
    return PackedCells.from_wire(text, room.maze.size, room.maze.cols).cells()


def test_the_asker_is_shown_the_way_to_the_next_junction_and_onlookers_the_whole_way() -> None:
    room, ann, _, watcher = room_in_countdown()
    room.tick(T0 + 1.0)
    maze = room.maze
    assert maze is not None
    assert room.settings.hint_reveal == "junction"
    ack, events = room.hint(ann, "bfs", False, T0 + 2)
    [hinted] = [e for e in events if e.t == "hinted"]
    whole = way(room, views.event_for(hinted, views.Viewer.of(room, watcher))["d"])
    own = views.event_for(hinted, views.Viewer.of(room, ann))["d"]
    shown = way(room, own)
    assert whole[-1] == maze.exit
    assert len(shown) < len(whole), "this maze has a junction on the way"
    assert shown == whole[: len(shown)]
    assert own["cut"] == "junction"
    assert maze.degree(maze.index(shown[-1])) > 2
    assert views.event_for(hinted, views.Viewer.of(room, watcher))["d"]["cut"] is None
    assert {**ack} == own, "the ack is the hint as its asker is shown it"
    assert own["next"] == [*whole[1]], "the direction to take is the whole way's first step"


def test_the_whole_setting_shows_the_asker_the_whole_way() -> None:
    room, ann, _, watcher = room_in_countdown()
    room.settings = replace(room.settings, hint_reveal="whole")
    room.tick(T0 + 1.0)
    ack, events = room.hint(ann, "bfs", False, T0 + 2)
    [hinted] = [e for e in events if e.t == "hinted"]
    assert hinted.own_d is None
    own = views.event_for(hinted, views.Viewer.of(room, ann))
    assert own == views.event_for(hinted, views.Viewer.of(room, watcher)) == hinted.to_json()
    assert room.maze is not None
    assert way(room, own["d"])[-1] == room.maze.exit
    assert ack["cut"] is None


def test_a_player_who_has_finished_sees_a_rivals_hint_whole() -> None:
    room, ann, bob, _ = room_in_countdown()
    room.tick(T0 + 1.0)
    assert room.maze is not None
    for step in shortest_path(room.maze)[1:]:
        room.move(bob, step, T0 + 1.5)
    _, events = room.hint(ann, "bfs", False, T0 + 2)
    [hinted] = [e for e in events if e.t == "hinted"]
    seen = views.event_for(hinted, views.Viewer.of(room, bob))["d"]
    assert seen == hinted.d
    assert way(room, seen)[-1] == room.maze.exit
    assert views.event_for(hinted, views.Viewer.of(room, ann))["d"] != seen


def test_a_finished_rival_sees_the_way_of_a_hint() -> None:
    room, ann, bob, _ = room_in_countdown()
    room.tick(T0 + 1.0)
    assert room.maze is not None
    for step in shortest_path(room.maze)[1:]:
        room.move(bob, step, T0 + 1.5)
    assert room.players[bob].finished_at is not None
    _, events = room.hint(ann, "bfs", False, T0 + 2)
    [hinted] = [e for e in events if e.t == "hinted"]
    assert not views.is_redacted_for(hinted, views.Viewer.of(room, bob))


def test_a_snapshot_says_whether_the_room_races_the_daily_maze() -> None:
    plain = Room("abcdefghjk", parse_settings(SETTINGS), random.Random(1), T0, countdown=1.0)
    assert views.snapshot(plain, views.ANYONE, T0)["daily"] is None
    settings = parse_settings(SETTINGS)
    daily = Room("dailyroom1", settings, random.Random(1), T0, countdown=1.0, daily="2026-12-02")
    assert views.snapshot(daily, views.ANYONE, T0)["daily"] == "2026-12-02"
