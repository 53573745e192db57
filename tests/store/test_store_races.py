"""Races stored against a real SQLite file and a real PostgreSQL server (`backend`): read back
exactly, saved once however often they are sent, a failed save leaving nothing behind (alone or among
concurrent ones), two connections writing at once, and a replay of the stored log reaching every final
position."""

import asyncio
import dataclasses
import itertools
from collections import Counter

import pytest

from server.maze.generation import MazeSpec, generate
from server.maze.moves import resolve_move
from server.maze.trail import Trail
from server.room.records import RaceRecord
from server.room.settings import RoomSettings
from server.store.errors import RaceRefused
from server.store.interface import Store
from tests.store.conftest import Backend
from tests.store.races import T0, Action, ScriptedRace, around_a_loop, shortest_path, wander, with_detours
from tests.store.stored import small_race, stored_form

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
