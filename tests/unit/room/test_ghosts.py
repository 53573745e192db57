"""Ghosts in the core: steps read from a stored race's log, positions by race time, the JSON form."""

import json

import pytest

from server.errors import GameError
from server.room.ghosts import Ghost, ghost_from_race
from server.room.racelog import RaceLog
from tests.mazes import shortest_path
from tests.unit.room.ghost_races import played_race, stored

# ----- the record --------------------------------------------------------------------------------------


def test_a_ghost_has_exactly_its_players_moves_from_the_log_in_time_order() -> None:
    race, record = played_race()
    ann = race.ids["Ann"]
    ghost = ghost_from_race(stored(record), ann)
    moves = [(e["t"], e["cell"]) for e in record.log if e["type"] == "move" and e["id"] == ann]
    assert [(t, [cell // 8, cell % 8]) for t, cell in ghost.steps] == moves
    assert len(ghost) == len(shortest_path(race.maze)) - 1  # the hints are not steps
    row = next(r for r in record.results if r["id"] == ann)
    assert (ghost.name, ghost.colour, ghost.race, ghost.time, ghost.penalty) == (
        "Ann", row["colour"], record.id, 4000, row["penalty"])  # fmt: skip
    assert ghost.penalty == 2 * 5000
    assert ghost.cells[-1] == race.maze.index(race.maze.exit)


def test_a_ghost_is_refused_for_a_stranger_a_quitter_and_a_race_without_a_log() -> None:
    race, record = played_race()
    with pytest.raises(GameError) as unknown:
        ghost_from_race(stored(record), "p99")
    assert unknown.value.code == "unknown_player"
    with pytest.raises(GameError) as quitter:
        ghost_from_race(stored(record), race.ids["Cid"])
    assert quitter.value.code == "not_finished"
    empty = {**stored(record), "log": RaceLog(8)}
    with pytest.raises(GameError) as unlogged:
        ghost_from_race(empty, race.ids["Ann"])
    assert unlogged.value.code == "no_log"


def test_a_ghost_stands_where_its_time_has_brought_it() -> None:
    _, record = played_race()
    ghost = ghost_from_race(stored(record), record.results[0]["id"])
    times = list(ghost.times)
    assert ghost.steps_due(-1) == 0
    assert ghost.steps_due(times[0] - 1) == 0
    assert ghost.steps_due(times[0]) == 1
    assert ghost.steps_due(times[3]) == 4
    assert ghost.steps_due(10**9) == len(ghost)
    assert ghost.cell_after(0, start=0) == 0
    assert ghost.cell_after(4, start=0) == ghost.cells[3]


def test_steps_that_go_back_in_time_keep_their_order() -> None:
    _, record = played_race()
    log = RaceLog(8)
    for t, cell in ((100, 1), (90, 2), (200, 3)):  # a wall clock that stepped back
        log.add_move(t, "p1", (0, cell))
    race = {**stored(record), "log": log, "results": [{**record.results[0], "id": "p1"}]}
    ghost = ghost_from_race(race, "p1")
    assert list(ghost.steps) == [(100, 1), (100, 2), (200, 3)]


def test_the_json_form_round_trips_and_refuses_damage() -> None:
    _, record = played_race()
    ghost = ghost_from_race(stored(record), record.results[1]["id"], "g2")
    data = json.loads(json.dumps(ghost.to_json()))
    assert Ghost.from_json(data, 64) == ghost
    assert Ghost.from_json(data, 64).id == "g2"
    for broken in (
        {**data, "steps": {**data["steps"], "count": data["steps"]["count"] + 1}},
        {**data, "steps": {**data["steps"], "t": "not base64!"}},
        {k: v for k, v in data.items() if k != "name"},
    ):
        with pytest.raises(ValueError, match="ghost"):
            Ghost.from_json(broken, 64)
    with pytest.raises(ValueError, match="outside its maze"):
        Ghost.from_json(data, 10)  # a cell outside a 10-cell maze


def test_a_bots_ghost_keeps_its_kind_through_the_json_form() -> None:
    """A page names a bot's ghost in its own words from its kind; a person's ghost has none."""
    _, record = played_race()
    rows = [{**row, "bot": "wall"} if k == 0 else row for k, row in enumerate(record.results)]
    race = {**stored(record), "results": rows}
    bot, person = (ghost_from_race(race, row["id"]) for row in rows[:2])
    assert (bot.bot, person.bot) == ("wall", None)
    assert (bot.to_json()["bot"], "bot" in person.to_json()) == ("wall", False)
    assert Ghost.from_json(json.loads(json.dumps(bot.to_json())), 64) == bot
    with pytest.raises(ValueError, match="bot kind"):
        Ghost.from_json({**bot.to_json(), "bot": 7}, 64)
