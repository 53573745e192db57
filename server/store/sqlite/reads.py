"""The SQLite backend's read queries: a stored race, the recent races, the leaderboards.

Functions of an open connection: `SqliteStore` runs them on its read-only connection, off the event loop
(aiosqlite's thread), where WAL shows each read the last committed state (never half a race). The rows
become the interface's records through `server.store.tables`, as the PostgreSQL backend's do.
"""

import json

import aiosqlite

from server.store import maze_boards
from server.store.best_times import board_query
from server.store.interface import LeaderboardRow, RecentRace
from server.store.tables import (
    LEADERBOARD_MAX,
    PackedRace,
    Sql,
    leaderboard_json,
    leaderboard_limit,
    packed_race,
    recent_race_json,
)

_RECENT = (
    "SELECT id, preset, rows, cols, algorithm, maze_code, daily, ended_at FROM races"
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
    maze: str | None = None,
) -> list[LeaderboardRow]:
    """Best finishing times (`Store.leaderboard`), read from the precomputed boards
    (`server.store.best_times`): each player's best in the category, or one player's best per
    category, ordered by total time (time + hint penalty), ties by who finished first."""
    if maze is not None:
        sql, params = maze_boards.board_query("?", maze, name, fog, leaderboard_limit(limit))
    else:
        sql, params = board_query("?", preset, algorithm, name, daily, fog, leaderboard_limit(limit))
    async with db.execute(sql, params) as cursor:
        return leaderboard_json(await cursor.fetchall(), one_player=name is not None)
