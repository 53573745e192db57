"""A room's snapshot and summary go with its group of log entries, read once a batch: the snapshot once
`SNAPSHOT_EVERY` commands are counted (those made while it travels still count after), the summary only
when a command may have changed it and it did, and read again when its batch went unanswered. The keys'
expiry is pushed back by the first group, then once `REFRESH_SECONDS` have passed in command time."""

import json
import random

from server.cluster.ownership.log_entries import REFRESH_SECONDS, SNAPSHOT_EVERY, LogEntries
from server.cluster.ownership.shared_rooms import Lease
from server.room import views
from server.room.commands import Move
from server.room.room import Room
from server.room.settings import parse_settings
from tests.mazes import T0, race_in_core


def racing_room() -> tuple[Room, str]:
    room = Room(
        "abcdefghjk", parse_settings({"preset": "easy"}), random.Random(3), T0, countdown=1.0, grace=5.0
    )
    ann, _ = race_in_core(room)
    return room, ann


def test_the_summary_is_read_once_a_group_and_again_after_an_unanswered_send() -> None:
    room, _ = racing_room()
    entries, lease = LogEntries(), Lease(room.code, "1:one")
    entries.entry(lease, room, Move("nobody", (0, 0), T0 + 2))  # not a racer's step: it may change it
    snapshot, summary, count, _ = entries.extras(room)
    assert (snapshot, count) == ("", 1)
    assert json.loads(summary) == views.summary(room)
    entries.unwritten(room.code)  # the batch went unanswered: it is read again for the next send
    assert entries.extras(room)[1] == summary
    entries.written(room.code, False, summary, 1)
    entries.entry(lease, room, Move("nobody", (0, 0), T0 + 3))
    assert entries.extras(room)[1] == ""  # the same summary is not written twice


def test_a_snapshot_is_due_every_so_many_commands_and_counts_those_made_meanwhile() -> None:
    room, ann = racing_room()
    entries, lease = LogEntries(), Lease(room.code, "1:one")
    for n in range(SNAPSHOT_EVERY):
        entries.entry(lease, room, Move(ann, (0, 0), T0 + 2 + n / 1000))
    snapshot, _, count, refresh = entries.extras(room)
    assert snapshot
    assert refresh
    assert count == SNAPSHOT_EVERY
    entries.entry(lease, room, Move(ann, (0, 0), T0 + 3))  # made while the batch travels
    entries.written(room.code, True, "", count)
    assert entries.extras(room)[2] == 1


def test_the_keys_expiry_is_pushed_back_by_the_first_group_then_once_a_while() -> None:
    room, ann = racing_room()
    entries, lease = LogEntries(), Lease(room.code, "1:one")
    entries.entry(lease, room, Move(ann, (0, 0), T0 + 2))
    assert entries.extras(room)[3]
    entries.unwritten(room.code)  # unanswered: the next send pushes it back again
    assert entries.extras(room)[3]
    entries.written(room.code, False, "", 1)
    entries.entry(lease, room, Move(ann, (0, 0), T0 + 3))
    assert not entries.extras(room)[3]
    entries.written(room.code, False, "", 1)
    entries.entry(lease, room, Move(ann, (0, 0), T0 + 2 + REFRESH_SECONDS))
    assert entries.extras(room)[3]
    entries.forget(room.code)  # taken over again: its first group pushes it back
    entries.entry(lease, room, Move(ann, (0, 0), T0 + 2 + REFRESH_SECONDS))
    assert entries.extras(room)[3]
