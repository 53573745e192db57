"""Braiding: it only opens walls, a full braid leaves no dead end of the maze it was given, and a
share opens about that share."""

from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS, PERFECT
from server.maze.model import Maze
from tests.unit.maze.maze_checks import assert_outer_walls_closed
from tests.unit.support import specs

# --- braid ---------------------------------------------------------------------------------------------


def original_dead_ends(maze: Maze) -> set[int]:
    return {i for i in range(maze.size) if maze.degree(i) == 1}


@settings(max_examples=100, deadline=None)
@given(specs(braids=st.floats(min_value=0.0, max_value=1.0)))
@example(MazeSpec("classic", 10, 10, 7, braid=1.0))
@example(MazeSpec("classic", 10, 10, 126, braid=0.5))
def test_braid_only_opens_walls(spec: MazeSpec) -> None:
    base = generate(replace(spec, braid=0.0))
    braided = generate(spec)
    assert (braided.entrance, braided.exit) == (base.entrance, base.exit)
    assert all(b >= a for a, b in zip(base.east, braided.east, strict=True)), "braid closed an east wall"
    assert all(b >= a for a, b in zip(base.south, braided.south, strict=True)), "braid closed a south wall"
    assert braided.dead_end_count() <= base.dead_end_count()
    assert_outer_walls_closed(braided)
    # the original dead ends left: (1 - braid) of them, give or take one (two go at once when paired)
    before = original_dead_ends(base)
    left = before & original_dead_ends(braided)
    assert abs(len(left) - (1 - spec.braid) * len(before)) <= 1.5


@settings(max_examples=80, deadline=None)
@given(specs(algorithms=tuple(PERFECT), braids=st.just(1.0)))
@example(MazeSpec("backtracker", 2, 2, 0, braid=1.0))
@example(MazeSpec("division", 2, 15, 0, braid=1.0))
def test_full_braid_leaves_no_dead_end_in_perfect_mazes(spec: MazeSpec) -> None:
    maze = generate(spec)
    assert maze.dead_end_count() == 0
    assert maze.open_wall_count() > maze.size - 1, "loops were made"


@settings(max_examples=80, deadline=None)
@given(specs(algorithms=("classic",), braids=st.just(1.0)))
@example(MazeSpec("classic", 10, 10, 7, braid=1.0))
@example(MazeSpec("classic", 10, 10, 87, braid=1.0))
def test_full_braid_in_classic_leaves_only_new_dead_ends(spec: MazeSpec) -> None:
    """Classic mazes have walled-in rooms; opening one from a dead end makes it a (new) dead end, so
    braid=1 removes every original dead end and leaves at most one per room that was walled in."""
    base = generate(replace(spec, braid=0.0))
    maze = generate(spec)
    isolated = {i for i in range(base.size) if base.degree(i) == 0}
    remaining = original_dead_ends(maze)
    assert not remaining & original_dead_ends(base)
    assert remaining <= isolated


def test_full_braid_in_classic_leaves_nearly_none() -> None:
    counts = [generate(MazeSpec("classic", 10, 10, seed, braid=1.0)).dead_end_count() for seed in range(100)]
    before = [generate(MazeSpec("classic", 10, 10, seed)).dead_end_count() for seed in range(100)]
    assert sum(counts) * 20 < sum(before)
    assert max(counts) <= 4


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_half_braid_removes_about_half(algorithm: str) -> None:
    before = after = 0
    for seed in range(20):
        base = generate(MazeSpec(algorithm, 15, 15, seed))
        braided = generate(MazeSpec(algorithm, 15, 15, seed, braid=0.5))
        n = len(original_dead_ends(base))
        left = len(original_dead_ends(base) & original_dead_ends(braided))
        assert abs(left - n / 2) <= 1.5
        before += base.dead_end_count()
        after += braided.dead_end_count()
    assert 0.4 < after / before < 0.6


@settings(max_examples=60, deadline=None)
@given(specs(algorithms=tuple(PERFECT), braids=st.floats(min_value=0.0, max_value=1.0)))
def test_braid_share_in_perfect_mazes(spec: MazeSpec) -> None:
    base = generate(replace(spec, braid=0.0))
    maze = generate(spec)
    n = base.dead_end_count()
    assert abs(maze.dead_end_count() - (1 - spec.braid) * n) <= 1.5
    removed = n - maze.dead_end_count()
    # each opened wall removes one or two dead ends, and adds one loop
    opened = maze.open_wall_count() - base.open_wall_count()
    assert opened <= removed <= 2 * opened


def test_braid_zero_changes_nothing() -> None:
    for algorithm in ALGORITHMS:
        assert generate(MazeSpec(algorithm, 9, 9, 4, braid=0.0)) == generate(MazeSpec(algorithm, 9, 9, 4))
        assert generate(MazeSpec(algorithm, 9, 9, 4, braid=0)) == generate(MazeSpec(algorithm, 9, 9, 4))
