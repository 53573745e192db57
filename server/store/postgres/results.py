"""The PostgreSQL store: finished races, leaderboards, replays, saved rooms and the daily secret in one
database several servers (on several machines) share, through psycopg 3's asyncio API and a small
connection pool. It is the same `Store` as the SQLite file (`server.store.sqlite.results`), chosen by
`--db postgresql://...`.

Every write is one transaction; a race is saved at most once by its id (`ON CONFLICT DO NOTHING`), so
two processes storing the same race after a fail-over leave one copy. The server being out of reach is
a failure worth retrying (the `RaceSaver` keeps the race) and shows on `/healthz`.
"""

import asyncio
import hashlib
import json
import logging
import secrets
from pathlib import Path
from typing import Any

import psycopg
from psycopg import AsyncConnection
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import DictRow, dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from server.room.racelog import RaceLog
from server.room.records import RaceRecord
from server.room.snapshot import RoomStateJson
from server.store.errors import RaceRefused, StoreError, one_line
from server.store.interface import StoreHealth
from server.store.postgres.reads import read_leaderboard, read_race, read_recent_races
from server.store.postgres.schema import PG_MIGRATIONS, migrate, schema_version
from server.store.reads import card_text
from server.store.saving import RaceSaver

log = logging.getLogger(__name__)

POOL_SIZE = 4
"""Connections at most: saves of rooms finishing at once and the API's reads go side by side."""
CONNECT_SECONDS = 5
"""How long opening the store, or a query, waits for a connection before it fails (and is retried)."""

_REFUSED = (psycopg.IntegrityError, psycopg.DataError)
"""A race whose rows the database refuses: storing it again cannot help."""
_UNREACHABLE = (psycopg.OperationalError, PoolTimeout, OSError)


