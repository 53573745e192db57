"""What the store tests share: the easy rules, a small two-player race, and what `Store.race` must give
back for a record."""

from typing import Any

from server.room.records import RaceRecord
from server.room.settings import RoomSettings
from tests.store.races import T0, ScriptedRace

EASY = RoomSettings()
HOUR = 3600.0


def stored_form(record: RaceRecord) -> dict[str, Any]:
    """What `Store.race` must give back for `record`: everything, times of the race in epoch ms."""
    return {
        "id": record.id,
        "settings": record.settings,
        "ranked": record.ranked,
        "seed": record.seed,
        "daily": record.daily,
        "started_at": round(record.started_at * 1000),
        "ended_at": round(record.ended_at * 1000),
        "shortest": record.shortest,
        "difficulty": record.difficulty,
        "shortest_routes": record.difficulty["shortest_paths"] if record.difficulty else None,
        "results": record.results,
        "log": record.log,
    }


def small_race(n: int, start: float = T0) -> RaceRecord:
    """A two-player race on an easy maze; `n` varies the maze, the times and the start."""
    race = ScriptedRace(EASY, [f"Ann {n}", f"Bob {n}"], start=start + n * 60, rng_seed=n)
    race.finish(f"Ann {n}", 20_000 + n * 10)
    race.finish(f"Bob {n}", 21_000 + n * 10, hints=1)
    race.play()
    return race.record()
