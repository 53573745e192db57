"""The stores against a real SQLite file and a real PostgreSQL server (`backend`): schema, races,
idempotent saves, leaderboards, daily seeds, replays, concurrency, and open rooms saved and restored with
the clock paused over the downtime. The file's own concerns (WAL, its older versions) are SQLite's only."""

import asyncio
import contextlib
import dataclasses
import datetime
import itertools
import json
import random
import sqlite3
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from server.errors import BadSettings
from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import PERFECT
from server.maze.moves import resolve_move
from server.maze.trail import Trail
from server.room import views
from server.room.daily import daily_seed, daily_settings
from server.room.records import RaceRecord, is_ranked
from server.room.room import Room
from server.room.settings import PRESETS, RoomSettings
from server.room.snapshot import maze_spec, restore_room, room_state
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id
from server.store.errors import RaceRefused
from server.store.interface import Store
from server.store.sqlite.results import SqliteStore
from server.store.sqlite.schema import MIGRATIONS
from tests.store.conftest import Backend
from tests.store.races import (
    T0,
    Action,
    ScriptedRace,
    around_a_loop,
    shortest_path,
    wander,
    with_detours,
)

EASY = RoomSettings()
HOUR = 3600.0


def stored_form(record: RaceRecord) -> dict[str, Any]:
    """What `Store.race` must give back for `record`: everything, times of the race in epoch ms."""
    return {
        "id": record.id,
        "settings": record.settings,
        "ranked": record.ranked,
        "seed": record.seed,
        "daily": record.daily,
        "started_at": round(record.started_at * 1000),
        "ended_at": round(record.ended_at * 1000),
        "shortest": record.shortest,
        "difficulty": record.difficulty,
        "shortest_routes": record.difficulty["shortest_paths"] if record.difficulty else None,
        "results": record.results,
        "log": record.log,
    }


def small_race(n: int, start: float = T0) -> RaceRecord:
    """A two-player race on an easy maze; `n` varies the maze, the times and the start."""
    race = ScriptedRace(EASY, [f"Ann {n}", f"Bob {n}"], start=start + n * 60, rng_seed=n)
    race.finish(f"Ann {n}", 20_000 + n * 10)
    race.finish(f"Bob {n}", 21_000 + n * 10, hints=1)
    race.play()
    return race.record()


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


# ----- races -----------------------------------------------------------------------------------------------


async def test_a_played_race_is_read_back_exactly(store: Store) -> None:
    settings = RoomSettings(hint_penalty=7, hint_limit=5, max_players=6)
    race = ScriptedRace(settings, ["Ann", "Bob", "Cid", "Dee", "Eve"])
    race.finish("Ann", 30_000)
    race.finish("Bob", 18_000, hints=2, detours=1)
    race.finish("Cid", 25_000, detours=2)
    race.give_up("Dee", steps=3, at_ms=10_000)
    race.stray("Eve", at_ms=12_000)
    race.play()
    record = race.record()

    await store.save_race(record)
    stored = await store.race(record.id)

    assert stored == stored_form(record)
    assert stored is not None
    assert stored["settings"] == settings.to_json()
    assert stored["started_at"] == round(T0 * 1000)
    assert stored["ended_at"] == round(T0 * 1000) + 30_000  # the last finisher ended it
    by_name = {r["name"]: r for r in stored["results"]}
    assert [r["name"] for r in stored["results"]] == ["Cid", "Ann", "Bob", "Dee", "Eve"]
    assert (by_name["Bob"]["time"], by_name["Bob"]["penalty"], by_name["Bob"]["total"]) == (
        18_000,
        14_000,
        32_000,
    )
    assert by_name["Dee"]["dnf"] is True
    assert by_name["Dee"]["total"] is None
    assert by_name["Dee"]["cell"] == list(shortest_path(race.maze)[3])
    eve = by_name["Eve"]
    assert eve["distance"] > stored["shortest"]  # further from the exit than at the start
    assert (eve["progress"], eve["efficiency"], eve["dnf"]) == (0.0, None, True)
    assert by_name["Ann"]["efficiency"] == 1.0
    # the log: every command with its race time in whole ms
    log = list(stored["log"])
    assert all(isinstance(entry["t"], int) for entry in log)
    assert [e["t"] for e in log] == sorted(e["t"] for e in log)
    bob = race.ids["Bob"]
    assert [e["method"] for e in log if e["type"] == "hint"] == ["bfs", "dfs"]
    assert all(e["id"] == bob and e["found"] is True for e in log if e["type"] == "hint")
    bob_moves = [e for e in log if e["type"] == "move" and e["id"] == bob]
    assert (
        len(bob_moves) == by_name["Bob"]["moves"] == len(with_detours(race.maze, shortest_path(race.maze), 1))
    )
    assert bob_moves[-1]["t"] == 18_000
    assert bob_moves[-1]["cell"] == list(race.maze.exit)
    assert log[-1] == {"t": 30_000, "type": "move", "id": race.ids["Ann"], "cell": list(race.maze.exit)}


