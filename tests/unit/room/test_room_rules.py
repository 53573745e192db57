"""The room's rules, driven directly with a fake clock: start, time limit, leaving, host hand-over."""

import random

import pytest

from server.errors import GameError
from server.maze.solvers import search
from server.room.room import Room
from server.room.settings import parse_settings
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id
from tests.mazes import T0, race_in_core


def make_room(**settings: object) -> Room:
    return Room("abcdefghjk", parse_settings(settings), random.Random(1), T0, countdown=1.0, grace=5.0)


def race(room: Room, names: tuple[str, ...] = ("Ann", "Bob")) -> list[str]:
    """Join players, start, end the countdown; returns the player ids."""
    ids = race_in_core(room, names)
    assert room.phase == "racing"
    return ids


def versions_are_consecutive(room: Room, envelopes: list) -> None:  # type: ignore[type-arg]
    assert [e.v for e in envelopes] == list(range(room.version - len(envelopes) + 1, room.version + 1))


def test_a_settings_change_during_maze_making_refuses_the_start() -> None:
    room = make_room()
    host = room.join("Ann", "player", None, T0, new_token=new_player_token())[0].id
    spec = room.prepare_start(host)
    maze, distances = build_course(spec)
    room.update_settings(host, {"algorithm": "prim"})  # while the maze was being made
    with pytest.raises(GameError) as refused:
        room.start(host, spec, maze, distances, T0, race_id=new_race_id())
    assert refused.value.code == "wrong_phase"
    assert room.phase == "lobby"
    assert room.maze is None


def test_moves_after_the_time_limit_are_refused_before_the_clock_ticks() -> None:
    room = make_room(time_limit=30)
    ann, _ = race(room)
    path = search(room.maze, "bfs").path  # type: ignore[arg-type]
    assert path is not None
    late = T0 + 1.0 + 30.05
    with pytest.raises(GameError) as refused:
        room.move(ann, path[1], late)
    assert refused.value.code == "not_racing"
    assert room.players[ann].moves == 0
    events = room.tick(late)
    assert [e.t for e in events] == ["race_over"]
    assert all(row["dnf"] for row in events[0].d["results"])


def test_when_everyone_leaves_a_finished_room_it_opens_again() -> None:
    room = make_room()
    ann, bob = race(room)
    room.leave(bob, T0 + 2)
    events = room.leave(ann, T0 + 3)
    assert [e.t for e in events] == ["left", "host", "race_over", "lobby"]
    versions_are_consecutive(room, events)
    assert room.phase == "lobby"
    newcomer = room.join("Cid", "player", None, T0 + 4, new_token=new_player_token())
    assert newcomer[0].role == "player"
    assert room.host_id == newcomer[0].id
    assert [e.t for e in newcomer[1]] == ["joined", "host"]


def test_the_host_passes_to_a_connected_player_first() -> None:
    room = make_room()
    ann, bob, cid = (
        room.join(n, "player", None, T0 + i, new_token=new_player_token())[0].id
        for i, n in enumerate(("Ann", "Bob", "Cid"))
    )
    room.disconnect(bob, T0 + 5)
    room.leave(ann, T0 + 6)
    assert room.host_id == cid


def test_a_player_can_join_a_finished_room_and_races_after_the_rematch() -> None:
    room = make_room()
    (ann,) = race(room, ("Ann",))
    path = search(room.maze, "bfs").path  # type: ignore[arg-type]
    assert path is not None
    for cell in path[1:]:
        room.move(ann, cell, T0 + 2)
    assert room.phase == "finished"
    late, _ = room.join("Bob", "player", None, T0 + 3, new_token=new_player_token())
    assert late.role == "player"
    assert [r["name"] for r in room.results or []] == ["Ann"]
    room.rematch(ann, T0 + 4)
    assert [p.name for p in room.active_players()] == ["Ann", "Bob"]


def test_race_ids_do_not_reveal_the_room_code() -> None:
    room = make_room()
    race(room)
    assert room.race_id is not None
    assert room.code not in room.race_id
    assert len(room.race_id) == 16


def test_daily_rooms_keep_their_settings() -> None:
    room = make_room()
    room.daily = "2026-11-30"
    host = room.join("Ann", "player", None, T0, new_token=new_player_token())[0].id
    with pytest.raises(GameError) as refused:
        room.update_settings(host, {"braid": 1})
    assert refused.value.code == "bad_settings"


def test_a_racer_cannot_move_without_end() -> None:
    room = make_room(preset="custom", rows=5, cols=5)
    (ann,) = race(room, ("Ann",))
    path = search(room.maze, "bfs").path  # type: ignore[arg-type]
    assert path is not None
    cap = room.move_cap()
    player = room.players[ann]
    player.moves = cap  # as if they had paced back and forth all race
    with pytest.raises(GameError) as refused:
        room.move(ann, path[1], T0 + 2)
    assert refused.value.code == "move_limit"
    assert player.moves == cap
    assert player.trail is not None
    assert player.trail.current == path[0]


def test_progress_is_never_negative() -> None:
    room = make_room(preset="custom", rows=8, cols=8, time_limit=30)
    race(room)
    for player in room.active_players():
        player.distance = room.shortest * 3  # further from the exit than the entrance is
    room.tick(T0 + 40)
    assert room.results is not None
    assert all(row["progress"] == 0 for row in room.results)


def test_rooms_nobody_joined_close_sooner_and_rooms_in_grace_stay() -> None:
    empty = make_room()
    assert empty.is_idle(T0 + 61, timeout=300)
    room = make_room()
    ann = room.join("Ann", "player", None, T0, new_token=new_player_token())[0].id
    room.disconnect(ann, T0 + 1)
    assert not room.is_idle(T0 + 4, timeout=1)  # Ann may still come back
    room.tick(T0 + 7)  # her grace period ends
    assert room.is_idle(T0 + 9, timeout=1)


def test_a_hint_that_moves_you_at_the_move_cap_counts_without_its_step() -> None:
    """A hint_moves hint at the move cap used to raise after counting the hint (its events stranded)."""
    room = make_room(time_limit=30, hint_moves=True, hint_limit=3)
    ann, _ = race(room)
    path = search(room.maze, "bfs").path  # type: ignore[arg-type]
    assert path is not None
    for n in range(room.move_cap()):  # back and forth between the entrance and the next room
        room.move(ann, path[(n + 1) % 2], T0 + 2.0)
    assert room.players[ann].moves == room.move_cap()
    at = room.players[ann].trail.current  # type: ignore[union-attr]
    ack, events = room.hint(ann, "bfs", False, T0 + 3.0)
    assert ack["found"] is True
    assert [e.t for e in events] == ["hinted"]
    versions_are_consecutive(room, events)
    player = room.players[ann]
    assert (player.hints, player.moves, player.trail.current) == (1, room.move_cap(), at)  # type: ignore[union-attr]
