"""The owner skips rebuilding a room's summary after a step that cannot change it; it must never skip
one that does, or the cluster's lobby list and join previews would go stale."""

import random

from server.cluster.ownership.log_entries import summary_unchanged_by
from server.maze.solvers import search
from server.room import views
from server.room.commands import Move, apply
from server.room.room import Room
from server.room.settings import parse_settings
from server.runtime.course import build_course
from tests.mazes import T0, race_in_core


def test_only_steps_that_leave_their_racer_racing_skip_the_summary() -> None:
    room = Room(
        "abcdefghjk", parse_settings({"preset": "easy"}), random.Random(3), T0, countdown=1.0, grace=5.0
    )
    ann, bob = race_in_core(room)
    assert room.maze is not None
    way = search(room.maze, "bfs").path
    assert way is not None
    skipped = rebuilt = 0
    now = T0 + 2
    for racer in (ann, bob):
        for cell in way[1:]:
            before = views.summary(room)
            command = Move(racer, cell, now)
            apply(room, command, build_course)
            now += 0.1
            if summary_unchanged_by(room, command):
                skipped += 1
                assert views.summary(room) == before, f"a skipped step changed the summary at {cell}"
            else:
                rebuilt += 1
    assert room.phase == "finished"
    assert rebuilt == 2, "each racer's finishing step rebuilds it (the second one ends the race)"
    assert skipped == 2 * (len(way) - 2)