async def test_a_messy_race_with_loops_and_moving_hints_is_read_back_exactly(store: Store) -> None:
    settings = RoomSettings(
        preset="custom", rows=14, cols=17, braid=0.5, openings="edges", hint_moves=True, hint_limit=4
    )
    race = ScriptedRace(settings, ["Ann", "Bob", "Cid"])
    wander(race, rounds=300, hint_every=40, seed=11)
    record = race.record()
    await store.save_race(record)
    assert await store.race(record.id) == stored_form(record)


def broken_race(record: RaceRecord, race_id: str) -> RaceRecord:
    """A copy of `record` the database refuses half-way through: its first result twice."""
    return dataclasses.replace(record, id=race_id, results=[record.results[0], record.results[0]])


async def test_unknown_race_is_none_and_a_failed_save_leaves_nothing_behind(
    store: Store, backend: Backend
) -> None:
    assert await store.race("A" * 16) is None
    record = small_race(3)
    await store.save_race(record)
    broken = broken_race(record, "B" * 16)
    with pytest.raises(RaceRefused):
        await store.save_race(broken)  # fails half-way through, after the race row went in
    assert await store.race(broken.id) is None
    assert await backend.count("races") == 1
    assert await backend.count("results") == len(record.results)
    assert await backend.count("race_logs") == 1
    assert await store.race(record.id) == stored_form(record)
    assert store.health.ok  # a refused race is the caller's mistake, not the disk's


async def test_a_race_saved_twice_is_stored_once(store: Store, backend: Backend) -> None:
    record = small_race(4)
    assert await store.save_race(record) is True
    assert await store.save_race(record) is False  # a fail-over may store a finished race again
    other = await backend.open()  # another process, at the same moment as this one
    try:
        again = small_race(5)
        assert sorted(await asyncio.gather(store.save_race(again), other.save_race(again))) == [False, True]
    finally:
        await other.close()
    assert await backend.count("races") == 2
    assert await backend.count("results") == len(record.results) + len(again.results)
    assert await backend.count("race_logs") == 2
    assert await store.race(record.id) == stored_form(record)
    assert [row["name"] for row in await store.leaderboard()] == ["Ann 4", "Ann 5", "Bob 4", "Bob 5"]
    assert store.health.ok


# ----- leaderboards ----------------------------------------------------------------------------------------

DAY = "2026-05-01"


