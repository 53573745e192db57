"""The command records' JSON form: every kind survives it, and damaged log entries are refused."""

import pytest

from server.game.commands import KINDS, BadCommand, Move, Start, Tick, command_from_json, command_to_json
from server.game.generation import MazeSpec


def test_every_kind_of_command_has_a_json_form() -> None:
    assert set(KINDS) == {
        "join", "ready", "settings", "start", "move", "hint", "leave", "disconnect", "kick", "lock",
        "rematch", "tick",
    }  # fmt: skip
    for command in (
        Start("p1", True, MazeSpec("prim", 9, 7, 12345, 0.25, "edges"), "race-1", 12.5),
        Move("p2", (3, 4), 1.0),
        Move("p2", "left", 1.0),
        Tick(99.75),
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
    ],
)
def test_a_damaged_log_entry_is_refused_by_name(data: object) -> None:
    with pytest.raises(BadCommand):
        command_from_json(data, lambda: None)
