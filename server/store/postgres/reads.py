"""The PostgreSQL backend's read queries: the SQLite backend's (`server.store.sqlite.reads`) in
PostgreSQL's SQL, turned into the interface's records by the same functions (`server.store.tables`),
so both stores answer alike."""

from psycopg import AsyncConnection
from psycopg.rows import DictRow

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
    """ WHERE settings @> '{"public": true}' ORDER BY ended_at DESC LIMIT %s"""
)


async def read_race(conn: AsyncConnection[DictRow], sql: Sql, race_id: str) -> PackedRace | None:
    """A stored race with its results, its log still packed; None if absent."""
    race = await (await conn.execute(sql.race, (race_id,))).fetchone()
    if race is None:
        return None
    results = await (await conn.execute(sql.race_results, (race_id,))).fetchall()
    logged = await (await conn.execute(sql.race_log, (race_id,))).fetchone()
    return packed_race(race, race["settings"], results, logged)  # jsonb arrives decoded


async def read_recent_races(conn: AsyncConnection[DictRow], limit: int) -> list[RecentRace]:
    """The latest finished races of public rooms, newest first."""
    cursor = await conn.execute(_RECENT, (min(limit, LEADERBOARD_MAX),))
    return [recent_race_json(row) for row in await cursor.fetchall()]


async def read_leaderboard(
    conn: AsyncConnection[DictRow],
    preset: str | None,
    algorithm: str | None,
    name: str | None,
    daily: str | None,
    limit: int,
    fog: bool = False,
    maze: str | None = None,
) -> list[LeaderboardRow]:
    """Best finishing times, as `server.store.sqlite.reads.read_leaderboard` ranks them."""
    if maze is not None:
        sql, params = maze_boards.board_query("%s", maze, name, fog, leaderboard_limit(limit))
    else:
        sql, params = board_query("%s", preset, algorithm, name, daily, fog, leaderboard_limit(limit))
    cursor = await conn.execute(sql, params)
    return leaderboard_json(await cursor.fetchall(), one_player=name is not None)
