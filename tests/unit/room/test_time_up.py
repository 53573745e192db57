"""Whether the time limit ended the race is said with its results: in `race_over` and in the snapshot of
a finished room, also after the room was saved and restored; a race everyone finished says it was not."""

import random

from server.maze.solvers import search
from server.room import views
from server.room.room import Room
from server.room.settings import parse_settings
from server.room.snapshot import restore_room, room_snapshot
from tests.mazes import T0, race_in_core

LIMIT = 30
WATCHER = views.Viewer(None, racing=False)


def raced(names: tuple[str, ...] = ("Ann", "Bob")) -> tuple[Room, list[str]]:
    settings = parse_settings({"time_limit": LIMIT})
    room = Room("abcdefghjk", settings, random.Random(1), T0, countdown=1.0, grace=5.0)
    ids = race_in_core(room, names)
    assert room.phase == "racing"
    return room, ids


def race_over_of(events: list) -> dict:  # type: ignore[type-arg]
    return next(event.d for event in events if event.t == "race_over")


def test_a_race_the_time_limit_ends_says_time_up() -> None:
    room, _ = raced()
    assert room.started_at is not None
    end = room.started_at + LIMIT
    assert room.tick(end - 0.01) == []
    over = race_over_of(room.tick(end))
    assert over["time_up"] is True
    assert all(row["dnf"] for row in over["results"])
    assert views.snapshot(room, WATCHER, end + 5)["time_up"] is True

    saved = room_snapshot(room)
    back = restore_room(saved, (room.maze, room.distances), saved_at=end + 5, now=end + 600)  # type: ignore[arg-type]
    assert views.snapshot(back, WATCHER, end + 601)["time_up"] is True


def test_a_race_everyone_finished_does_not() -> None:
    room, (ann,) = raced(("Ann",))
    assert room.maze is not None
    path = search(room.maze, "bfs").path
    assert path is not None
    events = []
    for step, cell in enumerate(path[1:], 1):
        events += room.move(ann, cell, T0 + 1.5 + 0.2 * step)[1]
    over = race_over_of(events)
    assert over["time_up"] is False
    assert over["results"][0]["rank"] == 1
    assert views.snapshot(room, WATCHER, T0 + 100)["time_up"] is False


def test_no_time_up_before_the_results() -> None:
    room, _ = raced()
    assert "time_up" not in views.snapshot(room, WATCHER, T0 + 2)
