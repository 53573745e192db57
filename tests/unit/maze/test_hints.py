"""Hints (the original exercise's help, docs/origins.md): a way on without backing up, or the trail cell
to back up to."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.errors import GameError
from server.maze.generation import MazeSpec, generate
from server.maze.hint_answer import Hint
from server.maze.hints import HINT_METHODS, back_up_index, choose_method, hint, way_on
from server.maze.model import Cell, Maze
from server.maze.solvers import SEARCH_METHODS, CellGraph, search
from server.maze.tree_hints import TreeIndex
from tests.unit.support import (
    LOOP,
    SEEDS,
    assert_valid_path,
    brute_back_to,
    looped_specs,
    perfect_specs,
    random_trail,
)


def check_hint(maze: Maze, trail: tuple[Cell, ...], result: Hint) -> None:
    """Everything a hint must satisfy for this trail, with back_to checked by brute force."""
    here = trail[-1]
    expected_back = brute_back_to(maze, trail)
    if result.found:
        assert expected_back == len(trail) - 1, "a way on exists exactly when the brute force finds one"
        assert_valid_path(maze, result.path, here, trail[:-1])
        assert result.path is not None
        assert result.next == (result.path[1] if len(result.path) > 1 else None)
        assert result.back_to is None
        assert result.back_path is None
    else:
        assert expected_back != len(trail) - 1
        assert result.path is None
        assert result.next is None
        if expected_back is None:
            assert result.back_to is None
            assert result.back_path is None
            return
        assert result.back_to == trail[expected_back]
        assert result.back_path == tuple(reversed(trail[expected_back:]))
        assert result.back_path[0] == here
        assert result.back_path[-1] == result.back_to
        for a, b in itertools.pairwise(result.back_path):
            assert maze.is_open(a, b)
    assert result.explored >= 1


def test_hint_methods() -> None:
    assert HINT_METHODS == ("dfs", "dfs-recursive", "bfs", "astar", "random")


@settings(max_examples=80, deadline=None)
@given(looped_specs, SEEDS, st.integers(0, 80), st.sampled_from(SEARCH_METHODS))
def test_hint_on_random_trails(spec: MazeSpec, seed: int, steps: int, method: str) -> None:
    maze = generate(spec)
    trail = random_trail(maze, random.Random(seed), steps).cells
    result = hint(maze, trail, method, random.Random(0))
    assert result.method == method
    check_hint(maze, trail, result)
    plain = search(maze, method, trail[-1], trail[:-1])
    assert (result.path, result.explored) == (plain.path, plain.explored)
    assert result.order is None


@settings(max_examples=150, deadline=None)
@given(perfect_specs, SEEDS, st.integers(0, 120), st.sampled_from(SEARCH_METHODS), st.booleans())
def test_perfect_maze_hints_read_off_the_tree_equal_the_searches(
    spec: MazeSpec, seed: int, steps: int, method: str, through_exit: bool
) -> None:
    """dfs and bfs answers (and back_to) come from the maze's tree: exactly what the searches give."""
    maze = generate(spec)
    assert TreeIndex.of(CellGraph.of(maze), maze.index(maze.entrance)) is not None
    trail = random_trail(maze, random.Random(seed), steps, stop_at_exit=not through_exit).cells
    answer = way_on(maze, trail, method, record_order=True)
    searched = search(maze, method, trail[-1], trail[:-1], record_order=True)
    assert (answer.path, answer.explored, answer.order) == (searched.path, searched.explored, searched.order)
    back = back_up_index(maze, trail) if searched.path is None else None
    assert answer.back_to == (trail[back] if back is not None else None)
    check_hint(maze, trail, answer)


def test_mazes_with_loops_have_no_tree_index() -> None:
    for spec in (MazeSpec("classic", 20, 20, 1), MazeSpec("prim", 20, 20, 1, braid=0.2)):
        maze = generate(spec)
        assert TreeIndex.of(CellGraph.of(maze), maze.index(maze.entrance)) is None
    big = generate(MazeSpec("backtracker", 300, 300, 1))  # over 65,536 cells: searched
    assert TreeIndex.of(CellGraph.of(big), 0) is None


def test_many_stuck_trails_against_brute_force() -> None:
    """Random trails in braided and classic mazes; enough of them get stuck to test back_to."""
    stuck = found = 0
    rng = random.Random(2024)
    for seed in range(150):
        algorithm = ("classic", "backtracker", "kruskal", "wilson", "prim", "division")[seed % 6]
        maze = generate(MazeSpec(algorithm, rng.randint(3, 9), rng.randint(3, 9), seed, braid=rng.random()))
        for _ in range(3):
            trail = random_trail(maze, rng, rng.randint(5, 60)).cells
            result = hint(maze, trail, rng.choice(HINT_METHODS), rng)
            check_hint(maze, trail, result)
            stuck += not result.found
            found += result.found
    assert stuck >= 40
    assert found >= 40


