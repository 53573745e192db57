"""Openings: corners, or two edges on different sides, varied by the seed."""

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from server.errors import BadSettings
from server.maze.generation import MazeSpec, generate
from server.maze.model import Cell
from server.maze.openings import OPENINGS, place_openings
from tests.unit.support import SEEDS, specs

# --- openings ------------------------------------------------------------------------------------------


def sides_of(cell: Cell, rows: int, cols: int) -> set[str]:
    r, c = cell
    sides = set()
    if r == 0:
        sides.add("top")
    if r == rows - 1:
        sides.add("bottom")
    if c == 0:
        sides.add("left")
    if c == cols - 1:
        sides.add("right")
    return sides


@settings(max_examples=80, deadline=None)
@given(specs(openings=("corners",)))
def test_corner_openings(spec: MazeSpec) -> None:
    maze = generate(spec)
    assert maze.entrance == (0, 0)
    assert maze.exit == (spec.rows - 1, spec.cols - 1)


@settings(max_examples=120, deadline=None)
@given(specs(openings=("edges",)))
@example(MazeSpec("classic", 2, 2, 0, openings="edges"))
def test_edge_openings_on_two_different_sides(spec: MazeSpec) -> None:
    maze = generate(spec)
    entrance_sides = sides_of(maze.entrance, spec.rows, spec.cols)
    exit_sides = sides_of(maze.exit, spec.rows, spec.cols)
    assert entrance_sides, "the entrance is on the edge"
    assert exit_sides, "the exit is on the edge"
    assert maze.entrance != maze.exit
    assert any(a != b for a in entrance_sides for b in exit_sides)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 30), st.integers(2, 30), SEEDS)
def test_place_openings_edges(rows: int, cols: int, seed: int) -> None:
    entrance, exit = place_openings("edges", rows, cols, random.Random(seed))
    assert entrance != exit
    for cell in (entrance, exit):
        assert 0 <= cell[0] < rows
        assert 0 <= cell[1] < cols
    entrance_sides, exit_sides = sides_of(entrance, rows, cols), sides_of(exit, rows, cols)
    assert entrance_sides
    assert exit_sides
    assert any(a != b for a in entrance_sides for b in exit_sides)


def test_edge_openings_vary_and_use_every_side() -> None:
    rows, cols = 10, 12
    places = [place_openings("edges", rows, cols, random.Random(seed)) for seed in range(200)]
    assert len({entrance for entrance, _ in places}) > 20
    assert len({exit for _, exit in places}) > 20
    used = set().union(*(sides_of(e, rows, cols) for e, _ in places))
    assert used == {"top", "bottom", "left", "right"}
    same_side_middle = [
        (e, x)
        for e, x in places
        if len(sides_of(e, rows, cols)) == 1 and sides_of(e, rows, cols) == sides_of(x, rows, cols)
    ]
    assert not same_side_middle, "entrance and exit on the same side"


def test_place_openings_refuses_unknown_kind() -> None:
    assert OPENINGS == ("corners", "edges")
    with pytest.raises(BadSettings):
        place_openings("middle", 5, 5, random.Random(0))