async def store_board_races(store: Store) -> dict[str, RaceRecord]:
    """Five races with known totals (time + 5 s a hint), an hour apart."""
    races = {}

    r1 = ScriptedRace(EASY, ["Ann", "Bob", "Cid", "Dee", "Fay"], start=T0)
    r1.finish("Ann", 30_000)
    r1.finish("Bob", 18_000, hints=2)  # fastest on the clock, 28 s with the penalty
    r1.finish("Cid", 25_000, detours=1)
    r1.give_up("Dee", steps=2, at_ms=5_000)
    r1.give_up("Fay", steps=4, at_ms=9_000)
    races["r1"] = r1

    r2 = ScriptedRace(EASY, ["Ann", "Bob", "Dee"], start=T0 + HOUR, rng_seed=2)
    r2.finish("Ann", 22_000)
    r2.finish("Bob", 40_000)
    r2.finish("Dee", 50_000)
    races["r2"] = r2

    medium = RoomSettings(preset="medium", rows=50, cols=50, algorithm="prim")
    r3 = ScriptedRace(medium, ["Bob", "Cid"], start=T0 + 2 * HOUR, rng_seed=3)
    r3.finish("Bob", 12_000)
    r3.finish("Cid", 26_000)
    races["r3"] = r3

    daily = RoomSettings(algorithm="kruskal")
    r4 = ScriptedRace(daily, ["Eve", "Ann"], start=T0 + 3 * HOUR, daily=DAY, fixed_seed=12345)
    r4.finish("Eve", 33_000)
    r4.finish("Ann", 35_000)
    races["r4"] = r4

    r5 = ScriptedRace(EASY, ["Gus"], start=T0 + 4 * HOUR, rng_seed=5)
    r5.finish("Gus", 22_000)  # ties with Ann's best, later: placed after her
    races["r5"] = r5

    records = {}
    for key, race in races.items():
        race.play()
        records[key] = race.record()
        await store.save_race(records[key])
    return records


def board(rows: list[dict[str, Any]], records: dict[str, RaceRecord]) -> list[tuple[str, int, str]]:
    """(name, total, which race) of every leaderboard row, in order."""
    which = {record.id: key for key, record in records.items()}
    return [(row["name"], row["total"], which[row["race"]]) for row in rows]


async def test_leaderboards_are_fastest_first_one_best_row_per_player(store: Store) -> None:
    records = await store_board_races(store)

    overall = await store.leaderboard()
    assert board(overall, records) == [
        ("Bob", 12_000, "r3"),
        ("Ann", 22_000, "r2"),
        ("Gus", 22_000, "r5"),
        ("Cid", 25_000, "r1"),
        ("Eve", 33_000, "r4"),
        ("Dee", 50_000, "r2"),  # his DNF in r1 is not a time; Fay only ever DNF'd
    ]
    assert [row["place"] for row in overall] == [1, 2, 3, 4, 5, 6]
    assert board(await store.leaderboard(limit=2), records) == [("Bob", 12_000, "r3"), ("Ann", 22_000, "r2")]

    easy = await store.leaderboard(preset="easy")
    assert board(easy, records) == [
        ("Ann", 22_000, "r2"),
        ("Gus", 22_000, "r5"),
        ("Cid", 25_000, "r1"),
        ("Bob", 28_000, "r1"),  # 18 s + two hints at 5 s
        ("Eve", 33_000, "r4"),
        ("Dee", 50_000, "r2"),
    ]
    bob = easy[3]
    assert (bob["time"], bob["penalty"], bob["total"], bob["hints"]) == (18_000, 10_000, 28_000, 2)
    assert (bob["preset"], bob["algorithm"], bob["rows"], bob["cols"], bob["daily"]) == (
        "easy", "backtracker", 10, 10, None,
    )  # fmt: skip
    assert bob["ended_at"] == stored_form(records["r1"])["ended_at"]
    assert bob["moves"] == next(r["moves"] for r in records["r1"].results if r["name"] == "Bob")

    assert board(await store.leaderboard(preset="medium"), records) == [
        ("Bob", 12_000, "r3"),
        ("Cid", 26_000, "r3"),
    ]
    assert await store.leaderboard(preset="hard") == []
    assert board(await store.leaderboard(algorithm="kruskal"), records) == [
        ("Eve", 33_000, "r4"),
        ("Ann", 35_000, "r4"),
    ]
    assert board(await store.leaderboard(preset="easy", algorithm="backtracker"), records) == [
        ("Ann", 22_000, "r2"),
        ("Gus", 22_000, "r5"),
        ("Cid", 25_000, "r1"),
        ("Bob", 28_000, "r1"),
        ("Dee", 50_000, "r2"),
    ]
    assert await store.leaderboard(preset="easy", algorithm="prim") == []