@settings(max_examples=100, deadline=None)
@given(looped_specs, SEEDS, st.integers(0, 100), st.booleans())
def test_back_up_index_matches_brute_force(spec: MazeSpec, seed: int, steps: int, through_exit: bool) -> None:
    maze = generate(spec)
    trail = random_trail(maze, random.Random(seed), steps, stop_at_exit=not through_exit).cells
    assert back_up_index(maze, trail) == brute_back_to(maze, trail)


def test_stuck_in_a_loop(loop: Maze) -> None:
    trail = ((0, 0), (1, 0), (1, 1), (0, 1))  # round the loop: every way on is behind
    for method in SEARCH_METHODS:
        result = hint(loop, trail, method, random.Random(0))
        assert not result.found
        assert result.path is None
        assert result.next is None
        assert result.explored == 1
        assert result.back_to == (1, 1)
        assert result.back_path == ((0, 1), (1, 1))


def test_stuck_in_a_dead_end(loop: Maze) -> None:
    trail = ((0, 0), (1, 0), (2, 0), (2, 1))
    result = hint(loop, trail, "bfs", random.Random(0), record_order=True)
    assert not result.found
    assert result.order == ((2, 1),)
    assert result.back_to == (1, 0)
    assert result.back_path == ((2, 1), (2, 0), (1, 0))


def test_way_on_avoids_the_trail(loop: Maze) -> None:
    trail = ((0, 0), (0, 1), (1, 1), (1, 0))
    # from (1, 0) the exit is only reachable through (1, 1), which is on the trail: stuck
    result = hint(loop, trail, "dfs", random.Random(0))
    assert not result.found
    assert result.back_to == (1, 1)
    trail = ((0, 0), (0, 1), (1, 1))
    for method in SEARCH_METHODS:
        result = hint(loop, trail, method, random.Random(0), record_order=True)
        assert result.found
        assert result.path == ((1, 1), (1, 2), (2, 2))
        assert result.next == (1, 2)
        assert result.order is not None
        assert result.order[0] == (1, 1)
        assert result.order[-1] == (2, 2)


def test_hint_on_the_exit(loop: Maze) -> None:
    trail = ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2))
    result = hint(loop, trail, "astar", random.Random(0))
    assert result.found
    assert result.path == ((2, 2),)
    assert result.next is None
    assert result.explored == 1


def test_trail_through_the_exit_backs_up_to_it() -> None:
    maze = Maze.from_matrix(LOOP, (0, 0), (1, 2))
    trail = ((0, 0), (0, 1), (1, 1), (1, 2), (0, 2))
    result = hint(maze, trail, "bfs", random.Random(0))
    assert not result.found
    assert result.back_to == (1, 2)
    assert result.back_path == ((0, 2), (1, 2))
    assert back_up_index(maze, trail) == brute_back_to(maze, trail) == 3


def test_no_way_at_all() -> None:
    walled_in_exit = Maze.from_matrix(["11111", "10001", "10111", "10101", "11111"], (0, 0), (1, 1))
    result = hint(walled_in_exit, ((0, 0), (0, 1)), "bfs", random.Random(0))
    assert not result.found
    assert result.back_to is None
    assert result.back_path is None
    assert back_up_index(walled_in_exit, ((0, 0), (1, 0))) is None


def test_random_method_is_drawn_from_the_rng(loop: Maze) -> None:
    trail = ((0, 0), (0, 1))
    seen = set()
    for seed in range(40):
        expected = "dfs" if random.Random(seed).random() < 0.5 else "bfs"
        rng = random.Random(seed)
        result = hint(loop, trail, "random", rng)
        assert result.method == expected
        assert result == hint(loop, trail, expected, random.Random(0))
        assert result == hint(loop, trail, "random", random.Random(seed)), "same rng state, same hint"
        once = random.Random(seed)
        once.random()
        assert rng.getstate() == once.getstate(), "one draw per random hint"
        seen.add(result.method)
    assert seen == {"dfs", "bfs"}


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_named_methods_do_not_draw(method: str) -> None:
    rng = random.Random(5)
    state = rng.getstate()
    assert choose_method(method, rng) == method
    assert rng.getstate() == state


def test_bad_method_and_empty_trail(loop: Maze) -> None:
    with pytest.raises(GameError) as caught:
        hint(loop, ((0, 0),), "greedy", random.Random(0))
    assert caught.value.code == "bad_method"
    with pytest.raises(GameError) as caught:
        choose_method("RANDOM", random.Random(0))
    assert caught.value.code == "bad_method"
    with pytest.raises(GameError, match="trail"):
        hint(loop, (), "bfs", random.Random(0))
