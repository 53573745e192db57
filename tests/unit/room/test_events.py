"""Event data are records: every kind the room emits is defined once, documented, and read back."""

import ast
from pathlib import Path

import pytest

from server.room.events import EVENT_KINDS, BadEvent, event_from_json

ROOT = Path(__file__).resolve().parents[3]


def emitted_kinds() -> set[str]:
    """The kinds the core passes to `emit`, read from its source."""
    kinds = set()
    for path in (ROOT / "server" / "room").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "emit"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                kinds.add(node.args[0].value)
    return kinds


def test_every_kind_the_room_emits_has_a_record_and_is_documented() -> None:
    assert emitted_kinds() == set(EVENT_KINDS)
    protocol = (ROOT / "docs" / "protocol.md").read_text()
    assert [kind for kind in EVENT_KINDS if f"`{kind}`" not in protocol] == []


def test_a_spectator_joining_and_a_player_joining_are_told_apart_by_role() -> None:
    spectator = {"id": "s1", "role": "spectator", "spectators": 2}
    assert event_from_json("joined", spectator) == spectator
    with pytest.raises(BadEvent):
        event_from_json("joined", {**spectator, "role": "player"})


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        ("teleported", {}),
        ("moved", None),
        ("moved", {"id": "p1"}),
        ("locked", {"locked": True, "by": "p1"}),
        ("hinted", {"id": "p1", "method": "dfs"}),
    ],
)
def test_data_that_is_no_event_of_its_kind_is_refused(kind: str, data: object) -> None:
    with pytest.raises(BadEvent):
        event_from_json(kind, data)
