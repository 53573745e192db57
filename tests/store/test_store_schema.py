"""The stores' schema against a real SQLite file and a real PostgreSQL server (`backend`): a new
database gets every migration, reopening changes nothing, an older SQLite file is brought up to date
keeping its races, and stores opened at once all come up."""

import asyncio
import contextlib
import json
import sqlite3
from pathlib import Path

from server.store.sqlite.results import SqliteStore
from server.store.sqlite.schema import MIGRATIONS
from tests.store.conftest import Backend
from tests.store.races import T0
from tests.store.stored import small_race, stored_form


async def table_names(store: SqliteStore) -> set[str]:
    async with store.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
        return {row[0] for row in await cursor.fetchall()}


# ----- schema --------------------------------------------------------------------------------------------


async def test_a_new_file_gets_every_migration_and_wal_mode(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    try:
        await check_new_file(store, db_path)
    finally:
        await store.close()


async def check_new_file(store: SqliteStore, db_path: Path) -> None:
    assert await asyncio.to_thread(db_path.is_file)
    assert await store.schema_version() == len(MIGRATIONS)
    assert {"races", "results", "race_logs", "saved_rooms"} <= await table_names(store)
    assert "race_log" not in await table_names(store)
    async with store.db.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    async with store.db.execute("PRAGMA foreign_keys") as cursor:
        assert (await cursor.fetchone())[0] == 1
    # WAL is a property of the file: a plain connection that changes nothing sees it too
    with contextlib.closing(sqlite3.connect(db_path)) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert plain.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


async def test_reopening_is_idempotent(backend: Backend) -> None:
    first = await backend.open()
    record = small_race(1)
    await first.save_race(record)
    before = await backend.schema()
    assert before
    await first.close()
    for _ in range(2):
        again = await backend.open()
        try:
            assert await again.schema_version() == backend.latest_version
            await again.migrate()  # nothing left to apply
            assert await again.schema_version() == backend.latest_version
            assert await backend.schema() == before
            assert await again.race(record.id) == stored_form(record)
            assert await backend.count("races") == 1
        finally:
            await again.close()


OLD_RACE = "an-old-race"
GENEROUS_RACE = "a-generous-one"
"""Raced with free, unlimited hints: stored as ranked by the first release."""


def make_version_1_file(path: Path) -> None:
    """A file as the first release left it: only the first migration applied, and one race stored."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as plain:
        plain.executescript(f"BEGIN;\n{MIGRATIONS[0]}\nPRAGMA user_version = 1;\nCOMMIT;")
        plain.execute(
            "INSERT INTO races (id, room_code, preset, rows, cols, algorithm, braid, openings, seed, daily,"
            " settings, started_at, ended_at, shortest) VALUES"
            " (?, 'abcdefghjk', 'easy', 10, 10, 'backtracker', 0, 'corners', 1, NULL, ?, ?, ?, 18)",
            (OLD_RACE, json.dumps({"public": True, "hint_moves": False}), T0, T0 + 60),
        )
        plain.execute(
            "INSERT INTO races (id, room_code, preset, rows, cols, algorithm, braid, openings, seed, daily,"
            " settings, started_at, ended_at, shortest) VALUES"
            " (?, 'abcdefghjm', 'easy', 10, 10, 'backtracker', 0, 'corners', 2, NULL, ?, ?, ?, 18)",
            (GENEROUS_RACE, json.dumps({"public": True, "hint_penalty": 0, "hint_limit": 99}), T0, T0 + 61),
        )
        plain.executemany(
            "INSERT INTO race_log (race_id, seq, t_ms, player_id, kind, row, col, method, found)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(OLD_RACE, seq, *entry) for seq, entry in enumerate(OLD_LOG)],
        )


OLD_LOG = [
    (5, "p1", "hint", None, None, "bfs", 1),
    (70, "p1", "move", 1, 0, None, None),
    (70, "p2", "move", 0, 1, None, None),
    (900, "p2", "hint", None, None, "astar", 0),
    (1200, "p1", "move", 1, 1, None, None),
]
"""Rows of the old one-row-a-move log table: (t_ms, player, kind, row, col, method, found)."""


async def test_an_older_file_is_brought_up_to_date_keeping_its_races(db_path: Path) -> None:
    make_version_1_file(db_path)
    record = small_race(2)
    store = await SqliteStore.open(db_path)  # applies the later steps only (the first's CREATEs would fail)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert "saved_rooms" in await table_names(store)
        await store.save_race(record)
        assert await store.race(record.id) == stored_form(record)
        assert [race["id"] for race in await store.recent_races()] == [record.id, GENEROUS_RACE, OLD_RACE]
        generous = await store.race(GENEROUS_RACE)
        assert generous is not None
        assert not generous["ranked"]  # the migration applied the hint rules to what was stored
        assert list(generous["log"]) == []
        old = await store.race(OLD_RACE)
        assert old is not None
        assert old["ranked"]  # an easy race on the standard rules counts for the leaderboards
        assert old["difficulty"] is None  # stored before the card: it loads without one
        assert old["shortest_routes"] is None
        assert "race_log" not in await table_names(store)  # its rows became one packed blob a race
        assert list(old["log"]) == [
            {"t": 5, "type": "hint", "id": "p1", "method": "bfs", "found": True},
            {"t": 70, "type": "move", "id": "p1", "cell": [1, 0]},
            {"t": 70, "type": "move", "id": "p2", "cell": [0, 1]},
            {"t": 900, "type": "hint", "id": "p2", "method": "astar", "found": False},
            {"t": 1200, "type": "move", "id": "p1", "cell": [1, 1]},
        ]
    finally:
        await store.close()


async def test_stores_opened_at_once_on_an_older_file_all_come_up(db_path: Path) -> None:
    make_version_1_file(db_path)
    await check_opened_at_once(Backend("sqlite", str(db_path)))


async def test_stores_opened_at_once_on_a_new_database_all_come_up(backend: Backend) -> None:
    await check_opened_at_once(backend)


async def check_opened_at_once(backend: Backend) -> None:
    opened = await asyncio.gather(*(backend.open() for _ in range(4)), return_exceptions=True)
    stores = [s for s in opened if not isinstance(s, BaseException)]
    try:
        assert len(stores) == 4, [s for s in opened if isinstance(s, BaseException)]
        for store in stores:
            assert await store.schema_version() == backend.latest_version
    finally:
        for store in stores:
            await store.close()
