"""The host-and-room rules in the core: passing the host role, taking a seat, reactions, the preview."""

import json
import random

import pytest

from server.errors import ErrorCode, GameError
from server.room import views
from server.room.bot_spec import BotSpec
from server.room.preview import PREVIEW_ONLY
from server.room.reactions import REACTIONS, react
from server.room.room import Room
from server.room.settings import parse_settings
from server.room.snapshot import rebuild_room, room_snapshot
from server.runtime.course import build_course
from tests.mazes import T0, race_in_core


def make_room(**settings: object) -> Room:
    return Room("abcdefghjk", parse_settings(settings), random.Random(1), T0, countdown=1.0, grace=5.0)


def join(room: Room, name: str, role: str = "player") -> str:
    return room.join(name, role, None, T0, new_token=f"token-of-{name}-{len(room.players)}")[0].id  # type: ignore[arg-type]


def refused(code: ErrorCode, call: object, *args: object, **kwargs: object) -> None:
    """`call(*args)` is refused with `code` and changes nothing in the room's state."""
    room: Room = call.__self__  # type: ignore[attr-defined]
    before = room_snapshot(room)
    with pytest.raises(GameError) as error:
        call(*args, **kwargs)  # type: ignore[operator]
    assert error.value.code == code, error.value.message
    assert error.value.message
    assert room_snapshot(room) == before


# ----- pass the host role ----------------------------------------------------------------------------


def test_the_host_passes_the_role_to_a_connected_player_and_everyone_is_told() -> None:
    room = make_room()
    ann, bob = join(room, "Ann"), join(room, "Bob")
    events = room.pass_host(ann, bob)
    assert [(e.t, e.d) for e in events] == [("host", {"id": bob})]
    assert room.host_id == bob
    assert [p["host"] for p in views.snapshot(room, views.ANYONE, T0)["players"]] == [False, True]
    refused("not_host", room.pass_host, ann, bob)  # no longer the host
    room.pass_host(bob, ann)  # and back
    assert room.host_id == ann


def test_the_host_role_goes_only_to_a_person_who_is_here() -> None:
    room = make_room()
    ann, bob, cid = join(room, "Ann"), join(room, "Bob"), join(room, "Cid")
    watcher = join(room, "Eve", "spectator")
    bot, _ = room.add_bot(ann, BotSpec("dfs", 5), "bot-token", T0)
    room.disconnect(cid, T0 + 1)
    refused("not_host", room.pass_host, bob, ann)
    refused("not_eligible", room.pass_host, ann, ann)
    refused("not_eligible", room.pass_host, ann, watcher)
    refused("not_eligible", room.pass_host, ann, bot)
    refused("not_eligible", room.pass_host, ann, cid)  # away
    refused("unknown_member", room.pass_host, ann, "p99")
    room.leave(bob, T0 + 2)
    refused("unknown_member", room.pass_host, ann, bob)  # left


def test_the_host_role_can_be_passed_during_a_race_but_not_to_someone_who_left_it() -> None:
    room = make_room()
    ann, bob, cid = race_in_core(room, ("Ann", "Bob", "Cid"))
    room.leave(cid, T0 + 2)  # stays in the list for the results, with left: true
    refused("unknown_member", room.pass_host, ann, cid)
    room.pass_host(ann, bob)
    assert room.host_id == bob


# ----- take a seat -----------------------------------------------------------------------------------


def test_a_spectator_takes_a_free_seat_and_their_token_brings_them_back_as_that_player() -> None:
    room = make_room()
    ann = join(room, "Ann")
    watcher = join(room, "Eve", "spectator")
    you, events = room.take_seat(watcher, "  Eve ", T0 + 1, new_token="seat-token")
    assert (you.role, you.token) == ("player", "seat-token")
    assert [e.t for e in events] == ["left", "joined"]
    assert events[0].d == {"id": watcher, "role": "spectator", "spectators": 0}
    joined = dict(events[1].d)
    assert (joined["id"], joined["name"], joined["role"]) == (you.id, "Eve", "player")
    assert room.spectators == set()
    assert [p.id for p in room.active_players()] == [ann, you.id]
    room.disconnect(you.id, T0 + 2)
    back, _ = room.join("whatever", "spectator", "seat-token", T0 + 3, new_token="unused")
    assert (back.id, back.role) == (you.id, "player")


def test_a_seat_is_refused_when_full_locked_mid_race_or_already_seated() -> None:
    room = make_room(max_players=2)
    ann, bob = join(room, "Ann"), join(room, "Bob")
    watcher = join(room, "Eve", "spectator")
    refused("room_full", room.take_seat, watcher, "Eve", T0, new_token="t")
    room.update_settings(ann, {"max_players": 3})
    room.lock(ann, True)
    refused("room_locked", room.take_seat, watcher, "Eve", T0, new_token="t")
    room.lock(ann, False)
    refused("not_spectator", room.take_seat, bob, "Bob", T0, new_token="t")
    refused("unknown_member", room.take_seat, "s99", "Nobody", T0, new_token="t")
    refused("bad_name", room.take_seat, watcher, "   ", T0, new_token="t")
    room.set_ready(bob, True)
    spec = room.prepare_start(ann)
    maze, distances = build_course(spec)
    room.start(ann, spec, maze, distances, T0, race_id="race")
    refused("wrong_phase", room.take_seat, watcher, "Eve", T0, new_token="t")  # countdown
    room.tick(T0 + 1)
    refused("wrong_phase", room.take_seat, watcher, "Eve", T0 + 1, new_token="t")  # racing


