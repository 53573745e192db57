"""The typed readers a client reads the server's messages with (`server.room.wire_readers`): everything
a room sends, to every kind of viewer and in a fog race too, reads back as its record; a message that
is malformed or newer than the client is refused with an error naming the kind and the field."""

import json
import random
from collections.abc import Callable

import pytest

from server.room import views
from server.room.envelope import Envelope
from server.room.room import Room
from server.room.settings import parse_settings
from server.room.wire_readers import (
    BadMessage,
    read_countdown,
    read_finished,
    read_hint_ack,
    read_hinted,
    read_host,
    read_joined,
    read_left,
    read_lobby,
    read_move_ack,
    read_moved,
    read_presence,
    read_race_over,
    read_ready,
    read_refusal,
    read_resync_ack,
    read_settings,
    read_started,
)
from server.runtime.course import build_course
from tests.mazes import shortest_path

T0 = 1_000_000.0
READERS: dict[str, Callable[[object], object]] = {
    "joined": read_joined,
    "left": read_left,
    "presence": read_presence,
    "ready": read_ready,
    "finished": read_finished,
    "settings": read_settings,
    "host": read_host,
    "countdown": read_countdown,
    "started": read_started,
    "moved": read_moved,
    "hinted": read_hinted,
    "race_over": read_race_over,
    "lobby": read_lobby,
}


def through_json(data: object) -> object:
    return json.loads(json.dumps(data))


def check_reads_back(room: Room, envelopes: list[Envelope], members: list[str | None]) -> set[str]:
    """Every event and the snapshot, as each member sees them, read back unchanged; the kinds read."""
    kinds = set()
    for member in members:
        viewer = views.Viewer.of(room, member)
        for envelope in envelopes:
            wire = views.event_for(envelope, viewer)
            reader = READERS.get(wire["t"])
            if reader is not None:
                assert reader(through_json(wire["d"])) == wire["d"]
                kinds.add(wire["t"])
        snapshot = views.snapshot(room, viewer, T0 + 100)
        assert read_resync_ack(through_json({"ok": True, "snapshot": snapshot})) == snapshot
    return kinds


@pytest.mark.parametrize("fog", [False, True])
def test_a_whole_race_reads_back_for_racers_spectators_and_fog_racers(fog: bool) -> None:
    settings = {"preset": "custom", "rows": 8, "cols": 8, "braid": 0.5, "fog": fog, "hint_moves": fog}
    room = Room("abcdefghjk", parse_settings(settings), random.Random(1), T0, countdown=1.0)
    events: list[Envelope] = []
    ann_joined, joined = room.join("Ann", "player", None, T0, new_token="t-ann")
    events += joined
    bob_joined, joined = room.join("Bob", "player", None, T0, new_token="t-bob")
    events += joined
    eve_joined, joined = room.join("Eve", "spectator", None, T0, new_token="unused")
    events += joined
    ann, bob, eve = ann_joined.id, bob_joined.id, eve_joined.id
    members: list[str | None] = [ann, bob, eve, None]
    events += room.set_ready(bob, True)
    events += room.disconnect(bob, T0)
    events += room.join("Bob", "player", "t-bob", T0, new_token="unused")[1]
    spec = room.prepare_start(ann)
    maze, distances = build_course(spec)
    events += room.start(ann, spec, maze, distances, T0, race_id="race-1")
    events += room.tick(T0 + 1.0)
    check_reads_back(room, events, members)
    hint_ack, hinted = room.hint(ann, "bfs", True, T0 + 2)
    assert read_hint_ack(through_json({"ok": True, **hint_ack})) == hint_ack
    events += hinted
    for step in shortest_path(maze, room.players[bob].trail.current)[1:]:  # type: ignore[union-attr]
        move_ack, moved = room.move(bob, step, T0 + 3)
        assert read_move_ack(through_json({"ok": True, **move_ack})) == move_ack
        events += moved
        check_reads_back(room, moved, members)
    events += room.leave(ann, T0 + 4)
    kinds = check_reads_back(room, events, members)
    events += room.rematch(bob, T0 + 5)
    events += room.leave(eve, T0 + 5)
    kinds |= check_reads_back(room, events, [bob, None])
    assert {"joined", "ready", "presence", "countdown", "started", "hinted", "moved", "finished"} <= kinds
    assert {"left", "race_over", "lobby"} <= kinds


@pytest.mark.parametrize(
    ("reader", "data", "words"),
    [
        (read_moved, None, ["moved", "object"]),
        (read_moved, {"id": "p1", "moves": "3"}, ["moved", "`moves`", "whole number"]),
        (read_moved, {"id": "p1", "moves": 3, "teleported": True}, ["teleported", "newer"]),
        (
            read_moved,
            {"id": "p1", "cell": [1, 2, 3], "facing": "up", "trail_len": 2, "moves": 3},
            ["`cell`", "[row, col]"],
        ),
        (read_ready, {"id": "p1"}, ["ready", "lacks ready"]),
        (read_joined, {"id": "s1", "role": "owner", "spectators": 1}, ["joined", "`role`"]),
        (read_host, {"id": 7}, ["host", "`id`", "must be a string or null, not a whole number"]),
    ],
)
def test_a_malformed_or_newer_message_is_refused_naming_its_kind_and_field(
    reader: Callable[[object], object], data: object, words: list[str]
) -> None:
    with pytest.raises(BadMessage) as refused:
        reader(data)
    assert all(word in str(refused.value) for word in words), str(refused.value)


def test_a_refusal_reads_as_its_code_and_message_and_an_ack_without_one_is_refused() -> None:
    error = {"code": "rate_limited", "message": "too many commands; slow down"}
    assert read_refusal({"ok": False, "error": error}) == error
    with pytest.raises(BadMessage):
        read_refusal({"ok": False})
