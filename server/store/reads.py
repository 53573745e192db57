"""The store's read queries: a stored race, the recent races, the leaderboards.

Functions of an open connection; `SqliteStore` runs them one at a time (so a read never sees half a
write), off the event loop (aiosqlite's thread). The rows become the wire form here (`race_json`,
`leaderboard_json`, `result_json`), for the PostgreSQL store's reads too: both answer alike.
"""

import json
from collections.abc import Iterable
from typing import Any, Protocol

import aiosqlite

from server.maze.race_card import DifficultyCard
from server.room.racelog import RaceLog
from server.room.results import ResultRow, efficiency, on_shortest, progress

_EMPTY_LOG = RaceLog().to_blob()

LEADERBOARD_MAX = 100

BY_NAME = "results.name"
BY_CATEGORY = "races.preset, races.algorithm"
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
"""Each partition's best finish; `{partition}` is one of the two fixed column lists above, never input."""


class Row(Protocol):
    """A row read by name: `sqlite3.Row`, or a dict from psycopg's `dict_row`."""

    def __getitem__(self, key: str) -> Any: ...


async def read_race(db: aiosqlite.Connection, race_id: str) -> dict[str, Any] | None:
    """A stored race with its results, its log still packed as (players, blob, cols); None if absent."""
    async with db.execute("SELECT * FROM races WHERE id = ?", (race_id,)) as cursor:
        race = await cursor.fetchone()
    if race is None:
        return None
    async with db.execute("SELECT * FROM results WHERE race_id = ? ORDER BY rank", (race_id,)) as cursor:
        results = [result_json(row, race["shortest"]) for row in await cursor.fetchall()]
    async with db.execute("SELECT players, data FROM race_logs WHERE race_id = ?", (race_id,)) as cursor:
        logged = await cursor.fetchone()
    return race_json(race, json.loads(race["settings"]), results, logged)


def card_text(card: DifficultyCard | None) -> str | None:
    """A difficulty card as the races table keeps it (JSON text; NULL when the record has none)."""
    return json.dumps(card, separators=(",", ":")) if card is not None else None


def race_json(
    race: Row, settings: dict[str, Any], results: list[ResultRow], logged: Row | None
) -> dict[str, Any]:
    """A stored race as `Store.race` gives it, its log still packed as (players, blob, cols); a race
    stored before the difficulty card has `difficulty` and `shortest_routes` null."""
    card: DifficultyCard | None = json.loads(race["difficulty"]) if race["difficulty"] is not None else None
    return {
        "id": race["id"],
        "settings": settings,
        "ranked": bool(race["ranked"]),
        "seed": race["seed"],
        "daily": race["daily"],
        "started_at": round(race["started_at"] * 1000),
        "ended_at": round(race["ended_at"] * 1000),
        "shortest": race["shortest"],
        "difficulty": card,
        "shortest_routes": card["shortest_paths"] if card is not None else None,
        "results": results,
        "log": (
            *((json.loads(logged["players"]), bytes(logged["data"])) if logged else ([], _EMPTY_LOG)),
            race["cols"],
        ),
    }


async def read_recent_races(db: aiosqlite.Connection, limit: int) -> list[dict[str, Any]]:
    """The latest finished races of public rooms, newest first."""
    async with db.execute(
        "SELECT id, preset, rows, cols, algorithm, daily, ended_at FROM races"
        " WHERE json_extract(settings, '$.public') = 1 ORDER BY ended_at DESC LIMIT ?",
        (min(limit, LEADERBOARD_MAX),),
    ) as cursor:
        rows = [dict(row) for row in await cursor.fetchall()]
    for row in rows:
        row["ended_at"] = round(row["ended_at"] * 1000)  # ms, like every other time on the wire
    return rows


async def read_leaderboard(
    db: aiosqlite.Connection,
    preset: str | None,
    algorithm: str | None,
    name: str | None,
    daily: str | None,
    limit: int,
    fog: bool = False,
) -> list[dict[str, Any]]:
    """Best finishing times: each player's best in the category, or one player's best per category.

    Ordered by total time (time + hint penalty), ties by who finished first.
    """
    partition = BY_CATEGORY if name is not None else BY_NAME
    params = {
        "preset": preset,
        "algorithm": algorithm,
        "name": name,
        "daily": daily,
        "fog": int(fog),
        "limit": max(1, min(limit, LEADERBOARD_MAX)),
    }
    async with db.execute(_LEADERBOARD.format(partition=partition), params) as cursor:
        rows = await cursor.fetchall()
    return leaderboard_json(rows)


def leaderboard_json(rows: Iterable[Row]) -> list[dict[str, Any]]:
    """Leaderboard rows (best first) as the API sends them, with their places."""
    return [
        {
            "place": place,
            "name": row["name"],
            "total": row["total_ms"],
            "time": row["time_ms"],
            "penalty": row["penalty_ms"],
            "moves": row["moves"],
            "hints": row["hints"],
            "race": row["race_id"],
            "preset": row["preset"],
            "algorithm": row["algorithm"],
            "rows": row["rows"],
            "cols": row["cols"],
            "daily": row["daily"],
            "ended_at": round(row["ended_at"] * 1000),
        }
        for place, row in enumerate(rows, start=1)
    ]


def result_json(row: Row, shortest: int) -> ResultRow:
    """A result row as the race announced it; shortest, efficiency and progress derive as in result_rows."""
    dnf = bool(row["dnf"])
    result: ResultRow = {
        "id": row["player_id"],
        "name": row["name"],
        "colour": row["colour"],
        "rank": row["rank"],
        "time": row["time_ms"],
        "penalty": row["penalty_ms"],
        "total": row["total_ms"],
        "moves": row["moves"],
        "hints": row["hints"],
        "route": row["route"],
        "shortest": shortest,
        "efficiency": None if dnf else efficiency(shortest, row["moves"]),
        "distance": row["distance"],
        "progress": progress(row["distance"], shortest),
        "room": [row["final_row"], row["final_col"]] if row["final_row"] is not None else None,
        "dnf": dnf,
        "on_shortest": on_shortest(row["route"], shortest, dnf),
    }
    if row["bot"] is not None:
        result["bot"] = row["bot"]
    return result
