"""The daily maze against a real SQLite file and a real PostgreSQL server (`backend`): its seed
is stable for a date and differs across dates and presets, daily rooms race one maze and are stored as
daily, and the daily secret is made once, kept, and agreed on by servers starting at once."""

import asyncio
import datetime

import pytest

from server.errors import BadSettings
from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import PERFECT
from server.room.daily import daily_seed, daily_settings
from server.room.settings import PRESETS
from server.store.interface import Store
from tests.store.conftest import Backend
from tests.store.races import ScriptedRace

# ----- the daily maze --------------------------------------------------------------------------------------


def test_the_daily_seed_is_stable_for_a_date_and_differs_across_dates_and_presets() -> None:
    day = datetime.date(2026, 11, 30)
    assert daily_seed(day, "easy") == daily_seed(datetime.date.fromisoformat("2026-11-30"), "easy")
    days = [day + datetime.timedelta(days=n) for n in range(-10, 10)]
    seeds = {(d, preset): daily_seed(d, preset) for d in days for preset in PRESETS}
    assert len(set(seeds.values())) == len(seeds)
    assert all(0 <= seed <= MAX_SEED for seed in seeds.values())
    for preset, (rows, cols) in PRESETS.items():
        settings = daily_settings(day, preset)
        assert settings == daily_settings(day, preset)
        assert (settings.preset, settings.rows, settings.cols) == (preset, rows, cols)
        assert settings.algorithm in PERFECT
    assert len({daily_settings(d, "easy").algorithm for d in days}) > 1  # the generator varies by date
    with pytest.raises(BadSettings):
        daily_seed(day, "custom")
    # a server's secret makes its own daily mazes: stable for that secret, unlike anyone else's
    assert daily_seed(day, "easy", "s3cret") == daily_seed(day, "easy", "s3cret")
    assert len({daily_seed(day, "easy", secret) for secret in ("", "s3cret", "other")}) == 3


async def test_daily_rooms_race_the_same_maze_and_are_stored_as_daily(store: Store) -> None:
    day = datetime.date(2026, 11, 30)
    seed = daily_seed(day, "medium")
    settings = daily_settings(day, "medium")
    records, mazes = [], []
    for n in range(2):
        race = ScriptedRace(settings, [f"P{n}"], rng_seed=100 + n, daily=day.isoformat(), fixed_seed=seed)
        assert race.room.seed == seed
        race.finish(f"P{n}", 60_000 + n)
        race.play()
        records.append(race.record())
        mazes.append(race.maze)
        await store.save_race(records[-1])
    first, second = [await store.race(record.id) for record in records]
    assert first is not None
    assert second is not None
    assert first["seed"] == second["seed"] == seed
    assert first["daily"] == second["daily"] == "2026-11-30"
    assert records[0].room_code != records[1].room_code
    spec = MazeSpec(settings.algorithm, settings.rows, settings.cols, seed, settings.braid, settings.openings)
    assert mazes[0] == mazes[1] == generate(spec)
    assert [row["name"] for row in await store.leaderboard(daily="2026-11-30", preset="medium")] == [
        "P0",
        "P1",
    ]


async def test_the_daily_secret_is_made_once_and_kept(backend: Backend) -> None:
    first = await backend.open()
    try:
        secret = await first.daily_secret()
        assert len(secret) == 32
        assert await first.daily_secret() == secret
    finally:
        await first.close()
    again = await backend.open()
    try:
        assert await again.daily_secret() == secret
    finally:
        await again.close()


async def test_servers_starting_at_once_agree_on_one_daily_secret(backend: Backend) -> None:
    stores = await asyncio.gather(*(backend.open() for _ in range(4)))
    try:
        secrets = await asyncio.gather(*(store.daily_secret() for store in stores))
    finally:
        for store in stores:
            await store.close()
    assert len(set(secrets)) == 1
    assert len(secrets[0]) == 32
