"""The embedded SQLite store: finished races, leaderboards, replays, and open rooms across restarts.

One SQLite file in WAL mode, reached through aiosqlite (a worker thread), so the event loop never waits
on the disk. The schema is versioned with `PRAGMA user_version`; migrations run at start-up. Every
query is parameterised.
"""

import asyncio
import json
import secrets
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite

from server.game.records import RaceRecord
from server.game.results import efficiency, progress

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE races (
        id TEXT PRIMARY KEY,
        room_code TEXT NOT NULL,
        preset TEXT NOT NULL,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        algorithm TEXT NOT NULL,
        braid REAL NOT NULL,
        openings TEXT NOT NULL,
        seed INTEGER NOT NULL,
        daily TEXT,
        settings TEXT NOT NULL,
        started_at REAL NOT NULL,
        ended_at REAL NOT NULL,
        shortest INTEGER NOT NULL
    );
    CREATE TABLE results (
        race_id TEXT NOT NULL REFERENCES races(id) ON DELETE CASCADE,
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        colour TEXT NOT NULL,
        rank INTEGER NOT NULL,
        time_ms INTEGER,
        penalty_ms INTEGER NOT NULL,
        total_ms INTEGER,
        moves INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        route INTEGER NOT NULL,
        distance INTEGER NOT NULL,
        final_row INTEGER,
        final_col INTEGER,
        dnf INTEGER NOT NULL,
        PRIMARY KEY (race_id, player_id)
    );
    CREATE INDEX results_by_total ON results(total_ms) WHERE dnf = 0;
    CREATE INDEX results_by_name ON results(name, total_ms) WHERE dnf = 0;
    CREATE INDEX races_by_kind ON races(preset, algorithm);
    CREATE INDEX races_by_daily ON races(daily, preset) WHERE daily IS NOT NULL;
    CREATE TABLE race_log (
        race_id TEXT NOT NULL REFERENCES races(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        t_ms INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        row INTEGER,
        col INTEGER,
        method TEXT,
        found INTEGER,
        PRIMARY KEY (race_id, seq)
    );
    """,
    """
    CREATE TABLE saved_rooms (
        code TEXT PRIMARY KEY,
        saved_at REAL NOT NULL,
        state TEXT NOT NULL
    );
    """,
    """
    ALTER TABLE races ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0;
    UPDATE races SET ranked = COALESCE(
        daily IS NOT NULL
        OR (preset != 'custom' AND braid = 0 AND openings = 'corners'
            AND COALESCE(json_extract(settings, '$.hint_moves'), 0) = 0),
        0
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
)
"""Schema steps; step i brings the database to `user_version` i + 1. Append, never edit."""

LEADERBOARD_MAX = 100

_BY_NAME = "results.name"
_BY_CATEGORY = "races.preset, races.algorithm"
_LEADERBOARD = """
    WITH best AS (
        SELECT results.name, results.total_ms, results.time_ms, results.penalty_ms, results.moves,
               results.hints, results.race_id, races.preset, races.algorithm, races.rows, races.cols,
               races.daily, races.ended_at,
               ROW_NUMBER() OVER (PARTITION BY {partition} ORDER BY results.total_ms, races.ended_at) AS nth
        FROM results JOIN races ON races.id = results.race_id
        WHERE results.dnf = 0
          AND (:preset IS NULL OR races.preset = :preset)
          AND (:algorithm IS NULL OR races.algorithm = :algorithm)
          AND (:name IS NULL OR results.name = :name)
          AND (:daily IS NULL OR races.daily = :daily)
          AND races.ranked = 1
    )
    SELECT * FROM best WHERE nth = 1 ORDER BY total_ms, ended_at LIMIT :limit
"""
"""Each partition's best finish; `{partition}` is one of the two fixed column lists above, never input."""


class Store:
    """The game's memory; open with `Store.open(path)`, close with `close()`."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self.db = db
        self.path = path
        self._exclusive = asyncio.Lock()
        """One transaction or read at a time on the shared connection: BEGIN does not nest, so two rooms
        finishing at once would collide (the loser's ROLLBACK undoing the winner's race), and a read in
        the middle of a write would see half a race."""

    @classmethod
    async def open(cls, path: Path) -> "Store":
        """Open (creating if needed) the database file and bring its schema up to date."""
        path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        try:
            await db.execute("PRAGMA busy_timeout = 5000")  # first: another opener may hold the file
            await _use_wal(db)
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            store = cls(db, path)
            await store.migrate()
        except BaseException:
            await db.close()  # a connection left open keeps its thread, and the process, alive
            raise
        return store

    async def close(self) -> None:
        """Close the connection."""
        await self.db.close()

    async def schema_version(self) -> int:
        """The applied schema version."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Apply the migrations this file has not seen, each in its own transaction.

        Another connection may be migrating the same file at once: each step waits for the write lock
        (BEGIN IMMEDIATE), and a step that fails because the other connection applied it is skipped.
        """
        current = await self.schema_version()
        for version, script in enumerate(MIGRATIONS[current:], start=current + 1):
            try:
                await self.db.executescript(
                    f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {version};\nCOMMIT;"
                )
            except sqlite3.OperationalError:
                if self.db.in_transaction:
                    await self.db.execute("ROLLBACK")
                if await self.schema_version() < version:
                    raise

    # ----- races ------------------------------------------------------------------------------------

    async def save_race(self, record: RaceRecord) -> None:
        """Write a finished race, its results and its whole log in one transaction."""
        async with self._exclusive:
            await self._insert_race(record)

    async def _insert_race(self, record: RaceRecord) -> None:
        s = record.settings
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            await self.db.execute(
                "INSERT INTO races (id, room_code, preset, rows, cols, algorithm, braid, openings, seed,"
                " daily, settings, started_at, ended_at, shortest, ranked)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.id, record.room_code, s["preset"], s["rows"], s["cols"], s["algorithm"],
                    s["braid"], s["openings"], record.seed, record.daily, json.dumps(s),
                    record.started_at, record.ended_at, record.shortest, int(record.ranked),
                ),
            )  # fmt: skip
            await self.db.executemany(
                "INSERT INTO results (race_id, player_id, name, colour, rank, time_ms, penalty_ms, total_ms,"
                " moves, hints, route, distance, final_row, final_col, dnf)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        record.id, r["id"], r["name"], r["colour"], r["rank"], r["time"], r["penalty"],
                        r["total"], r["moves"], r["hints"], r["route"], r["distance"],
                        r["room"][0] if r["room"] else None, r["room"][1] if r["room"] else None,
                        int(r["dnf"]),
                    )
                    for r in record.results
                ],
            )  # fmt: skip
            await self.db.executemany(
                "INSERT INTO race_log (race_id, seq, t_ms, player_id, kind, row, col, method, found)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        record.id, seq, e["t"], e["id"], e["type"],
                        e["room"][0] if "room" in e else None, e["room"][1] if "room" in e else None,
                        e.get("method"), int(e["found"]) if "found" in e else None,
                    )
                    for seq, e in enumerate(record.log)
                ],
            )  # fmt: skip
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

    async def race(self, race_id: str) -> dict[str, Any] | None:
        """A stored race with its results and log, or None."""
        async with self._exclusive:
            return await self._race(race_id)

    async def _race(self, race_id: str) -> dict[str, Any] | None:
        async with self.db.execute("SELECT * FROM races WHERE id = ?", (race_id,)) as cursor:
            race = await cursor.fetchone()
        if race is None:
            return None
        async with self.db.execute(
            "SELECT * FROM results WHERE race_id = ? ORDER BY rank", (race_id,)
        ) as cursor:
            results = [_result_json(row, race["shortest"]) for row in await cursor.fetchall()]
        async with self.db.execute(
            "SELECT * FROM race_log WHERE race_id = ? ORDER BY seq", (race_id,)
        ) as cursor:
            log = [_log_json(row) for row in await cursor.fetchall()]
        return {
            "id": race["id"],
            "settings": json.loads(race["settings"]),
            "ranked": bool(race["ranked"]),
            "seed": race["seed"],
            "daily": race["daily"],
            "started_at": round(race["started_at"] * 1000),
            "ended_at": round(race["ended_at"] * 1000),
            "shortest": race["shortest"],
            "results": results,
            "log": log,
        }

    async def recent_races(self, limit: int = 20) -> list[dict[str, Any]]:
        """The latest finished races of public rooms, newest first."""
        async with (
            self._exclusive,
            self.db.execute(
                "SELECT id, preset, rows, cols, algorithm, daily, ended_at FROM races"
                " WHERE json_extract(settings, '$.public') = 1 ORDER BY ended_at DESC LIMIT ?",
                (min(limit, LEADERBOARD_MAX),),
            ) as cursor,
        ):
            rows = [dict(row) for row in await cursor.fetchall()]
        for row in rows:
            row["ended_at"] = round(row["ended_at"] * 1000)  # ms, like every other time on the wire
        return rows

    async def leaderboard(
        self,
        preset: str | None = None,
        algorithm: str | None = None,
        name: str | None = None,
        daily: str | None = None,
        limit: int = 20,
    ) -> list[dict[str, Any]]:
        """Best finishing times: each player's best in the category, or one player's best per category.

        Ordered by total time (time + hint penalty), ties by who finished first.
        """
        partition = _BY_CATEGORY if name is not None else _BY_NAME
        params = {
            "preset": preset,
            "algorithm": algorithm,
            "name": name,
            "daily": daily,
            "limit": max(1, min(limit, LEADERBOARD_MAX)),
        }
        async with (
            self._exclusive,
            self.db.execute(_LEADERBOARD.format(partition=partition), params) as cursor,
        ):
            rows = await cursor.fetchall()
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

    # ----- open rooms across restarts ---------------------------------------------------------------

    async def save_rooms(self, states: list[dict[str, Any]], saved_at: float) -> None:
        """Replace the saved rooms with `states` in one transaction."""
        async with self._exclusive:
            await self._replace_rooms(states, saved_at)

    async def _replace_rooms(self, states: list[dict[str, Any]], saved_at: float) -> None:
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            await self.db.execute("DELETE FROM saved_rooms")
            await self.db.executemany(
                "INSERT INTO saved_rooms (code, saved_at, state) VALUES (?, ?, ?)",
                [(state["code"], saved_at, json.dumps(state)) for state in states],
            )
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

    async def saved_rooms(self) -> list[tuple[float, dict[str, Any]]]:
        """The rooms saved at the last shutdown, with the moment they were saved."""
        async with self._exclusive, self.db.execute("SELECT saved_at, state FROM saved_rooms") as cursor:
            rows = await cursor.fetchall()
        return [(row["saved_at"], json.loads(row["state"])) for row in rows]

    async def clear_saved_rooms(self) -> None:
        """Forget the saved rooms, once they are back in play (not before: a failed start keeps them)."""
        async with self._exclusive:
            await self.db.execute("DELETE FROM saved_rooms")

    async def daily_secret(self) -> str:
        """This server's secret for daily seeds, made on first use and kept, so the daily maze stays the
        same all day across restarts but cannot be worked out from the code in advance."""
        async with self._exclusive:
            await self.db.execute(
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('daily_secret', ?)", (secrets.token_hex(16),)
            )
            async with self.db.execute("SELECT value FROM meta WHERE key = 'daily_secret'") as cursor:
                row = await cursor.fetchone()
        return str(row["value"]) if row else ""


async def _use_wal(db: aiosqlite.Connection) -> None:
    """Switch the file to WAL. On a new file another connection may be switching it at the same moment,
    and SQLite answers "locked" at once (no busy wait) for that, so try again for up to 5 s."""
    for _ in range(100):
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error):
                raise
            await asyncio.sleep(0.05)
    await db.execute("PRAGMA journal_mode = WAL")


def _result_json(row: aiosqlite.Row, shortest: int) -> dict[str, Any]:
    """A result row as the race announced it; shortest, efficiency and progress derive as in result_rows."""
    dnf = bool(row["dnf"])
    return {
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
    }


def _log_json(row: aiosqlite.Row) -> dict[str, Any]:
    entry: dict[str, Any] = {"t": row["t_ms"], "type": row["kind"], "id": row["player_id"]}
    if row["row"] is not None:
        entry["room"] = [row["row"], row["col"]]
    if row["method"] is not None:
        entry["method"] = row["method"]
        entry["found"] = bool(row["found"])
    return entry
