"""The PostgreSQL backend's schema: the SQLite file's tables as they were when PostgreSQL came
(`server.store.sqlite.schema`'s first five migrations), with PostgreSQL's types (booleans, jsonb settings,
bytea logs), then the steps both databases take alike (`server.store.tables`), brought up to date
when a server opens the database.

Several servers may open one database at the same moment: each applies the steps it has not seen under
a transaction-scoped advisory lock and reads the version again under that lock, so each step runs
exactly once and the others wait for it.
"""

from psycopg import AsyncConnection
from psycopg.rows import DictRow

from server.store import maze_boards, published
from server.store.best_times import create_table, fill_table
from server.store.tables import ADD_BOT_KIND, ADD_DIFFICULTY_CARD

MIGRATION_LOCK = 0x6D617A65
"""The advisory lock key every MazeRace server takes to migrate ("maze")."""

PG_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE races (
        id TEXT PRIMARY KEY,
        room_code TEXT NOT NULL,
        preset TEXT NOT NULL,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        algorithm TEXT NOT NULL,
        braid DOUBLE PRECISION NOT NULL,
        openings TEXT NOT NULL,
        seed BIGINT NOT NULL,
        daily TEXT,
        settings JSONB NOT NULL,
        started_at DOUBLE PRECISION NOT NULL,
        ended_at DOUBLE PRECISION NOT NULL,
        shortest INTEGER NOT NULL,
        ranked BOOLEAN NOT NULL
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
        dnf BOOLEAN NOT NULL,
        PRIMARY KEY (race_id, player_id)
    );
    CREATE INDEX results_by_total ON results (total_ms) WHERE NOT dnf;
    CREATE INDEX results_by_name ON results (name, total_ms) WHERE NOT dnf;
    CREATE INDEX races_by_kind ON races (preset, algorithm);
    CREATE INDEX races_by_daily ON races (daily, preset) WHERE daily IS NOT NULL;
    CREATE INDEX public_races_by_end ON races (ended_at DESC) WHERE settings @> '{"public": true}';
    CREATE TABLE race_logs (
        race_id TEXT PRIMARY KEY REFERENCES races(id) ON DELETE CASCADE,
        players TEXT NOT NULL,
        data BYTEA NOT NULL
    );
    CREATE TABLE saved_rooms (
        code TEXT PRIMARY KEY,
        saved_at DOUBLE PRECISION NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    ADD_DIFFICULTY_CARD,
    ADD_BOT_KIND,
    # The leaderboards precomputed (`server.store.best_times`), filled from the results stored so far.
    create_table("BOOLEAN", "DOUBLE PRECISION")
    + fill_table("COALESCE((races.settings->>'fog')::boolean, false)", ' COLLATE "C"'),
    # Published mazes, the races' maze column and the mazes' own boards.
    published.create_table("DOUBLE PRECISION") + maze_boards.create_table("BOOLEAN", "DOUBLE PRECISION"),
)
"""Schema steps; step i brings the database to version i + 1. Append, never edit; a step the SQLite
file takes alike is written once, in `server.store.tables`. Room states and log players stay JSON
text, as in SQLite: jsonb would refuse a NUL character and reorder nothing we need."""


async def schema_version(conn: AsyncConnection[DictRow]) -> int:
    """The applied version (0 before the first migration)."""
    cursor = await conn.execute("SELECT to_regclass('mazerace_schema') IS NOT NULL AS present")
    table = await cursor.fetchone()
    if table is None or not table["present"]:
        return 0
    cursor = await conn.execute("SELECT version FROM mazerace_schema")
    row = await cursor.fetchone()
    return int(row["version"]) if row else 0


async def migrate(conn: AsyncConnection[DictRow]) -> None:
    """Apply the steps this database has not seen, all in one transaction under the migration lock."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        await conn.execute("CREATE TABLE IF NOT EXISTS mazerace_schema (version INTEGER NOT NULL)")
        version = await schema_version(conn)
        if version == 0:
            await conn.execute("DELETE FROM mazerace_schema")
            await conn.execute("INSERT INTO mazerace_schema (version) VALUES (0)")
        for number, step in enumerate(PG_MIGRATIONS, start=1):
            if number <= version:
                continue
            await conn.execute(step)  # no parameters: several statements in one go
            await conn.execute("UPDATE mazerace_schema SET version = %s", (number,))
