"""The precomputed leaderboards answer exactly as ranking every stored result did, on both backends:
over random races saved through the store (ties, DNFs, bots, fog, daily and unranked races, the same
names in many races), over a database of results stored before the boards existed (the migration), and
over races saved twice.

The reference is the query the boards replace, run over `results` and `races` directly. Its ties are
made impossible where it would pick among equals at random: names are unique in a race, race ends are
unique, and totals are unique within a race (so equal totals only tie across races, where the earlier
end wins, as on the boards).
"""

import asyncio
import contextlib
import itertools
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from psycopg.rows import dict_row

from server.room.racelog import RaceLog
from server.room.records import RaceRecord
from server.room.results import ResultRow
from server.room.settings import RoomSettings
from server.store.interface import Store
from server.store.postgres.results import PgStore
from server.store.sqlite.results import SqliteStore
from server.store.tables import leaderboard_json
from tests.services.postgres import PostgresServer
from tests.store.many_results import postgres_with_results, sqlite_with_results

_OLD_BOARD = """
    WITH best AS (
        SELECT results.name, results.total_ms, results.time_ms, results.penalty_ms, results.moves,
               results.hints, results.race_id, races.preset, races.algorithm, races.rows, races.cols,
               races.daily, races.ended_at,
               ROW_NUMBER() OVER (PARTITION BY {partition} ORDER BY results.total_ms, races.ended_at) AS nth
        FROM results JOIN races ON races.id = results.race_id
        WHERE NOT results.dnf AND results.bot IS NULL AND races.ranked
          AND ({preset} IS NULL OR races.preset = {preset})
          AND ({algorithm} IS NULL OR races.algorithm = {algorithm})
          AND ({name} IS NULL OR results.name = {name})
          AND ({daily} IS NULL OR races.daily = {daily})
          AND {race_fog} = {fog}
    )
    SELECT * FROM best WHERE nth = 1 ORDER BY total_ms, ended_at LIMIT {limit}
"""
"""The leaderboard query the precomputed boards replace, in either backend's parameter style."""
_RACE_FOG = {
    "sqlite": "COALESCE(json_extract(races.settings, '$.fog'), 0)",
    "postgres": "COALESCE((races.settings->>'fog')::boolean, false)",
}


def old_board_sql(kind: str, by_category: bool) -> str:
    texts = ("preset", "algorithm", "name", "daily")
    if kind == "sqlite":
        marks = {key: f":{key}" for key in (*texts, "fog", "limit")}
    else:
        marks = {key: f"%({key})s::text" for key in texts} | {"fog": "%(fog)s", "limit": "%(limit)s"}
    partition = "races.preset, races.algorithm" if by_category else "results.name"
    return _OLD_BOARD.format(partition=partition, race_fog=_RACE_FOG[kind], **marks)


NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")
DAYS = ("2026-05-01", "2026-05-02")
T0 = 1_800_000_000.0


@dataclass(frozen=True)
class Database:
    """A fresh database for one example: its kind and what `--db` would be."""

    kind: str
    db: str

    async def open(self) -> Store:
        return await (SqliteStore.open(Path(self.db)) if self.kind == "sqlite" else PgStore.open(self.db))

    @contextlib.contextmanager
    def reference(self) -> Iterator["Reference"]:
        """The old query's answers, through one connection of their own for all of an example's boards
        (a PostgreSQL connection a board took a second of the test's time a hundred boards)."""
        if self.kind == "sqlite":
            with contextlib.closing(sqlite3.connect(self.db, check_same_thread=False)) as plain:
                plain.row_factory = sqlite3.Row
                yield Reference(self.kind, plain)
        else:
            with psycopg.connect(self.db, row_factory=dict_row, autocommit=True) as conn:
                yield Reference(self.kind, conn)


@dataclass(frozen=True)
class Reference:
    """The leaderboards as the old query answers them; used from one thread at a time."""

    kind: str
    conn: Any

    def board(
        self,
        preset: str | None,
        algorithm: str | None,
        name: str | None,
        daily: str | None,
        fog: bool,
        limit: int,
    ) -> list[Any]:
        sql = old_board_sql(self.kind, name is not None)
        params = {
            "preset": preset,
            "algorithm": algorithm,
            "name": name,
            "daily": daily,
            "fog": fog,
            "limit": limit,
        }
        return leaderboard_json(self.conn.execute(sql, params).fetchall(), one_player=name is not None)


QUERIES = [
    (preset, algorithm, name, daily, fog, limit)
    for preset, algorithm, name, daily, fog in itertools.product(
        (None, "easy", "medium"),
        (None, "prim", "kruskal"),
        (None, "Ann", "Bob"),
        (None, DAYS[0]),
        (False, True),
    )
    for limit in ((100, 2) if name is None and preset is None else (100,))
]
"""Every filter alone and together, with limits that cut a board short."""


