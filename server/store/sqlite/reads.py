"""The SQLite backend's read queries: a stored race, the recent races, the leaderboards.

Functions of an open connection; `SqliteStore` runs them one at a time (so a read never sees half a
write), off the event loop (aiosqlite's thread). The rows become the interface's records through
`server.store.tables`, as the PostgreSQL backend's do.
"""

import json

import aiosqlite

from server.store.interface import LeaderboardRow, RecentRace
from server.store.tables import (
    LEADERBOARD_MAX,
    PackedRace,
    Sql,
    leaderboard_json,
    leaderboard_params,
    packed_race,
    recent_race_json,
)

_LEADERBOARD = """
    WITH best AS (
        SELECT results.name, results.total_ms, results.time_ms, results.penalty_ms, results.moves,
               results.hints, results.race_id, races.preset, races.algorithm, races.rows, races.cols,
               races.daily, races.ended_at,
               ROW_NUMBER() OVER (PARTITION BY {partition} ORDER BY results.total_ms, races.ended_at) AS nth
        FROM results JOIN races ON races.id = results.race_id
        WHERE results.dnf = 0
          AND results.bot IS NULL
          AND (:preset IS NULL OR races.preset = :preset)
          AND (:algorithm IS NULL OR races.algorithm = :algorithm)
          AND (:name IS NULL OR results.name = :name)
          AND (:daily IS NULL OR races.daily = :daily)
          AND COALESCE(json_extract(races.settings, '$.fog'), 0) = :fog
          AND races.ranked = 1
    )
    SELECT * FROM best WHERE nth = 1 ORDER BY total_ms, ended_at LIMIT :limit
"""
"""Each partition's best finish; `{partition}` is `tables.BY_NAME` or `tables.BY_CATEGORY`."""

_RECENT = (
    "SELECT id, preset, rows, cols, algorithm, daily, ended_at FROM races"
    " WHERE json_extract(settings, '$.public') = 1 ORDER BY ended_at DESC LIMIT ?"
)


async def read_race(db: aiosqlite.Connection, sql: Sql, race_id: str) -> PackedRace | None:
    """A stored race with its results, its log still packed; None if absent."""
    async with db.execute(sql.race, (race_id,)) as cursor:
        race = await cursor.fetchone()
    if race is None:
        return None
    async with db.execute(sql.race_results, (race_id,)) as cursor:
        results = await cursor.fetchall()
    async with db.execute(sql.race_log, (race_id,)) as cursor:
        logged = await cursor.fetchone()
    return packed_race(race, json.loads(race["settings"]), results, logged)


async def read_recent_races(db: aiosqlite.Connection, limit: int) -> list[RecentRace]:
    """The latest finished races of public rooms, newest first."""
    async with db.execute(_RECENT, (min(limit, LEADERBOARD_MAX),)) as cursor:
        return [recent_race_json(row) for row in await cursor.fetchall()]


async def read_leaderboard(
    db: aiosqlite.Connection,
    preset: str | None,
    algorithm: str | None,
    name: str | None,
    daily: str | None,
    limit: int,
    fog: bool = False,
) -> list[LeaderboardRow]:
    """Best finishing times (`Store.leaderboard`): each player's best in the category, or one
    player's best per category, ordered by total time (time + hint penalty), ties by who finished
    first."""
    partition, params = leaderboard_params(preset, algorithm, name, daily, limit, fog)
    async with db.execute(_LEADERBOARD.format(partition=partition), params) as cursor:
        return leaderboard_json(await cursor.fetchall(), partition)
