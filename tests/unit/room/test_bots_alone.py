"""The rules of a room its people have left to its bots: a bot never hosts, the bots wait while no person
is connected, the race ends once no person can come back, bots count for nothing towards keeping a room
open, and a restart keeps its bots."""

import random

import pytest

from server.errors import GameError
from server.room.bot_spec import BotSpec
from server.room.room import Room
from server.room.settings import parse_settings
from server.room.snapshot import restore_room, room_snapshot
from server.runtime.course import build_course
from tests.mazes import T0

GRACE = 5.0
DFS = BotSpec("dfs", 20)


def make_room() -> Room:
    settings = parse_settings({"preset": "custom", "rows": 30, "cols": 30, "max_players": 16})
    return Room("abcdefghjk", settings, random.Random(1), T0, countdown=1.0, grace=GRACE)


def join(room: Room, name: str, now: float = T0) -> str:
    return room.join(name, "player", None, now, new_token=f"token-of-{name}-{len(room.players)}")[0].id


def racing_with_bot(room: Room) -> tuple[str, str]:
    """The host and a bot in a race that has begun (at T0 + 1)."""
    host = join(room, "Ann")
    bot, _ = room.add_bot(host, DFS, "bot-token-000000", T0)
    spec = room.prepare_start(host)
    maze, distances = build_course(spec)
    room.start(host, spec, maze, distances, T0, race_id="race-id-00000000")
    room.tick(T0 + 1.0)
    assert room.phase == "racing"
    return host, bot


def test_the_last_person_leaving_hands_the_host_role_to_nobody_and_the_next_person_takes_it() -> None:
    room = make_room()
    host = join(room, "Ann")
    room.add_bot(host, DFS, "bot-token-000000", T0)
    events = room.leave(host, T0 + 1)
    assert room.host_id is None
    assert [e.d for e in events if e.t == "host"] == [{"id": None}]
    bob = join(room, "Bob", T0 + 2)
    assert room.host_id == bob


def test_bots_wait_while_no_person_is_connected_and_the_race_waits_for_its_people() -> None:
    room = make_room()
    host, bot = racing_with_bot(room)
    room.bot_step(bot, T0 + 1.1)
    room.disconnect(host, T0 + 1.2)
    assert room.bots_racing() == []
    with pytest.raises(GameError) as refused:
        room.bot_step(bot, T0 + 1.3)
    assert refused.value.code == "not_racing"
    room.tick(T0 + 1.2 + GRACE / 2)
    assert room.phase == "racing"  # Ann may still come back
    token = room.players[host].token
    room.join("Ann", "player", token, T0 + 2 + GRACE / 2, new_token="unused-token-0000")
    assert [p.id for p in room.bots_racing()] == [bot]


def test_the_race_ends_once_no_person_can_come_back_and_the_room_then_idles_out() -> None:
    room = make_room()
    host, bot = racing_with_bot(room)
    room.disconnect(host, T0 + 2)
    room.tick(T0 + 2 + GRACE)  # Ann's grace period is over: she leaves, and nobody is left
    assert room.phase == "lobby"  # over, and open again with nobody to ask for a rematch
    record = room.take_finished_race()
    assert record is not None
    assert {row["id"]: row["dnf"] for row in record.results}[bot] is True
    assert not room.is_idle(T0 + 2 + GRACE + 1, timeout=10)
    assert room.is_idle(T0 + 2 + GRACE + 10, timeout=10)  # the bot keeps nothing open


def test_a_restart_keeps_the_bots_connected_and_takes_the_host_role_from_a_bot() -> None:
    room = make_room()
    host, bot = racing_with_bot(room)
    state = room_snapshot(room)
    state["host_id"] = bot  # as a server that let a bot inherit the role saved it
    restored = restore_room(state, build_course(room.settings.maze_spec(room.seed or 0)), T0 + 3, T0 + 9)
    assert restored.players[bot].connected
    assert restored.players[bot].disconnected_at is None
    assert not restored.players[host].connected
    assert restored.host_id is None
    token = restored.players[host].token
    restored.join("Ann", "player", token, T0 + 10, new_token="unused-token-0000")
    assert restored.host_id == host
    restored.tick(T0 + 10 + GRACE * 2)  # past any grace period: the bot races on
    assert [p.id for p in restored.bots_racing()] == [bot]