async def boards_agree(database: Database, store: Store) -> None:
    with database.reference() as reference:
        for preset, algorithm, name, daily, fog, limit in QUERIES:
            new = await store.leaderboard(
                preset=preset, algorithm=algorithm, name=name, daily=daily, limit=limit, fog=fog
            )
            old = await asyncio.to_thread(reference.board, preset, algorithm, name, daily, fog, limit)
            assert new == old, (preset, algorithm, name, daily, fog, limit)


# ----- random races -------------------------------------------------------------------------------


@st.composite
def races(draw: st.DrawFn) -> list[RaceRecord]:
    """A few races: unique ends, unique names and totals within a race, totals that tie across races."""
    count = draw(st.integers(1, 8))
    ends = draw(st.lists(st.integers(0, 10_000), min_size=count, max_size=count, unique=True))
    records = []
    for n, end in enumerate(ends):
        preset = draw(st.sampled_from(("easy", "medium")))
        side = 10 if preset == "easy" else 50
        room = RoomSettings(
            preset=preset,
            rows=side,
            cols=side,
            algorithm=draw(st.sampled_from(("prim", "kruskal"))),
            fog=draw(st.booleans()),
            braid=draw(st.sampled_from((0.0, 0.0, 0.0, 0.5))),  # braided: unranked
        )
        names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
        totals = draw(st.lists(st.integers(1, 6), min_size=len(names), max_size=len(names), unique=True))
        results = [
            result(
                n,
                i,
                name,
                total * 1000,
                draw(st.booleans()) and draw(st.booleans()),
                draw(st.integers(0, 9)) == 0,
            )
            for i, (name, total) in enumerate(zip(names, totals, strict=True))
        ]
        records.append(
            RaceRecord(
                id=f"race-{n}", room_code="ROOM", settings=room.to_json(), seed=n,
                daily=draw(st.sampled_from((None, None, *DAYS))),
                started_at=T0 + end - 60, ended_at=T0 + end + 0.25,
                shortest=side, players=[], results=results, log=RaceLog(side),
                known_maze=draw(st.integers(0, 9)) == 0,  # a ghost room off the daily maze: unranked
            )
        )  # fmt: skip
    return records


def result(n: int, seat: int, name: str, total: int, dnf: bool, bot: bool) -> ResultRow:
    """One racer's row; a DNF has no time, a bot is stored but never on a board."""
    hints = total // 1000 % 3
    row: ResultRow = {
        "id": f"p{n}-{seat}", "name": name, "colour": "#336699", "rank": seat + 1,
        "time": None if dnf else total - hints * 5000 + 20_000, "penalty": hints * 5000,
        "total": None if dnf else total + 20_000, "moves": 30 + seat, "hints": hints, "route": 20,
        "shortest": 20,
        "efficiency": None, "dnf": dnf, "distance": 0 if not dnf else 5, "progress": 1.0, "cell": None,
        "on_shortest": None,
    }  # fmt: skip
    if bot:
        row["bot"] = "bfs"
    return row


def fresh_database(kind: str, request: pytest.FixtureRequest, folder: str) -> Database:
    if kind == "sqlite":
        return Database(kind, str(Path(folder) / "board.db"))
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return Database(kind, server.create_database())


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records=races(), twice=st.booleans())
def test_the_precomputed_boards_answer_as_ranking_every_result_did(
    kind: str, request: pytest.FixtureRequest, records: list[RaceRecord], twice: bool
) -> None:
    async def check(database: Database) -> None:
        store = await database.open()
        try:
            for record in records:
                await store.save_race(record)
                if twice:
                    assert await store.save_race(record) is False  # offered to the boards once
            await boards_agree(database, store)
        finally:
            await store.close()

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(check(fresh_database(kind, request, folder)))


# ----- the migration ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_the_migration_fills_the_boards_from_the_results_already_stored(
    kind: str, request: pytest.FixtureRequest
) -> None:
    async def check(database: Database) -> None:
        if kind == "sqlite":
            await asyncio.to_thread(sqlite_with_results, Path(database.db), 4_000, 12)
        else:
            await asyncio.to_thread(postgres_with_results, database.db, 4_000, 12)
        store = await database.open()  # migrates, filling the boards
        try:
            await boards_agree_on_bulk(database, store)
        finally:
            await store.close()

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(check(fresh_database(kind, request, folder)))


async def boards_agree_on_bulk(database: Database, store: Store) -> None:
    """The bulk rows' boards (`tests.store.many_results`: players named "Player n", other generators)."""
    filters = itertools.product(
        (None, "easy", "hard"), (None, "wilson"), (None, "Player 3"), (None, "2026-05-07"), (False, True)
    )
    with database.reference() as reference:
        for preset, algorithm, name, daily, fog in filters:
            new = await store.leaderboard(
                preset=preset, algorithm=algorithm, name=name, daily=daily, limit=100, fog=fog
            )
            old = await asyncio.to_thread(reference.board, preset, algorithm, name, daily, fog, 100)
            assert new == old, (preset, algorithm, name, daily, fog)
            assert new or name is not None or daily is not None
