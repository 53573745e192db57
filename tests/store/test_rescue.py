"""The rescue file read back: its races through `RaceRecord.to_json`/`from_json`, its rooms as the
states they were, and a file that is not a rescue file left in place rather than stopping the start."""

import json
import logging
import random
from pathlib import Path

import pytest

from server.room.room import Room
from server.room.settings import RoomSettings
from server.room.snapshot import room_snapshot
from server.runtime.registry import new_player_token
from server.store.rescue import read_rescues, rescue_paths, write_rescue
from tests.store.races import ScriptedRace


def test_a_rescue_file_gives_back_its_races_and_rooms(tmp_path: Path) -> None:
    db = tmp_path / "mazerace.db"
    race = ScriptedRace(RoomSettings(), ["Ann", "Bob"], rng_seed=11)
    race.finish("Ann", 15_000, hints=1)
    race.finish("Bob", 16_000)
    race.play()
    record = race.record()
    lobby = Room("lobbyroom1", RoomSettings(), random.Random(2), 1_000.0)
    lobby.join("Hal", "player", None, 1_000.0, new_token=new_player_token())
    state = room_snapshot(lobby)

    where = write_rescue(db, 2_000.0, [state], [record])
    assert where == rescue_paths(db)[0]
    [rescue] = read_rescues(db)
    assert (rescue.path, rescue.saved_at) == (where, 2_000.0)
    assert rescue.rooms == [json.loads(json.dumps(state))]
    assert rescue.races == [record]


NOT_RESCUES = ["[]", '"a rescue"', '{"version": 1, "saved_at": 1, "rooms": [7], "races": []}']
"""JSON, but not a rescue file: the server never writes them, a damaged disk or a person might."""


@pytest.mark.parametrize("body", NOT_RESCUES)
def test_a_file_that_is_not_a_rescue_file_is_logged_and_left_in_place(
    tmp_path: Path, body: str, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "mazerace.db"
    path = rescue_paths(db)[0]
    path.write_text(body)
    with caplog.at_level(logging.ERROR, logger="server.store.rescue"):
        assert read_rescues(db) == []
    assert "could not read the rescue file" in caplog.text
    assert path.read_text() == body
