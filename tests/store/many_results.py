"""A database holding many stored results, made in seconds with direct inserts, for the tests and the
benchmark of the leaderboards under load.

The file (or PostgreSQL database) is left at the last schema before the precomputed best times, as a
server that ran for months would have it; the server opening it brings it up to date, so the same
database serves the code before and after the precomputed table, and the migration that fills it from
the existing results is exercised on every run.
"""

import contextlib
import functools
import json
import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import psycopg

from server.room.settings import RoomSettings
from server.store.postgres.schema import PG_MIGRATIONS
from server.store.sqlite.schema import MIGRATIONS

SQLITE_RESULTS_ONLY = 7
"""The SQLite file's schema version before the precomputed best times."""
PG_RESULTS_ONLY = 3
"""The PostgreSQL schema version before the precomputed best times."""

PLAYERS_A_RACE = 4
PRESETS = (("easy", 10), ("medium", 50), ("hard", 100))
ALGORITHMS = ("backtracker", "kruskal", "prim", "wilson")
EPOCH = 1_800_000_000.0


@dataclass(frozen=True)
class Rows:
    """The races and results rows to insert, in the columns of the two tables."""

    races: list[tuple[object, ...]]
    results: list[tuple[object, ...]]


@functools.cache
def _settings_text(preset: str, side: int, algorithm: str, fog: bool) -> str:
    return json.dumps(
        RoomSettings(preset=preset, rows=side, cols=side, algorithm=algorithm, fog=fog).to_json()
    )


def many_rows(results: int, names: int, seed: int = 1) -> Rows:
    """About `results` results of `names` players over races of four: three sizes, four generators,
    one race in ten a daily one, one in ten in fog, one in ten unranked, some DNFs and bots."""
    rng = random.Random(seed)
    races: list[tuple[object, ...]] = []
    rows: list[tuple[object, ...]] = []
    for n in range(results // PLAYERS_A_RACE):
        preset, side = rng.choice(PRESETS)
        algorithm = rng.choice(ALGORITHMS)
        fog = rng.random() < 0.1
        daily = f"2026-05-{rng.randint(1, 28):02d}" if rng.random() < 0.1 else None
        settings = _settings_text(preset, side, algorithm, fog)
        ended = EPOCH + n * 7.25
        race_id = f"bulk-{n}"
        races.append(
            (race_id, "BULK", preset, side, side, algorithm, 0.0, "corners", n, daily, settings,
             ended - 60, ended, side * 3, rng.random() < 0.9)
        )  # fmt: skip
        for seat, player in enumerate(rng.sample(range(names), PLAYERS_A_RACE)):
            dnf = rng.random() < 0.1
            time_ms = None if dnf else rng.randint(5_000, 600_000)
            hints = rng.randint(0, 3)
            total = None if time_ms is None else time_ms + hints * 5_000
            bot = "bfs" if seat == 3 and rng.random() < 0.2 else None
            rows.append(
                (race_id, f"p{seat}", f"Player {player}", "#123456", seat + 1, time_ms, hints * 5_000, total,
                 side * 4, hints, side * 3, 0 if not dnf else side, None, None, dnf, bot)
            )  # fmt: skip
    return Rows(races, rows)


_INSERT_RACE = (
    "INSERT INTO races (id, room_code, preset, rows, cols, algorithm, braid, openings, seed, daily, settings,"
    " started_at, ended_at, shortest, ranked) VALUES ({marks})"
)
_INSERT_RESULT = (
    "INSERT INTO results (race_id, player_id, name, colour, rank, time_ms, penalty_ms, total_ms, moves,"
    " hints, route, distance, final_row, final_col, dnf, bot) VALUES ({marks})"
)


def sqlite_with_results(path: Path, results: int, names: int) -> None:
    """A new SQLite file at the schema before the precomputed best times, holding about `results`
    results."""
    rows = many_rows(results, names)
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
        for step in MIGRATIONS[:SQLITE_RESULTS_ONLY]:
            if isinstance(step, str):
                db.executescript(step)
            else:
                step(db)
        db.execute(f"PRAGMA user_version = {SQLITE_RESULTS_ONLY}")
        db.execute("BEGIN")
        db.executemany(_INSERT_RACE.format(marks=", ".join("?" * 15)), rows.races)
        db.executemany(_INSERT_RESULT.format(marks=", ".join("?" * 16)), rows.results)
        db.execute("COMMIT")


def postgres_with_results(url: str, results: int, names: int) -> None:
    """The empty PostgreSQL database at `url` brought to the schema before the precomputed best times,
    holding about `results` results (copied in, which takes seconds)."""
    rows = many_rows(results, names)
    with psycopg.connect(url) as conn:
        for step in PG_MIGRATIONS[:PG_RESULTS_ONLY]:
            conn.execute(step)  # type: ignore[arg-type]
        conn.execute("CREATE TABLE mazerace_schema (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO mazerace_schema (version) VALUES (%s)", (PG_RESULTS_ONLY,))
        with conn.cursor() as cursor:
            with cursor.copy(
                "COPY races (id, room_code, preset, rows, cols, algorithm, braid, openings, seed, daily,"
                " settings, started_at, ended_at, shortest, ranked) FROM STDIN"
            ) as copy:
                for race in rows.races:
                    copy.write_row(race)
            with cursor.copy(
                "COPY results (race_id, player_id, name, colour, rank, time_ms, penalty_ms, total_ms, moves,"
                " hints, route, distance, final_row, final_col, dnf, bot) FROM STDIN"
            ) as copy:
                for result in rows.results:
                    copy.write_row(result)
        conn.execute("ANALYZE")
