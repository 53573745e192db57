"""The SQLite file's schema: the steps that bring a file of any earlier version up to date, applied
in order by `server.store.sqlite.file` under SQLite's `user_version`."""

import json
import sqlite3
from collections.abc import Callable

from server.room.racelog import RaceLog
from server.store import maze_boards, published
from server.store.best_times import create_table, fill_table
from server.store.tables import ADD_BOT_KIND, ADD_DIFFICULTY_CARD

Step = str | Callable[[sqlite3.Connection], None]


def _pack_row_logs(db: sqlite3.Connection) -> None:
    """Schema 4: one compressed blob of packed columns per race instead of a row per move."""
    db.execute(
        "CREATE TABLE race_logs (race_id TEXT PRIMARY KEY REFERENCES races(id) ON DELETE CASCADE,"
        " players TEXT NOT NULL, data BLOB NOT NULL)"
    )
    races = db.execute("SELECT id, cols FROM races").fetchall()
    for race_id, cols in races:
        packed = RaceLog(cols)
        rows = db.execute(
            "SELECT t_ms, player_id, kind, row, col, method, found FROM race_log WHERE race_id = ?"
            " ORDER BY seq",
            (race_id,),
        )
        for t_ms, player, kind, row, col, method, found in rows:
            if kind == "move":
                packed.add_move(t_ms, player, (row, col))
            else:
                packed.add_hint(t_ms, player, method, bool(found))
        db.execute(
            "INSERT INTO race_logs (race_id, players, data) VALUES (?, ?, ?)",
            (race_id, json.dumps(packed.players), packed.to_blob()),
        )
    db.execute("DROP TABLE race_log")


MIGRATIONS: tuple[Step, ...] = (
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
    _pack_row_logs,
    # Ranked races are raced on hint rules at least as strict as the defaults (records.is_ranked).
    """
    UPDATE races SET ranked = 0 WHERE ranked = 1 AND (
        COALESCE(json_extract(settings, '$.hint_limit'), 3) > 3
        OR COALESCE(json_extract(settings, '$.hint_penalty'), 5) < 5
        OR COALESCE(json_extract(settings, '$.hint_moves'), 0) != 0
    );
    """,
    ADD_DIFFICULTY_CARD,
    ADD_BOT_KIND,
    # The leaderboards precomputed (`server.store.best_times`), filled from the results stored so far.
    create_table("INTEGER", "REAL") + fill_table("COALESCE(json_extract(races.settings, '$.fog'), 0)"),
    # Published mazes, the races' maze column and the mazes' own boards.
    published.create_table("REAL") + maze_boards.create_table("INTEGER", "REAL"),
)
"""Schema steps; step i brings the database to `user_version` i + 1. Append, never edit; a step the
PostgreSQL schema takes alike is written once, in `server.store.tables`."""
