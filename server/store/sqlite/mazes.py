"""The SQLite backend's published mazes (`Store.publish_maze` and the reads of published mazes), a part
of `SqliteStore` kept in a module of its own.

Publishing is a write transaction on the writing connection under the store's lock (SQLite has one
writer: no two publications interleave, so `maze_codes.publish` sees every maze stored before it).
The reads go through the read-only connection, as the other API reads do.
"""

import asyncio
import contextlib
import sqlite3
from collections.abc import Awaitable

import aiosqlite

from server.maze.model import Maze
from server.store.interface import MazeOrder, PublishedMaze, PublishedMazeSummary
from server.store.maze_codes import Publication, publish
from server.store.published import maze_sql_with, published_maze, summary_json
from server.store.tables import Params, Row, leaderboard_limit

MAZE_SQL = maze_sql_with("?")


class _Transaction:
    """The writing connection inside an open transaction, as `maze_codes.publish` uses it."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def one(self, sql: str, params: Params) -> Row | None:
        async with self.db.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
        return row

    async def run(self, sql: str, params: Params) -> None:
        await self.db.execute(sql, params)


class SqliteMazes:
    """The published mazes' methods of `SqliteStore`, which sets these attributes."""

    db: aiosqlite.Connection
    reader: aiosqlite.Connection
    _exclusive: asyncio.Lock

    def _file_checked(self) -> Awaitable[None]:
        raise NotImplementedError  # SqliteStore's

    async def publish_maze(
        self, maze: Maze, title: str, author: str, clear_ms: int, address_key: str, now: float
    ) -> tuple[str, bool]:
        """Store a maze under its share code, or find it stored (`Store.publish_maze`)."""
        publication = Publication(maze, title, author, clear_ms, address_key, now)
        await self._file_checked()
        async with self._exclusive:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                answer = await publish(_Transaction(self.db), MAZE_SQL, publication)
                await self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        await self.db.execute("ROLLBACK")
                raise
        return answer

    async def published_maze(self, code: str) -> PublishedMaze | None:
        """The published maze of that code, or None."""
        async with self.reader.execute(MAZE_SQL.by_code, (code,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else published_maze(row)

    async def published_mazes(self, order: MazeOrder, limit: int) -> list[PublishedMazeSummary]:
        """Published mazes, newest or most raced first."""
        async with self.reader.execute(MAZE_SQL.summaries[order], (leaderboard_limit(limit),)) as cursor:
            return [summary_json(row) for row in await cursor.fetchall()]

    async def publications_since(self, address_key: str, since: float) -> int:
        """How many mazes were published from that address key since `since`."""
        async with self.reader.execute(MAZE_SQL.since, (address_key, since)) as cursor:
            row = await cursor.fetchone()
        return int(row["n"]) if row else 0