async def test_a_players_board_has_their_best_in_each_category(store: Store) -> None:
    records = await store_board_races(store)
    bob = await store.leaderboard(name="Bob")
    assert board(bob, records) == [("Bob", 12_000, "r3"), ("Bob", 28_000, "r1")]
    assert [(row["preset"], row["algorithm"]) for row in bob] == [("medium", "prim"), ("easy", "backtracker")]
    assert board(await store.leaderboard(name="Ann"), records) == [
        ("Ann", 22_000, "r2"),
        ("Ann", 35_000, "r4"),
    ]
    assert board(await store.leaderboard(name="Dee"), records) == [("Dee", 50_000, "r2")]
    assert await store.leaderboard(name="Fay") == []  # DNF only
    assert await store.leaderboard(name="Nobody") == []
    assert board(await store.leaderboard(name="Ann", preset="easy", algorithm="kruskal"), records) == [
        ("Ann", 35_000, "r4")
    ]


async def test_the_daily_board_and_recent_races(store: Store) -> None:
    records = await store_board_races(store)
    daily = await store.leaderboard(daily=DAY)
    assert board(daily, records) == [("Eve", 33_000, "r4"), ("Ann", 35_000, "r4")]
    assert all(row["daily"] == DAY for row in daily)
    assert await store.leaderboard(daily="2026-05-02") == []
    recent = await store.recent_races()
    assert [row["id"] for row in recent] == [records[k].id for k in ("r5", "r4", "r3", "r2", "r1")]
    assert recent[1]["daily"] == DAY
    assert [row["id"] for row in await store.recent_races(limit=2)] == [records["r5"].id, records["r4"].id]


# ----- the daily maze --------------------------------------------------------------------------------------


def test_the_daily_seed_is_stable_for_a_date_and_differs_across_dates_and_presets() -> None:
    day = datetime.date(2026, 11, 30)
    assert daily_seed(day, "easy") == daily_seed(datetime.date.fromisoformat("2026-11-30"), "easy")
    days = [day + datetime.timedelta(days=n) for n in range(-10, 10)]
    seeds = {(d, preset): daily_seed(d, preset) for d in days for preset in PRESETS}
    assert len(set(seeds.values())) == len(seeds)
    assert all(0 <= seed <= MAX_SEED for seed in seeds.values())
    for preset, (rows, cols) in PRESETS.items():
        settings = daily_settings(day, preset)
        assert settings == daily_settings(day, preset)
        assert (settings.preset, settings.rows, settings.cols) == (preset, rows, cols)
        assert settings.algorithm in PERFECT
    assert len({daily_settings(d, "easy").algorithm for d in days}) > 1  # the generator varies by date
    with pytest.raises(BadSettings):
        daily_seed(day, "custom")
    # a server's secret makes its own daily mazes: stable for that secret, unlike anyone else's
    assert daily_seed(day, "easy", "s3cret") == daily_seed(day, "easy", "s3cret")
    assert len({daily_seed(day, "easy", secret) for secret in ("", "s3cret", "other")}) == 3


async def test_daily_rooms_race_the_same_maze_and_are_stored_as_daily(store: Store) -> None:
    day = datetime.date(2026, 11, 30)
    seed = daily_seed(day, "medium")
    settings = daily_settings(day, "medium")
    records, mazes = [], []
    for n in range(2):
        race = ScriptedRace(settings, [f"P{n}"], rng_seed=100 + n, daily=day.isoformat(), fixed_seed=seed)
        assert race.room.seed == seed
        race.finish(f"P{n}", 60_000 + n)
        race.play()
        records.append(race.record())
        mazes.append(race.maze)
        await store.save_race(records[-1])
    first, second = [await store.race(record.id) for record in records]
    assert first is not None
    assert second is not None
    assert first["seed"] == second["seed"] == seed
    assert first["daily"] == second["daily"] == "2026-11-30"
    assert records[0].room_code != records[1].room_code
    spec = MazeSpec(settings.algorithm, settings.rows, settings.cols, seed, settings.braid, settings.openings)
    assert mazes[0] == mazes[1] == generate(spec)
    assert [row["name"] for row in await store.leaderboard(daily="2026-11-30", preset="medium")] == [
        "P0",
        "P1",
    ]


