"""The shared rule cases (tests/cases/*.json), run here against the server and by
tests/js/cases.test.mjs against the client: one table of cases, both languages."""

import json
from pathlib import Path
from typing import Any

import pytest

from server.maze.model import Cell
from server.maze.trail import Trail
from server.room.players import Player
from server.room.results import ranked

CASES = Path(__file__).resolve().parents[2] / "cases"
STARTED_AT = 1_000.0


def cases(name: str) -> list[dict[str, Any]]:
    """The cases of tests/cases/<name>.json."""
    data: list[dict[str, Any]] = json.loads((CASES / f"{name}.json").read_text())["cases"]
    return data


def cells(rows: list[list[int]]) -> list[Cell]:
    return [(r, c) for r, c in rows]


@pytest.mark.parametrize("case", cases("trail"), ids=lambda case: case["name"])
def test_trail(case: dict[str, Any]) -> None:
    trail = Trail(cells(case["start"]))
    for cell in cells(case["steps"]):
        trail.step(cell)
    assert list(trail.cells) == cells(case["trail"])


def player(row: dict[str, Any]) -> Player:
    """A case's player as the server keeps it: a finishing moment, a penalty, a distance left."""
    finished = row.get("time")  # racing time: the finishing moment after the start
    return Player(
        id=row["id"],
        name=row["id"],
        colour="#e6194b",
        token="t",
        joined_at=0.0,
        penalty_ms=row.get("penalty", 0),
        finished_at=STARTED_AT + finished / 1000 if finished is not None else None,
        dnf=row.get("dnf", False),
        distance=row.get("distance"),
    )


@pytest.mark.parametrize("case", cases("standings"), ids=lambda case: case["name"])
def test_standings(case: dict[str, Any]) -> None:
    players = [player(row) for row in case["players"]]
    assert [p.id for p in ranked(players, STARTED_AT)] == case["order"]
