"""Persistence fixtures: a real database per test, opened through the real store, and an HTTP session.

`backend` runs a store test twice: on a real SQLite file, and on a fresh database of the real PostgreSQL
server the session started (`tests.services.postgres`).
"""

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import psycopg
import pytest

from server.store.interface import Store
from server.store.postgres.results import PgStore
from server.store.postgres.schema import PG_MIGRATIONS
from server.store.sqlite.results import SqliteStore
from server.store.sqlite.schema import MIGRATIONS

_PG_SCHEMA = """
    SELECT table_name || '.' || column_name, data_type || ' ' || is_nullable FROM information_schema.columns
    WHERE table_schema = 'public'
    UNION ALL SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
    ORDER BY 1
"""


@dataclass(frozen=True)
class Backend:
    """One kind of database for a store test, and plain looks into it that bypass the store."""

    kind: str
    """"sqlite" or "postgres"."""
    db: str
    """What `--db` would be: the file's path or the database's URL."""

    @property
    def latest_version(self) -> int:
        return len(MIGRATIONS) if self.kind == "sqlite" else len(PG_MIGRATIONS)

    async def open(self) -> Store:
        """Another store on the same database."""
        return await (SqliteStore.open(Path(self.db)) if self.kind == "sqlite" else PgStore.open(self.db))

    def _query(self, sql: str) -> list[tuple[object, ...]]:
        if self.kind == "sqlite":
            with contextlib.closing(sqlite3.connect(self.db)) as plain:
                return plain.execute(sql).fetchall()
        with psycopg.connect(self.db) as plain:
            return plain.execute(sql).fetchall()  # type: ignore[arg-type]

    async def count(self, table: str) -> int:
        """The rows in `table`, through a connection of its own."""
        rows = await asyncio.to_thread(self._query, f"SELECT COUNT(*) FROM {table}")  # our table names
        return int(rows[0][0])  # type: ignore[call-overload]

    async def schema(self) -> list[tuple[object, ...]]:
        """Every table, column and index, to compare before and after."""
        sql = "SELECT name, sql FROM sqlite_master ORDER BY name" if self.kind == "sqlite" else _PG_SCHEMA
        return await asyncio.to_thread(self._query, sql)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where this test's database file lives (not created yet)."""
    return tmp_path / "data" / "mazerace.db"


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, db_path: Path) -> Backend:
    """This test's database: a new SQLite file, or a new database on the session's PostgreSQL."""
    if request.param == "sqlite":
        return Backend("sqlite", str(db_path))
    return Backend("postgres", request.getfixturevalue("postgres_url"))


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[Store]:
    """An open store on a fresh database, closed at teardown."""
    opened = await backend.open()
    yield opened
    await opened.close()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    """An HTTP session for the test's requests to its server processes."""
    async with aiohttp.ClientSession() as session:
        yield session
