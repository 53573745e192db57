"""The PostgreSQL backend's published mazes (`Store.publish_maze` and the reads of published mazes), a
part of `PgStore` kept in a module of its own.

Several servers share the database: a publication takes a transaction-scoped advisory lock first, so no
two interleave and `maze_codes.publish` sees every maze stored before it (two servers publishing the
same maze at once store one row and answer with one code).
"""

from psycopg import AsyncConnection
from psycopg.rows import DictRow
from psycopg_pool import AsyncConnectionPool

from server.maze.model import Maze
from server.store.interface import MazeOrder, PublishedMaze, PublishedMazeSummary
from server.store.maze_codes import PUBLISH_LOCK, Publication, publish
from server.store.published import maze_sql_with, published_maze, summary_json
from server.store.tables import Params, Row, leaderboard_limit

MAZE_SQL = maze_sql_with("%s")


class _Transaction:
    """A connection inside an open transaction, as `maze_codes.publish` uses it."""

    def __init__(self, conn: AsyncConnection[DictRow]) -> None:
        self.conn = conn

    async def one(self, sql: str, params: Params) -> Row | None:
        return await (await self.conn.execute(sql, params)).fetchone()

    async def run(self, sql: str, params: Params) -> None:
        await self.conn.execute(sql, params)


class PgMazes:
    """The published mazes' methods of `PgStore`, which sets `pool`."""

    pool: AsyncConnectionPool[AsyncConnection[DictRow]]

    async def publish_maze(
        self, maze: Maze, title: str, author: str, clear_ms: int, address_key: str, now: float
    ) -> tuple[str, bool]:
        """Store a maze under its share code, or find it stored (`Store.publish_maze`)."""
        publication = Publication(maze, title, author, clear_ms, address_key, now)
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (PUBLISH_LOCK,))
            return await publish(_Transaction(conn), MAZE_SQL, publication)

    async def published_maze(self, code: str) -> PublishedMaze | None:
        """The published maze of that code, or None."""
        async with self.pool.connection() as conn:
            row = await (await conn.execute(MAZE_SQL.by_code, (code,))).fetchone()
        return None if row is None else published_maze(row)

    async def published_mazes(self, order: MazeOrder, limit: int) -> list[PublishedMazeSummary]:
        """Published mazes, newest or most raced first."""
        async with self.pool.connection() as conn:
            cursor = await conn.execute(MAZE_SQL.summaries[order], (leaderboard_limit(limit),))
            return [summary_json(row) for row in await cursor.fetchall()]

    async def publications_since(self, address_key: str, since: float) -> int:
        """How many mazes were published from that address key since `since`."""
        async with self.pool.connection() as conn:
            row = await (await conn.execute(MAZE_SQL.since, (address_key, since))).fetchone()
        return int(row["n"]) if row else 0