# ----- replays ---------------------------------------------------------------------------------------------


async def test_a_replay_of_the_stored_log_reproduces_every_final_position(store: Store) -> None:
    settings = RoomSettings(
        preset="custom", rows=15, cols=15, braid=0.4, hint_moves=True, hint_limit=4, time_limit=60
    )
    race = ScriptedRace(settings, ["Ann", "Bob", "Cid", "Dee"])
    loop = around_a_loop(race.maze)
    for i, cell in enumerate(loop):  # Dee first goes round a loop and steps back onto her trail
        race.apply(Action(i + 1, 0, "Dee", "move", cell))
    wander(race, rounds=150, hint_every=30, seed=3, greed=(0.7, 0.5, 0.3, 0.2), clock=len(loop) + 1)
    await store.save_race(race.record())
    stored = await store.race(race.record().id)
    assert stored is not None

    s = stored["settings"]
    maze = generate(MazeSpec(s["algorithm"], s["rows"], s["cols"], stored["seed"], s["braid"], s["openings"]))
    assert maze == race.maze
    trails = {result["id"]: Trail([maze.entrance]) for result in stored["results"]}
    moves: Counter[str] = Counter()
    cuts = 0
    for entry in stored["log"]:
        if entry["type"] != "move":
            continue
        trail = trails[entry["id"]]
        to = (entry["cell"][0], entry["cell"][1])
        assert resolve_move(maze, trail.current, to) == to  # every logged move was legal from there
        cells = trail.cells
        if to in trail and (len(cells) < 2 or cells[-2] != to):
            cuts += 1  # a loop closed: the trail is cut back, not just popped
        trail.step(to)
        moves[entry["id"]] += 1

    for result in stored["results"]:
        trail = trails[result["id"]]
        live = race.room.players[result["id"]].trail
        assert live is not None
        assert list(trail.current) == result["cell"]
        assert trail.cells == live.cells
        assert trail.facing == live.facing
        assert len(trail) - 1 == result["route"]
        assert moves[result["id"]] == result["moves"]
        assert (trail.current == maze.exit) is not result["dnf"]
    # the race was messy enough for the check to mean something
    assert any(not r["dnf"] for r in stored["results"])
    assert any(r["dnf"] for r in stored["results"])
    assert all(r["moves"] > r["route"] for r in stored["results"])
    assert cuts > 0
    entries = list(stored["log"])
    hint_moves = sum(1 for a, b in itertools.pairwise(entries) if a["type"] == "hint"
                     and b["type"] == "move" and a["id"] == b["id"] and a["t"] == b["t"])  # fmt: skip
    assert hint_moves > 0


# ----- concurrency -----------------------------------------------------------------------------------------


async def test_twenty_races_saved_at_once_through_one_store_all_land(store: Store, backend: Backend) -> None:
    records = [small_race(n) for n in range(20)]
    await asyncio.gather(*(store.save_race(record) for record in records))
    for record in records:
        assert await store.race(record.id) == stored_form(record)
    assert await backend.count("races") == 20
    assert await backend.count("race_logs") == 20
    assert len(await store.leaderboard(limit=100)) == 40


async def test_a_failing_save_among_concurrent_ones_undoes_only_itself(store: Store) -> None:
    records = [small_race(n) for n in range(12)]
    broken = broken_race(records[5], "B" * 16)
    outcomes = await asyncio.gather(
        *(store.save_race(record) for record in records[:5]),
        store.save_race(broken),
        *(store.save_race(record) for record in records[5:]),
        store.save_rooms([{"code": "aaaaaaaaaa", "n": 1}], T0),
        return_exceptions=True,
    )
    failed = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(failed) == 1
    assert isinstance(failed[0], RaceRefused)
    assert outcomes[5] is failed[0]
    assert await store.race(broken.id) is None
    for record in records:
        assert await store.race(record.id) == stored_form(record)
    assert await store.saved_rooms() == [(T0, {"code": "aaaaaaaaaa", "n": 1})]


