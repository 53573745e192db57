"""The core's stored records read back from their JSON: a finished race's record (the rescue file's
races) and a room's state (saved rooms, rescued rooms, snapshots), including the version 1 state
older servers saved."""

import dataclasses
import json
from typing import Any

import pytest

from server.room.records import RaceRecord
from server.room.settings import RoomSettings
from server.room.snapshot import READABLE_VERSIONS, maze_spec, rebuild_room, room_snapshot
from server.runtime.course import build_course
from tests.mazes import shortest_path
from tests.store.races import ScriptedRace


def finished_race() -> RaceRecord:
    race = ScriptedRace(RoomSettings(hint_moves=True), ["Ann", "Bob"], rng_seed=3)
    race.finish("Ann", 20_000, hints=2)
    race.give_up("Bob", steps=4, at_ms=9_000)
    race.play()
    return race.record()


def test_a_race_record_reads_back_from_its_json() -> None:
    record = finished_race()
    data = record.to_json()
    # the rescue file's form, field for field and in this order, as rescue files have always held it
    assert list(data) == [field.name for field in dataclasses.fields(record)]
    assert data == {**dataclasses.asdict(record), "log": record.log.to_state()}
    back = RaceRecord.from_json(json.loads(json.dumps(data)))
    assert back == record
    assert list(back.log) == list(record.log) != []


@pytest.mark.parametrize("change", ["extra", "missing"])
def test_a_race_record_with_other_fields_is_refused(change: str) -> None:
    data: dict[str, Any] = json.loads(json.dumps(finished_race().to_json()))
    if change == "extra":
        data["winner"] = "Ann"
    else:
        del data["shortest"]
    with pytest.raises(ValueError, match="exactly the fields"):
        RaceRecord.from_json(data)  # type: ignore[arg-type]  # not a record, on purpose


def racing_state() -> dict[str, Any]:
    """A race caught in the middle (Ann walking, Bob away after a hint), as JSON gives it back."""
    race = ScriptedRace(RoomSettings(), ["Ann", "Bob"], rng_seed=7)
    race.walk("Ann", shortest_path(race.maze)[1:6], 1_000, 5_000)
    race.hint("Bob", 6_000, "dfs")
    for action in sorted(race.actions):
        race.apply(action)
    race.room.disconnect(race.ids["Bob"], race.start + 40.0)
    state = room_snapshot(race.room)
    assert state["phase"] == "racing"
    return json.loads(json.dumps(state))  # type: ignore[no-any-return]


def course_of(state: Any) -> Any:
    spec = maze_spec(state)
    return None if spec is None else build_course(spec)


def test_a_snapshot_through_json_is_the_snapshot() -> None:
    state = racing_state()
    rebuilt = rebuild_room(state, course_of(state))  # type: ignore[arg-type]
    assert room_snapshot(rebuilt) == state


def test_a_version_1_state_still_restores() -> None:
    state = racing_state()
    old = {k: v for k, v in state.items() if k not in ("spectators", "last_active", "locked", "sitting_out")}
    old["state_version"] = 1
    old["players"] = [
        {k: v for k, v in p.items() if k not in ("connected", "disconnected_at")} for p in state["players"]
    ]
    rebuilt = rebuild_room(state, course_of(state))  # type: ignore[arg-type]
    old["log"] = list(rebuilt.log)  # servers before the packed log saved the list of entries
    back = rebuild_room(old, course_of(old))  # type: ignore[arg-type]
    assert back.log == rebuilt.log
    assert (back.spectators, back.last_active, back.locked, back.sitting_out) == (set(), 0.0, False, set())
    assert all(not p.connected and p.disconnected_at is None for p in back.players.values())
    expected = {**state, "last_active": 0.0, "locked": False, "sitting_out": [], "spectators": []}
    expected["players"] = [{**p, "connected": False, "disconnected_at": None} for p in state["players"]]
    assert room_snapshot(back) == expected


def test_a_state_of_an_unknown_version_is_refused() -> None:
    state = racing_state()
    state["state_version"] = max(READABLE_VERSIONS) + 1
    with pytest.raises(ValueError, match="unknown room state version"):
        rebuild_room(state, course_of(state))  # type: ignore[arg-type]
