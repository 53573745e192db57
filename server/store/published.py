"""Published mazes in the store, once for both backends: the table, the statements (the placeholder
style their only difference) and the rows read back as the interface's records. Choosing a maze's
code as it is published is `server.store.maze_codes`.

A published maze never changes: its row is written once. The maze is kept in its wire form
(`server.maze.wire`, JSON text: 7,500 characters of base64 walls for 150 x 150), which is what the API
sends and what decodes back to the same maze. The author's address is never stored, only the caller's
keyed hash of it (`address_key`), for the per-address daily cap.

Backend-neutral: neither database driver is imported here.
"""

import json
from dataclasses import dataclass

from server.maze.wire import decode_maze
from server.store.interface import MazeOrder, PublishedMaze, PublishedMazeSummary
from server.store.tables import Row

ORDERS: dict[MazeOrder, str] = {
    "newest": "created_at DESC, code",
    "most_raced": "races DESC, created_at DESC, code",
}
"""The orders of the published mazes' list; only these texts are ever formatted into a query."""


def create_table(real_type: str) -> str:
    """The migration creating `published_mazes` and the races' `maze_code` column, in a backend's
    float type. `races` counts the stored races on the maze (bumped by each race's save)."""
    return f"""
    CREATE TABLE published_mazes (
        code TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL UNIQUE,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        directions INTEGER NOT NULL,
        maze TEXT NOT NULL,
        title TEXT NOT NULL,
        author TEXT NOT NULL,
        clear_ms INTEGER NOT NULL,
        created_at {real_type} NOT NULL,
        address_key TEXT NOT NULL,
        races INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX published_by_newest ON published_mazes (created_at DESC, code);
    CREATE INDEX published_by_races ON published_mazes (races DESC, created_at DESC, code);
    CREATE INDEX published_by_address ON published_mazes (address_key, created_at);
    ALTER TABLE races ADD COLUMN maze_code TEXT;
    CREATE INDEX races_by_maze ON races (maze_code) WHERE maze_code IS NOT NULL;
    """


@dataclass(frozen=True)
class MazeSql:
    """The published mazes' statements, in one backend's placeholder style (`maze_sql_with`)."""

    by_fingerprint: str
    by_code: str
    insert: str
    count_race: str
    """Bumps a maze's count of stored races (run in the race's save, after its race row)."""
    since: str
    summaries: dict[MazeOrder, str]


_SUMMARY = "code, title, author, rows, cols, directions, clear_ms, created_at, races"


def maze_sql_with(mark: str) -> MazeSql:
    """The statements with `mark` as their placeholder: `?` for SQLite, `%s` for psycopg."""
    return MazeSql(
        by_fingerprint=f"SELECT code FROM published_mazes WHERE fingerprint = {mark}",
        by_code=f"SELECT * FROM published_mazes WHERE code = {mark}",
        insert=(
            "INSERT INTO published_mazes (code, fingerprint, rows, cols, directions, maze, title, author,"
            f" clear_ms, created_at, address_key) VALUES ({', '.join([mark] * 11)})"
        ),
        count_race=f"UPDATE published_mazes SET races = races + 1 WHERE code = {mark}",
        since=(
            f"SELECT COUNT(*) AS n FROM published_mazes WHERE address_key = {mark} AND created_at >= {mark}"
        ),
        summaries={
            order: f"SELECT {_SUMMARY} FROM published_mazes ORDER BY {sort} LIMIT {mark}"
            for order, sort in ORDERS.items()
        },
    )


def published_maze(row: Row) -> PublishedMaze:
    """A `published_mazes` row as the interface's record."""
    return PublishedMaze(
        code=row["code"],
        maze=decode_maze(json.loads(row["maze"])),
        title=row["title"],
        author=row["author"],
        clear_ms=row["clear_ms"],
        created_at=float(row["created_at"]),
        races=row["races"],
    )


def summary_json(row: Row) -> PublishedMazeSummary:
    """A row of the list query as `GET /api/mazes` sends it (created_at in epoch ms)."""
    return {
        "code": row["code"],
        "title": row["title"],
        "author": row["author"],
        "rows": row["rows"],
        "cols": row["cols"],
        "directions": row["directions"],
        "clear_ms": row["clear_ms"],
        "created_at": round(row["created_at"] * 1000),
        "races": row["races"],
    }