async def test_two_connections_to_one_database_write_at_once(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    try:
        records = [small_race(n) for n in range(20)]
        await asyncio.gather(
            *(first.save_race(record) for record in records[0::2]),
            *(second.save_race(record) for record in records[1::2]),
        )
        assert await backend.count("races") == 20
        for store in (first, second):
            for record in records:
                assert await store.race(record.id) == stored_form(record)
    finally:
        await first.close()
        await second.close()
    reopened = await backend.open()
    try:
        assert len(await reopened.recent_races(limit=100)) == 20
    finally:
        await reopened.close()


# ----- open rooms across restarts -------------------------------------------------------------------------


def racing_room() -> tuple[ScriptedRace, float]:
    """A race caught in the middle: Ann finished, Bob half-way with a detour and a hint, Cid gone,
    Dee dropped; returns it and the moment it was caught (30 s in)."""
    race = ScriptedRace(RoomSettings(hint_penalty=3), ["Ann", "Bob", "Cid", "Dee"], rng_seed=9)
    race.finish("Ann", 20_000, hints=1)
    bob_cells = with_detours(race.maze, shortest_path(race.maze), 1)
    race.walk("Bob", bob_cells[: len(bob_cells) // 2], 1_000, 24_000)
    race.hint("Bob", 25_000, "astar")
    race.give_up("Cid", steps=3, at_ms=8_000)
    race.walk("Dee", shortest_path(race.maze)[1:6], 500, 5_000)
    for action in sorted(race.actions):
        race.apply(action)
    race.room.disconnect(race.ids["Dee"], race.start + 26.0)
    assert race.room.phase == "racing"
    return race, race.start + 30.0


def lobby_room(code: str, start_at: float | None = None) -> Room:
    """A room of two in the lobby, or counting down to `start_at` (a 3 s countdown)."""
    lobby = Room(code, EASY, random.Random(4), T0, countdown=3.0)
    host, _ = lobby.join("Hal", "player", None, T0, new_token=new_player_token())
    guest, _ = lobby.join("Ivy", "player", None, T0, new_token=new_player_token())
    lobby.set_ready(guest.id, True)
    if start_at is not None:
        spec = lobby.prepare_start(host.id)
        maze, distances = build_course(spec)
        lobby.start(host.id, spec, maze, distances, start_at - 3.0, race_id=new_race_id())
    return lobby


def player_view(room: Room) -> list[dict[str, Any]]:
    """Every player's state except the connection, which a restart always drops."""
    return [
        {
            "id": p.id, "name": p.name, "colour": p.colour, "token": p.token, "joined_at": p.joined_at,
            "ready": p.ready, "trail": p.trail.cells if p.trail else None,
            "facing": p.trail.facing if p.trail else None, "moves": p.moves, "hints": p.hints,
            "penalty": p.penalty_ms, "dnf": p.dnf, "left": p.left, "distance": p.distance,
        }
        for p in room.players.values()
    ]  # fmt: skip


async def test_saved_rooms_come_back_once_and_restore_with_the_clock_paused(store: Store) -> None:
    race, saved_at = racing_room()
    room = race.room
    lobby, counting = lobby_room("lobbyroom0"), lobby_room("countdown0", start_at=saved_at + 2)
    await store.save_rooms([room_state(lobby)], saved_at - 100)  # an older save, replaced by the next
    states = [room_state(r) for r in (room, lobby, counting)]
    await store.save_rooms(states, saved_at)

    taken = await store.saved_rooms()
    assert sorted(taken, key=lambda t: t[1]["code"]) == sorted(
        [(saved_at, json.loads(json.dumps(state))) for state in states], key=lambda t: t[1]["code"]
    )
    assert await store.saved_rooms() == taken  # still there until the rooms are back in play
    await store.clear_saved_rooms()
    assert await store.saved_rooms() == []

    downtime = 3 * HOUR + 0.25
    now = saved_at + downtime
    restored = {}
    for saved, state in taken:
        spec = maze_spec(state)
        restored[state["code"]] = restore_room(state, build_course(spec) if spec else None, saved, now)

    back = restored[room.code]
    assert back.phase == "racing"
    assert (back.version, back.serial, back.host_id, back.race_id) == (
        room.version, room.serial, room.host_id, room.race_id,
    )  # fmt: skip
    assert (back.seed, back.daily, back.fixed_seed, back.settings) == (
        room.seed, room.daily, room.fixed_seed, room.settings,
    )  # fmt: skip
    assert back.maze == room.maze
    assert back.distances == room.distances
    assert back.log == room.log
    assert back.results is None
    assert back.started_at == pytest.approx(room.started_at + downtime)
    assert back.rng.getstate() == room.rng.getstate()
    assert player_view(back) == player_view(room)
    ann = race.ids["Ann"]
    assert back.players[ann].finished_at == pytest.approx(room.players[ann].finished_at + downtime)
    assert all(not p.connected and p.disconnected_at == now for p in back.players.values())

    # elapsed race time is what it was at the save: the downtime does not count
    old, new = views.snapshot(room, views.ANYONE, saved_at), views.snapshot(back, views.ANYONE, now)
    assert new["now"] - new["started_at"] == old["now"] - old["started_at"] == 30_000
    for entry in (*old["players"], *new["players"]):
        entry.pop("connected")
    assert {k: v for k, v in new.items() if k not in ("now", "started_at")} == {
        k: v for k, v in old.items() if k not in ("now", "started_at")
    }

    # players come back with their tokens, within a fresh grace period
    assert back.tick(now + back.grace - 1) == []
    for player in room.players.values():
        if player.left:
            continue
        you, events = back.join("someone", "player", player.token, now + 1, new_token=new_player_token())
        assert (you.id, you.colour) == (player.id, player.colour)
        assert [e.t for e in events] == ["presence"]

    # the race goes on identically: same moves, same hints (same random source), same results
    bob = race.ids["Bob"]
    bob_trail = room.players[bob].trail
    assert bob_trail is not None
    rest = shortest_path(race.maze, bob_trail.current)[1:]
    for target, moment in ((room, saved_at), (back, now)):
        hint, _ = target.hint(bob, "random", True, moment + 1)
        assert hint["found"]
        for i, cell in enumerate(rest):
            target.move(bob, cell, moment + 2 + i / 10)
        target.leave(race.ids["Dee"], moment + 3 + len(rest) / 10)  # and Dee gives up
    assert room.results is not None
    assert back.results == room.results
    assert next(r for r in back.results if r["id"] == bob)["time"] == round(
        (30 + 2 + (len(rest) - 1) / 10) * 1000
    )
    assert back.version == room.version + 3  # the three presence events of the rejoins

    lobby_back = restored[lobby.code]
    assert lobby_back.phase == "lobby"
    assert lobby_back.maze is None
    assert player_view(lobby_back) == player_view(lobby)
    counting_back = restored[counting.code]
    assert counting_back.phase == "countdown"
    assert counting_back.start_at == pytest.approx(counting.start_at + (now - saved_at))
    assert counting_back.maze == counting.maze
    assert counting_back.start_at == pytest.approx(now + 2)  # the 2 s left of the countdown
    assert counting_back.tick(now + 1.9) == []
    assert [e.t for e in counting_back.tick(now + 2)] == ["started"]


# ----- fairness and privacy -----------------------------------------------------------------------------


def race_on(settings: RoomSettings, name: str, ms: int, n: int) -> RaceRecord:
    race = ScriptedRace(settings, [name], start=T0 + n * 60, rng_seed=n)
    race.finish(name, ms)
    race.play()
    return race.record()


async def test_only_races_on_the_standard_rules_count_for_the_leaderboards(store: Store) -> None:
    fair = race_on(EASY, "Fair", 30_000, 1)
    braided = race_on(replace(EASY, braid=0.5), "Braided", 10_000, 2)
    walked = race_on(replace(EASY, hint_moves=True), "Walked", 10_000, 3)
    custom = race_on(replace(EASY, preset="custom", rows=6, cols=6), "Custom", 10_000, 4)
    free = race_on(replace(EASY, hint_penalty=0, hint_limit=99), "Free", 10_000, 5)
    cheap = race_on(replace(EASY, hint_penalty=4), "Cheap", 10_000, 6)
    many = race_on(replace(EASY, hint_limit=4), "Many", 10_000, 7)
    strict = race_on(replace(EASY, hint_penalty=10, hint_limit=1), "Strict", 40_000, 8)
    diagonal = race_on(replace(EASY, directions=8), "Diagonal", 10_000, 9)
    mixed = race_on(replace(EASY, algorithm="growing-tree", bias="mixed"), "Mixed", 10_000, 10)
    newest = race_on(replace(EASY, algorithm="growing-tree", bias="newest"), "Newest", 50_000, 11)
    shown = race_on(replace(EASY, hint_reveal="whole"), "Shown", 10_000, 14)  # one hint can decide it
    records = (fair, braided, walked, custom, free, cheap, many, strict, diagonal, mixed, newest, shown)
    for record in records:
        await store.save_race(record)
    assert [row["name"] for row in await store.leaderboard()] == ["Fair", "Strict", "Newest"]
    assert [r.ranked for r in records] == [True] + [False] * 6 + [True, False, False, True, False]
    foggy = race_on(replace(EASY, fog=True), "Foggy", 5_000, 12)  # fastest, but on a board of its own
    far = race_on(replace(EASY, fog=True, vision=10), "Far", 4_000, 13)  # not the standard vision
    for record in (foggy, far):
        await store.save_race(record)
    assert (foggy.ranked, far.ranked) == (True, False)
    assert [row["name"] for row in await store.leaderboard()] == ["Fair", "Strict", "Newest"]
    assert [row["name"] for row in await store.leaderboard(fog=True)] == ["Foggy"]
    stored = await store.race(custom.id)
    assert stored is not None
    assert not stored["ranked"]


def test_a_race_stored_before_hints_were_cut_counts_as_it_did() -> None:
    """Its settings have no `hint_reveal`: its hints showed the whole way, and it was ranked then."""
    settings = race_on(EASY, "Old", 30_000, 1).settings
    old = {key: value for key, value in settings.items() if key != "hint_reveal"}
    assert is_ranked(old, None)  # type: ignore[arg-type]
    assert not is_ranked({**settings, "hint_reveal": "whole"}, None)


async def test_races_of_private_rooms_are_not_listed(store: Store) -> None:
    public = race_on(EASY, "Open", 20_000, 1)
    private = race_on(replace(EASY, public=False), "Hidden", 20_000, 2)
    await store.save_race(public)
    await store.save_race(private)
    assert [race["id"] for race in await store.recent_races()] == [public.id]
    stored = await store.race(private.id)  # still there for whoever has its link
    assert stored is not None
    assert "room_code" not in stored


async def test_the_daily_secret_is_made_once_and_kept(backend: Backend) -> None:
    first = await backend.open()
    try:
        secret = await first.daily_secret()
        assert len(secret) == 32
        assert await first.daily_secret() == secret
    finally:
        await first.close()
    again = await backend.open()
    try:
        assert await again.daily_secret() == secret
    finally:
        await again.close()


async def test_servers_starting_at_once_agree_on_one_daily_secret(backend: Backend) -> None:
    stores = await asyncio.gather(*(backend.open() for _ in range(4)))
    try:
        secrets = await asyncio.gather(*(store.daily_secret() for store in stores))
    finally:
        for store in stores:
            await store.close()
    assert len(set(secrets)) == 1
    assert len(secrets[0]) == 32
