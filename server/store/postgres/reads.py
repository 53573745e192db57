"""The PostgreSQL store's read queries: the SQLite store's (`store_reads`) in PostgreSQL's SQL, turned
into the same wire form by the same functions, so both stores answer alike."""

from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import DictRow

from server.store.reads import BY_CATEGORY, BY_NAME, LEADERBOARD_MAX, leaderboard_json, race_json, result_json

_LEADERBOARD = """
    WITH best AS (
        SELECT results.name, results.total_ms, results.time_ms, results.penalty_ms, results.moves,
               results.hints, results.race_id, races.preset, races.algorithm, races.rows, races.cols,
               races.daily, races.ended_at,
               ROW_NUMBER() OVER (PARTITION BY {partition} ORDER BY results.total_ms, races.ended_at) AS nth
        FROM results JOIN races ON races.id = results.race_id
        WHERE NOT results.dnf
          AND results.bot IS NULL
          AND (%(preset)s::text IS NULL OR races.preset = %(preset)s::text)
          AND (%(algorithm)s::text IS NULL OR races.algorithm = %(algorithm)s::text)
          AND (%(name)s::text IS NULL OR results.name = %(name)s::text)
          AND (%(daily)s::text IS NULL OR races.daily = %(daily)s::text)
          AND COALESCE((races.settings->>'fog')::boolean, false) = %(fog)s
          AND races.ranked
    )
    SELECT * FROM best WHERE nth = 1 ORDER BY total_ms, ended_at LIMIT %(limit)s
"""
"""Each partition's best finish; `{partition}` is one of store_reads' two fixed column lists, never input."""


async def read_race(conn: AsyncConnection[DictRow], race_id: str) -> dict[str, Any] | None:
    """A stored race with its results, its log still packed as (players, blob, cols); None if absent."""
    race = await (await conn.execute("SELECT * FROM races WHERE id = %s", (race_id,))).fetchone()
    if race is None:
        return None
    cursor = await conn.execute("SELECT * FROM results WHERE race_id = %s ORDER BY rank", (race_id,))
    results = [result_json(row, race["shortest"]) for row in await cursor.fetchall()]
    cursor = await conn.execute("SELECT players, data FROM race_logs WHERE race_id = %s", (race_id,))
    logged = await cursor.fetchone()
    return race_json(race, race["settings"], results, logged)


async def read_recent_races(conn: AsyncConnection[DictRow], limit: int) -> list[dict[str, Any]]:
    """The latest finished races of public rooms, newest first."""
    cursor = await conn.execute(
        "SELECT id, preset, rows, cols, algorithm, daily, ended_at FROM races"
        """ WHERE settings @> '{"public": true}' ORDER BY ended_at DESC LIMIT %s""",
        (min(limit, LEADERBOARD_MAX),),
    )
    rows = await cursor.fetchall()
    for row in rows:
        row["ended_at"] = round(row["ended_at"] * 1000)  # ms, like every other time on the wire
    return rows


async def read_leaderboard(
    conn: AsyncConnection[DictRow],
    preset: str | None,
    algorithm: str | None,
    name: str | None,
    daily: str | None,
    limit: int,
    fog: bool = False,
) -> list[dict[str, Any]]:
    """Best finishing times, as `store_reads.read_leaderboard` ranks them."""
    partition = BY_CATEGORY if name is not None else BY_NAME
    params = {
        "preset": preset,
        "algorithm": algorithm,
        "name": name,
        "daily": daily,
        "fog": fog,
        "limit": max(1, min(limit, LEADERBOARD_MAX)),
    }
    cursor = await conn.execute(_LEADERBOARD.format(partition=partition), params)
    return leaderboard_json(await cursor.fetchall())