def display_name(url: str) -> str:
    """The URL without user or password, for logs and `/healthz`."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(unparsable URL)"
    return f"postgresql://{parts.get('host', '')}:{parts.get('port', 5432)}/{parts.get('dbname', '')}"


class PgStore:
    """The game's memory in PostgreSQL; open with `PgStore.open(url)`, close with `close()`."""

    def __init__(self, pool: AsyncConnectionPool[AsyncConnection[DictRow]], url: str) -> None:
        self.pool = pool
        self._name = display_name(url)
        self._rescue_base = Path.cwd() / f"mazerace-pg-{hashlib.sha256(self._name.encode()).hexdigest()[:12]}"
        self._reach_problem: str | None = None
        self._write_problem: str | None = None
        self.saver = RaceSaver(self.save_race)
        """Races that could not be written yet, retried until they are."""

    @classmethod
    async def open(cls, url: str) -> "PgStore":
        """Connect, create or migrate the schema, and start the pool; `StoreError` if unusable."""
        name = display_name(url)
        try:
            conn = await AsyncConnection.connect(url, row_factory=dict_row, connect_timeout=CONNECT_SECONDS)
            async with conn:
                await migrate(conn)
        except psycopg.Error as error:
            raise StoreError(f"{name}: {one_line(error)}: check the URL and that the server is up") from None
        pool = AsyncConnectionPool(
            url,
            connection_class=AsyncConnection[DictRow],
            kwargs={"row_factory": dict_row, "autocommit": True, "connect_timeout": CONNECT_SECONDS},
            min_size=1,
            max_size=POOL_SIZE,
            timeout=CONNECT_SECONDS,
            check=AsyncConnectionPool.check_connection,  # a restarted server's dead connections are dropped
            open=False,
            name="mazerace",
        )
        try:
            await pool.open(wait=True, timeout=CONNECT_SECONDS)
        except PoolTimeout as error:
            await pool.close()
            raise StoreError(f"{name}: {one_line(error)}") from None
        return cls(pool, url)

    @property
    def name(self) -> str:
        return self._name

    @property
    def rescue_base(self) -> Path:
        """Rescue files go to the working folder, named after the database (no password in it)."""
        return self._rescue_base

    @property
    def health(self) -> StoreHealth:
        """Whether the server answered the last check and the last write went in."""
        problem = self._reach_problem or self._write_problem
        return StoreHealth(problem is None, problem)

    def explain(self, error: BaseException) -> str:
        return f"{self._name}: {one_line(error)}"

    def is_storage_error(self, error: BaseException) -> bool:
        return isinstance(error, psycopg.Error | PoolTimeout | OSError)

    async def close(self) -> None:
        try:
            await self.pool.close(timeout=CONNECT_SECONDS)
        except Exception as error:
            log.error("closing %s failed: %s", self._name, one_line(error))

    async def schema_version(self) -> int:
        async with self.pool.connection() as conn:
            return await schema_version(conn)

    async def migrate(self) -> None:
        async with self.pool.connection() as conn:
            await migrate(conn)

    async def check(self) -> StoreHealth:
        """Ask the server for a trivial answer; out of reach is a problem on `/healthz`."""
        try:
            async with self.pool.connection() as conn:
                await conn.execute("SELECT 1")
        except _UNREACHABLE as error:
            if self._reach_problem is None:
                log.error("%s cannot be reached: %s", self._name, one_line(error))
            self._reach_problem = f"{self._name} cannot be reached ({one_line(error)}): is the server up?"
        else:
            if self._reach_problem is not None:
                log.warning("%s answers again", self._name)
            self._reach_problem = None
        return self.health

    async def _write(self, statements: list[tuple[str, Any]], *, if_new: bool = False) -> bool:
        """Run `(sql, params)` pairs (a list of rows for executemany) in one transaction; see
        `SqliteStore._write` for `if_new` (the first statement must say RETURNING for it)."""
        try:
            async with self.pool.connection() as conn, conn.transaction():
                for n, (sql, params) in enumerate(statements):
                    if isinstance(params, list):
                        async with conn.cursor() as cursor:
                            await cursor.executemany(sql, params)
                        continue
                    cursor = await conn.execute(sql, params)
                    if n == 0 and if_new and await cursor.fetchone() is None:
                        return False
        except _REFUSED as error:
            raise RaceRefused(one_line(error)) from error
        except _UNREACHABLE as error:
            self._write_problem = f"{self._name}: a write failed ({one_line(error)})"
            raise
        self._write_problem = None
        return True

    async def save_race(self, record: RaceRecord) -> bool:
        blob = await asyncio.to_thread(record.log.to_blob)
        s = record.settings
        race_row = (
            record.id, record.room_code, s["preset"], s["rows"], s["cols"], s["algorithm"],
            s["braid"], s["openings"], record.seed, record.daily, Jsonb(s),
            record.started_at, record.ended_at, record.shortest, record.ranked,
            card_text(record.difficulty),
        )  # fmt: skip
        result_rows = [
            (
                record.id, r["id"], r["name"], r["colour"], r["rank"], r["time"], r["penalty"],
                r["total"], r["moves"], r["hints"], r["route"], r["distance"],
                r["room"][0] if r["room"] else None, r["room"][1] if r["room"] else None, r["dnf"],
                r.get("bot"),
            )
            for r in record.results
        ]  # fmt: skip
        return await self._write(
            [
                (
                    "INSERT INTO races (id, room_code, preset, rows, cols, algorithm, braid, openings,"
                    " seed, daily, settings, started_at, ended_at, shortest, ranked, difficulty)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
                    " ON CONFLICT (id) DO NOTHING RETURNING id",
                    race_row,
                ),
                (
                    "INSERT INTO results (race_id, player_id, name, colour, rank, time_ms, penalty_ms,"
                    " total_ms, moves, hints, route, distance, final_row, final_col, dnf, bot)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                    result_rows,
                ),
                (
                    "INSERT INTO race_logs (race_id, players, data) VALUES (%s, %s, %s)",
                    (record.id, json.dumps(record.log.players), blob),
                ),
            ],
            if_new=True,
        )

    async def race(self, race_id: str) -> dict[str, Any] | None:
        async with self.pool.connection() as conn:
            race = await read_race(conn, race_id)
        if race is None:
            return None
        players, blob, cols = race.pop("log")
        race["log"] = await asyncio.to_thread(RaceLog.from_blob, blob, cols, players)
        return race

    async def recent_races(self, limit: int = 20) -> list[dict[str, Any]]:
        async with self.pool.connection() as conn:
            return await read_recent_races(conn, limit)

    async def leaderboard(
        self,
        preset: str | None = None,
        algorithm: str | None = None,
        name: str | None = None,
        daily: str | None = None,
        limit: int = 20,
        fog: bool = False,
    ) -> list[dict[str, Any]]:
        async with self.pool.connection() as conn:
            return await read_leaderboard(conn, preset, algorithm, name, daily, limit, fog)

    async def save_rooms(self, states: list[RoomStateJson], saved_at: float) -> None:
        rows = [(state["code"], saved_at, json.dumps(state)) for state in states]
        await self._write(
            [
                ("DELETE FROM saved_rooms", ()),
                ("INSERT INTO saved_rooms (code, saved_at, state) VALUES (%s, %s, %s)", rows),
            ]
        )

    async def saved_rooms(self) -> list[tuple[float, RoomStateJson]]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute("SELECT saved_at, state FROM saved_rooms")
            rows = await cursor.fetchall()
        return [(row["saved_at"], json.loads(row["state"])) for row in rows]

    async def clear_saved_rooms(self) -> None:
        await self._write([("DELETE FROM saved_rooms", ())])

    async def daily_secret(self) -> str:
        await self._write(
            [
                (
                    "INSERT INTO meta (key, value) VALUES ('daily_secret', %s) ON CONFLICT (key) DO NOTHING",
                    (secrets.token_hex(16),),
                )
            ]
        )
        async with self.pool.connection() as conn:
            cursor = await conn.execute("SELECT value FROM meta WHERE key = 'daily_secret'")
            row = await cursor.fetchone()
        return str(row["value"]) if row else ""


__all__ = ["PG_MIGRATIONS", "PgStore"]
