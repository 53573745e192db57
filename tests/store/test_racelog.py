"""The packed race log: the room writes it, the store keeps it as a blob, the replay API and saved
rooms carry it as base64 columns; every form reads back exactly. And the bounds a race's log obeys."""

import json

import pytest

from server.config import AppConfig
from server.errors import GameError
from server.room.racelog import MIN_MOVE_CAP, MOVE_BURST, MOVE_RATE, RaceLog, hint_cap, move_cap
from server.room.settings import RoomSettings
from tests.store.races import ScriptedRace, wander


def messy_log() -> RaceLog:
    settings = RoomSettings(preset="custom", rows=13, cols=21, braid=0.5, hint_moves=True, hint_limit=6)
    race = ScriptedRace(settings, ["Ann", "Bob", "Cid"])
    wander(race, rounds=200, hint_every=25, seed=5)
    return race.room.log


def test_every_form_reads_back_exactly() -> None:
    log = messy_log()
    entries = list(log)
    assert len(entries) == len(log) > 300
    assert {e["type"] for e in entries} == {"move", "hint"}
    assert RaceLog.from_blob(log.to_blob(), log.cols, log.players) == log
    wire = json.loads(json.dumps(log.to_wire()))
    assert list(RaceLog.from_wire(wire, log.cols)) == entries
    state = json.loads(json.dumps(log.to_state()))
    assert list(RaceLog.from_state(state, 0)) == entries
    assert list(RaceLog.from_state(entries, log.cols)) == entries  # the list older servers saved
    twin = log.copy()
    twin.add_move(1, "p1", (0, 0))
    assert len(twin) == len(log) + 1  # a copy does not share the columns


def test_an_entry_costs_nine_bytes() -> None:
    log = RaceLog(150)
    for n in range(1000):
        log.add_move(n, f"p{n % 16}", (n % 150, (7 * n) % 150))
    assert log.nbytes == 9 * 1000


@pytest.mark.parametrize(
    "broken",
    [
        {"players": ["p1"], "count": 2, "t": "AAAAAA==", "who": "AA==", "what": "AAAAAA=="},
        {"players": [], "count": 1, "t": "AAAAAA==", "who": "AA==", "what": "AAAAAA=="},
        {"players": ["p1"], "count": 1, "t": "not base64!", "who": "AA==", "what": "AAAAAA=="},
        {"count": 1},
        "text",
    ],
)
def test_a_malformed_log_is_refused(broken: object) -> None:
    with pytest.raises(GameError) as refused:
        RaceLog.from_wire(broken, 10)
    assert refused.value.code == "bad_log"


def test_a_corrupt_blob_is_refused() -> None:
    blob = messy_log().to_blob()
    for bad in (blob[:3], blob[:-10], b"\x09" + blob[1:]):
        with pytest.raises(ValueError, match="race log"):
            RaceLog.from_blob(bad, 21, ["p1", "p2", "p3"])


def test_the_bounds_follow_the_documented_rates() -> None:
    config = AppConfig()
    assert (config.move_limit.rate, config.move_limit.burst) == (MOVE_RATE, MOVE_BURST)
    assert (config.hint_limit.rate, config.hint_limit.burst) == (1.0, 1.0)
    # a short race on a big maze: what 20 moves a second allow, not 2 x rooms
    assert move_cap(150, 150, 30) == 20 * 30 + 10
    assert move_cap(150, 150, 600) == 12_010
    # a long race: every room twice at most (and never below the floor)
    assert move_cap(150, 150, 3600) == 45_000
    assert move_cap(10, 10, 3600) == MIN_MOVE_CAP
    assert move_cap(150, 150, 30, hint_moves=31) == 641  # steps taken by hints count too
    assert hint_cap(99, 30) == 31
    assert hint_cap(3, 3600) == 3


def test_a_room_refuses_hints_and_moves_past_the_bounds() -> None:
    settings = RoomSettings(preset="custom", rows=150, cols=150, hint_limit=99, time_limit=30)
    race = ScriptedRace(settings, ["Ann"])
    room, ann = race.room, race.ids["Ann"]
    assert (room.move_cap(), room.hint_cap()) == (610, 31)
    player = room.players[ann]
    player.hints = 31
    with pytest.raises(GameError) as refused:
        room.hint(ann, "bfs", False, race.start + 1)
    assert refused.value.code == "no_hints_left"
    player.moves = 610
    with pytest.raises(GameError) as refused:
        room.move(ann, "down", race.start + 1)
    assert refused.value.code == "move_limit"