def test_a_spectator_seated_at_the_results_races_the_rematch() -> None:
    room = make_room()
    ann, bob = race_in_core(room)
    watcher = join(room, "Eve", "spectator")
    refused("wrong_phase", room.take_seat, watcher, "Eve", T0 + 2, new_token="t")
    room.leave(bob, T0 + 2)
    over = T0 + room.countdown + room.settings.time_limit
    room.tick(over)  # the time limit: the race is over
    assert room.phase == "finished"
    room.take_seat(watcher, "Eve", over + 1, new_token="seat-token")
    assert [row["id"] for row in room.results or []] == [ann, bob]  # not in the race it did not run
    room.rematch(ann, over + 2)
    assert [p.name for p in room.active_players()] == ["Ann", "Eve"]


def test_a_seat_and_a_host_change_replay_exactly_from_their_json() -> None:
    room = make_room()
    ann = join(room, "Ann")
    watcher = join(room, "Eve", "spectator")
    state = json.loads(json.dumps(room_snapshot(room)))
    you, _ = room.take_seat(watcher, "Eve", T0 + 1, new_token="seat-token")
    room.pass_host(ann, you.id)
    rebuilt = rebuild_room(state, None)
    rebuilt.take_seat(watcher, "Eve", T0 + 1, new_token="seat-token")
    rebuilt.pass_host(ann, you.id)
    assert room_snapshot(rebuilt) == room_snapshot(room)


# ----- reactions -------------------------------------------------------------------------------------


def test_reactions_are_a_fixed_set_from_members_and_change_nothing() -> None:
    room = make_room()
    ann = join(room, "Ann")
    watcher = join(room, "Eve", "spectator")
    before = room_snapshot(room)
    assert react(room, ann, "gg") == {"id": ann, "reaction": "gg"}
    assert react(room, watcher, "lol") == {"id": watcher, "reaction": "lol"}
    assert room_snapshot(room) == before  # no version, no state
    for bad in ("<b>hi</b>", "GG", "", None, 3, ["gg"], "gg" * 5000):
        with pytest.raises(GameError) as error:
            react(room, ann, bad)
        assert error.value.code == "bad_payload"
    room.leave(ann, T0 + 1)
    with pytest.raises(GameError) as error:
        react(room, ann, "gg")
    assert error.value.code == "not_joined"
    assert len({r.key for r in REACTIONS}) == len(REACTIONS) == 6
    assert all(r.emoji and r.label and r.key.isascii() for r in REACTIONS)


# ----- the preview -----------------------------------------------------------------------------------


def test_the_preview_names_the_players_and_shows_no_positions_or_ids() -> None:
    room = make_room(max_players=3)
    ann, bob = join(room, "Ann"), join(room, "Bob")
    join(room, "Eve", "spectator")
    room.add_bot(ann, BotSpec("bfs", 5), "bot-token", T0)
    room.set_ready(bob, True)
    summary = views.summary(room)
    here = {"connected": True, "finished": False}
    colours = [p.colour for p in room.active_players()]
    assert summary["roster"] == [
        {"name": "Ann", "colour": colours[0], "host": True, "ready": False, **here},
        {"name": "Bob", "colour": colours[1], "host": False, "ready": True, **here},
        {"name": "BFS bot", "colour": colours[2], "host": False, "ready": True, **here, "bot": "bfs"},
    ]
    counts = (summary["players"], summary["spectators"], summary["full"], summary["ranked"])
    assert counts == (3, 1, True, False)  # a bot's trail on every screen shows the way: not ranked
    assert summary["settings"] == room.settings.to_json()
    assert set(PREVIEW_ONLY) <= summary.keys()


def test_the_preview_of_a_race_shows_who_finished_and_nothing_of_the_maze() -> None:
    room = make_room(preset="custom", rows=5, cols=5)
    ann, bob = race_in_core(room)
    maze = room.maze
    assert maze is not None
    room.players[bob].finished_at = T0 + 2
    summary = views.summary(room)
    text = json.dumps(summary)
    assert summary["phase"] == "racing"
    assert [p["finished"] for p in summary["roster"]] == [False, True]
    assert summary["ranked"] is False  # a custom size
    for secret in ("maze", "walls", "trail", "cell", "distance", "token", ann, bob, room.players[ann].token):
        assert f'"{secret}"' not in text, secret


def test_a_full_preview_stays_small() -> None:
    room = make_room(max_players=16)
    for n in range(16):
        join(room, f"{chr(65 + n) * 19}{n % 10}")
    assert len(json.dumps(views.summary(room))) < 4096
