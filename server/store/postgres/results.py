"""The store's PostgreSQL backend: finished races, leaderboards, replays, saved rooms and the daily
secret in one database several servers (on several machines) share, through psycopg 3's asyncio API
and a small connection pool. The same `Store` as the SQLite backend (`server.store.sqlite.results`),
chosen by `--db postgresql://...`.

Every write is one transaction; a race is saved at most once by its id (`ON CONFLICT DO NOTHING`), so
two processes storing the same race after a fail-over leave one copy. The server being out of reach is
a failure worth retrying (the saving keeps the race) and shows on `/healthz`.
"""

import asyncio
import hashlib
import json
import logging
import secrets
from pathlib import Path

import psycopg
from psycopg import AsyncConnection
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import DictRow, dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from server.room.records import RaceRecord
from server.room.snapshot import RoomStateJson
from server.store.errors import RaceRefused, StoreError, one_line
from server.store.interface import LeaderboardRow, RecentRace, StoredRace, StoreHealth
from server.store.postgres.mazes import PgMazes
from server.store.postgres.reads import read_leaderboard, read_race, read_recent_races
from server.store.postgres.schema import migrate, schema_version
from server.store.saving import RaceSaver
from server.store.tables import Statement, save_race_statements, save_rooms_statements, sql_with

log = logging.getLogger(__name__)

POOL_SIZE = 4
"""Connections at most: saves of rooms finishing at once and the API's reads go side by side."""
CONNECT_SECONDS = 5
"""How long opening the store, or a query, waits for a connection before it fails (and is retried)."""

_REFUSED = (psycopg.IntegrityError, psycopg.DataError)
"""A race whose rows the database refuses: storing it again cannot help."""
_UNREACHABLE = (psycopg.OperationalError, PoolTimeout, OSError)

SQL = sql_with("%s")


def display_name(url: str) -> str:
    """The URL without user or password, for logs and `/healthz`."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(unparsable URL)"
    return f"postgresql://{parts.get('host', '')}:{parts.get('port', 5432)}/{parts.get('dbname', '')}"


class PgStore(PgMazes):
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

    async def _write(self, statements: list[Statement], *, if_new: bool = False) -> bool:
        """Run `(sql, params)` pairs (a list of rows for executemany) in one transaction. `if_new`:
        when the first statement changes no row (ON CONFLICT DO NOTHING found it there), commit
        without running the others and return False."""
        try:
            async with self.pool.connection() as conn, conn.transaction():
                for n, (sql, params) in enumerate(statements):
                    if isinstance(params, list):
                        async with conn.cursor() as cursor:
                            await cursor.executemany(sql, params)
                        continue
                    cursor = await conn.execute(sql, params)
                    if n == 0 and if_new and cursor.rowcount == 0:
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
        return await self._write(save_race_statements(SQL, record, Jsonb(record.settings), blob), if_new=True)

    async def race(self, race_id: str) -> StoredRace | None:
        async with self.pool.connection() as conn:
            packed = await read_race(conn, SQL, race_id)
        return None if packed is None else await asyncio.to_thread(packed.unpack)

    async def recent_races(self, limit: int = 20) -> list[RecentRace]:
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
        maze: str | None = None,
    ) -> list[LeaderboardRow]:
        async with self.pool.connection() as conn:
            return await read_leaderboard(conn, preset, algorithm, name, daily, limit, fog, maze)

    async def save_rooms(self, states: list[RoomStateJson], saved_at: float) -> None:
        await self._write(save_rooms_statements(SQL, states, saved_at))

    async def saved_rooms(self) -> list[tuple[float, RoomStateJson]]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(SQL.saved_rooms)
            rows = await cursor.fetchall()
        return [(row["saved_at"], json.loads(row["state"])) for row in rows]

    async def clear_saved_rooms(self) -> None:
        await self._write([(SQL.clear_saved_rooms, ())])

    async def daily_secret(self) -> str:
        await self._write([(SQL.keep_daily_secret, (secrets.token_hex(16),))])
        async with self.pool.connection() as conn:
            cursor = await conn.execute(SQL.daily_secret)
            row = await cursor.fetchone()
        return str(row["value"]) if row else ""
