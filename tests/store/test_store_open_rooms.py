"""Open rooms saved and restored across restarts, against a real SQLite file and a real PostgreSQL
server (`backend`): each comes back once, with the clock paused over the downtime."""

import json
import random
from typing import Any

import pytest

from server.room import views
from server.room.room import Room
from server.room.settings import RoomSettings
from server.room.snapshot import maze_spec, restore_room, room_state
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id
from server.store.interface import Store
from tests.store.races import T0, ScriptedRace, shortest_path, with_detours
from tests.store.stored import EASY, HOUR

# ----- open rooms across restarts -------------------------------------------------------------------------


def racing_room() -> tuple[ScriptedRace, float]:
    """A race caught in the middle: Ann finished, Bob half-way with a detour and a hint, Cid gone,
    Dee dropped; returns it and the moment it was caught (30 s in)."""
    race = ScriptedRace(RoomSettings(hint_penalty=3), ["Ann", "Bob", "Cid", "Dee"], rng_seed=9)
    race.finish("Ann", 20_000, hints=1)
    bob_cells = with_detours(race.maze, shortest_path(race.maze), 1)
    race.walk("Bob", bob_cells[: len(bob_cells) // 2], 1_000, 24_000)
    race.hint("Bob", 25_000, "astar")
    race.give_up("Cid", steps=3, at_ms=8_000)
    race.walk("Dee", shortest_path(race.maze)[1:6], 500, 5_000)
    for action in sorted(race.actions):
        race.apply(action)
    race.room.disconnect(race.ids["Dee"], race.start + 26.0)
    assert race.room.phase == "racing"
    return race, race.start + 30.0


def lobby_room(code: str, start_at: float | None = None) -> Room:
    """A room of two in the lobby, or counting down to `start_at` (a 3 s countdown)."""
    lobby = Room(code, EASY, random.Random(4), T0, countdown=3.0)
    host, _ = lobby.join("Hal", "player", None, T0, new_token=new_player_token())
    guest, _ = lobby.join("Ivy", "player", None, T0, new_token=new_player_token())
    lobby.set_ready(guest.id, True)
    if start_at is not None:
        spec = lobby.prepare_start(host.id)
        maze, distances = build_course(spec)
        lobby.start(host.id, spec, maze, distances, start_at - 3.0, race_id=new_race_id())
    return lobby


def player_view(room: Room) -> list[dict[str, Any]]:
    """Every player's state except the connection, which a restart always drops."""
    return [
        {
            "id": p.id, "name": p.name, "colour": p.colour, "token": p.token, "joined_at": p.joined_at,
            "ready": p.ready, "trail": p.trail.cells if p.trail else None,
            "facing": p.trail.facing if p.trail else None, "moves": p.moves, "hints": p.hints,
            "penalty": p.penalty_ms, "dnf": p.dnf, "left": p.left, "distance": p.distance,
        }
        for p in room.players.values()
    ]  # fmt: skip


async def test_saved_rooms_come_back_once_and_restore_with_the_clock_paused(store: Store) -> None:
    race, saved_at = racing_room()
    room = race.room
    lobby, counting = lobby_room("lobbyroom0"), lobby_room("countdown0", start_at=saved_at + 2)
    await store.save_rooms([room_state(lobby)], saved_at - 100)  # an older save, replaced by the next
    states = [room_state(r) for r in (room, lobby, counting)]
    await store.save_rooms(states, saved_at)

    taken = await store.saved_rooms()
    assert sorted(taken, key=lambda t: t[1]["code"]) == sorted(
        [(saved_at, json.loads(json.dumps(state))) for state in states], key=lambda t: t[1]["code"]
    )
    assert await store.saved_rooms() == taken  # still there until the rooms are back in play
    await store.clear_saved_rooms()
    assert await store.saved_rooms() == []

    downtime = 3 * HOUR + 0.25
    now = saved_at + downtime
    restored = {}
    for saved, state in taken:
        spec = maze_spec(state)
        restored[state["code"]] = restore_room(state, build_course(spec) if spec else None, saved, now)

    back = restored[room.code]
    assert back.phase == "racing"
    assert (back.version, back.serial, back.host_id, back.race_id) == (
        room.version, room.serial, room.host_id, room.race_id,
    )  # fmt: skip
    assert (back.seed, back.daily, back.fixed_seed, back.settings) == (
        room.seed, room.daily, room.fixed_seed, room.settings,
    )  # fmt: skip
    assert back.maze == room.maze
    assert back.distances == room.distances
    assert back.log == room.log
    assert back.results is None
    assert back.started_at == pytest.approx(room.started_at + downtime)
    assert back.rng.getstate() == room.rng.getstate()
    assert player_view(back) == player_view(room)
    ann = race.ids["Ann"]
    assert back.players[ann].finished_at == pytest.approx(room.players[ann].finished_at + downtime)
    assert all(not p.connected and p.disconnected_at == now for p in back.players.values())

    # elapsed race time is what it was at the save: the downtime does not count
    old, new = views.snapshot(room, views.ANYONE, saved_at), views.snapshot(back, views.ANYONE, now)
    assert new["now"] - new["started_at"] == old["now"] - old["started_at"] == 30_000
    for entry in (*old["players"], *new["players"]):
        entry.pop("connected")
    assert {k: v for k, v in new.items() if k not in ("now", "started_at")} == {
        k: v for k, v in old.items() if k not in ("now", "started_at")
    }

    # players come back with their tokens, within a fresh grace period
    assert back.tick(now + back.grace - 1) == []
    for player in room.players.values():
        if player.left:
            continue
        you, events = back.join("someone", "player", player.token, now + 1, new_token=new_player_token())
        assert (you.id, you.colour) == (player.id, player.colour)
        assert [e.t for e in events] == ["presence"]

    # the race goes on identically: same moves, same hints (same random source), same results
    bob = race.ids["Bob"]
    bob_trail = room.players[bob].trail
    assert bob_trail is not None
    rest = shortest_path(race.maze, bob_trail.current)[1:]
    for target, moment in ((room, saved_at), (back, now)):
        hint, _ = target.hint(bob, "random", True, moment + 1)
        assert hint["found"]
        for i, cell in enumerate(rest):
            target.move(bob, cell, moment + 2 + i / 10)
        target.leave(race.ids["Dee"], moment + 3 + len(rest) / 10)  # and Dee gives up
    assert room.results is not None
    assert back.results == room.results
    assert next(r for r in back.results if r["id"] == bob)["time"] == round(
        (30 + 2 + (len(rest) - 1) / 10) * 1000
    )
    assert back.version == room.version + 3  # the three presence events of the rejoins

    lobby_back = restored[lobby.code]
    assert lobby_back.phase == "lobby"
    assert lobby_back.maze is None
    assert player_view(lobby_back) == player_view(lobby)
    counting_back = restored[counting.code]
    assert counting_back.phase == "countdown"
    assert counting_back.start_at == pytest.approx(counting.start_at + (now - saved_at))
    assert counting_back.maze == counting.maze
    assert counting_back.start_at == pytest.approx(now + 2)  # the 2 s left of the countdown
    assert counting_back.tick(now + 1.9) == []
    assert [e.t for e in counting_back.tick(now + 2)] == ["started"]
