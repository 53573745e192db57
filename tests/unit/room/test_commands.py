"""The command records' JSON form: every kind survives it, and damaged log entries are refused."""

import pytest

from server.maze.generation import MazeSpec
from server.room.bot_spec import BotSpec
from server.room.commands import (
    KINDS,
    AddBot,
    BadCommand,
    BotStep,
    Move,
    PassHost,
    RemoveBot,
    Start,
    TakeSeat,
    Tick,
    command_from_json,
    command_to_json,
)


def test_every_kind_of_command_has_a_json_form() -> None:
    assert set(KINDS) == {
        "join", "ready", "settings", "start", "move", "hint", "leave", "disconnect", "kick", "lock",
        "rematch", "add_bot", "remove_bot", "bot_step", "tick", "pass_host", "take_seat",
    }  # fmt: skip
    for command in (
        Start("p1", True, MazeSpec("prim", 9, 7, 12345, 0.25, "edges"), "race-1", 12.5),
        Move("p2", (3, 4), 1.0),
        Move("p2", "left", 1.0),
        Tick(99.75),
        AddBot("p1", BotSpec("tremaux", 7), "token", 2.0),
        RemoveBot("p1", "p3", 2.5),
        BotStep("p3", 3.0),
        PassHost("p1", "p2", 4.0),
        TakeSeat("s3", "Eve", "token", 4.5),
    ):
        assert command_from_json(command_to_json(command), lambda: None) == command


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"kind": "teleport", "now": 1.0},
        {"kind": "tick"},
        {"kind": "move", "member": "p1", "target": [1], "now": 1.0},
        {
            "kind": "start",
            "member": "p1",
            "without_unready": False,
            "spec": {"rows": 5},
            "race_id": "r",
            "now": 1,
        },
        {"kind": "hint", "member": "p1", "moves": 0, "want_order": False, "answer": {}, "now": 1.0},
        {"kind": "add_bot", "member": "p1", "spec": {"kind": "oracle", "speed": 5}, "token": "t", "now": 1},
        {"kind": "add_bot", "member": "p1", "spec": {"kind": "dfs", "speed": 99}, "token": "t", "now": 1},
    ],
)
def test_a_damaged_log_entry_is_refused_by_name(data: object) -> None:
    with pytest.raises(BadCommand):
        command_from_json(data, lambda: None)
