"""The leaderboards against a real SQLite file and a real PostgreSQL server (`backend`): fastest
first with one best row a player, a player's best in each category, the daily board and recent races;
only races on the standard rules count, and private rooms' races are not listed."""

from dataclasses import replace
from typing import Any

from server.room.records import RaceRecord, is_ranked
from server.room.settings import RoomSettings
from server.store.interface import Store
from tests.store.races import T0, ScriptedRace
from tests.store.stored import EASY, HOUR, stored_form

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
