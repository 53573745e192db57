"""What the ghost tests share: a race played and stored, a ghost room made from it, and its start."""

import random
from typing import Any

from server.room.envelope import Envelope
from server.room.ghosts import Ghost
from server.room.records import RaceRecord
from server.room.room import Room
from server.room.settings import RoomSettings, parse_settings
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id
from tests.store.races import ScriptedRace

T0 = 1_900_000_000.0
SETTINGS = RoomSettings(preset="custom", rows=8, cols=8, algorithm="backtracker")


def stored(record: RaceRecord) -> dict[str, Any]:
    """A race as `Store.race` gives it back: the fields a ghost is read from."""
    return {
        "id": record.id,
        "settings": record.settings,
        "seed": record.seed,
        "daily": record.daily,
        "results": record.results,
        "log": record.log.copy(),
    }


def played_race(settings: RoomSettings = SETTINGS) -> tuple[ScriptedRace, RaceRecord]:
    """Ann walks the shortest way in 4 s after two hints, Bob in 6 s with detours, Cid gives up."""
    race = ScriptedRace(settings, ["Ann", "Bob", "Cid"], start=T0)
    race.finish("Ann", 4000, hints=2)
    race.finish("Bob", 6000, detours=2)
    race.give_up("Cid", 2, 1500)
    race.play()
    return race, race.record()


def ghost_room(record: RaceRecord, ghost: Ghost, *, daily: str | None = None) -> Room:
    settings = parse_settings(record.settings)
    rng = random.Random(5)
    return Room(
        "ghostroom1", settings, rng, T0, countdown=1.0, daily=daily, fixed_seed=record.seed, ghosts=[ghost]
    )


def start(room: Room, names: tuple[str, ...] = ("Eve",), at: float = T0) -> list[str]:
    """Players join, ready and start; the race begins at `at + 1` (returns their ids)."""
    ids = [room.join(name, "player", None, at, new_token=new_player_token())[0].id for name in names]
    for other in ids[1:]:
        room.set_ready(other, True)
    spec = room.prepare_start(ids[0])
    maze, distances = build_course(spec)
    room.start(ids[0], spec, maze, distances, at, race_id=new_race_id())
    room.tick(at + 1.0)
    assert room.phase == "racing"
    return ids


def ghost_events(envelopes: list[Envelope]) -> list[dict[str, Any]]:
    return [dict(e.d) for e in envelopes if e.t == "ghost"]
