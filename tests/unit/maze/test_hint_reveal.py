"""The cut of a hint's way: only to the next junction (or the exit), at most CUT_STEPS steps."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from server.maze.generation import MazeSpec, generate
from server.maze.hint_answer import Hint
from server.maze.hint_reveal import CUT_STEPS, cut_cells, cut_hint
from server.maze.hints import way_on
from server.maze.model import Cell, Maze
from server.maze.solvers import SEARCH_METHODS
from server.maze.wire import PackedCells
from tests.unit.support import SEEDS, looped_specs, perfect_specs, random_trail


def check_cut(maze: Maze, whole: tuple[Cell, ...], shown: tuple[Cell, ...], cut: str | None) -> None:
    """The cut way is a prefix of the whole way from the same cell, ending at its first junction, the
    exit, or after CUT_STEPS steps, whichever comes first (the whole way when it ends sooner)."""
    assert shown[0] == whole[0], "the cut way starts at the player's cell"
    assert whole[: len(shown)] == shown, "the cut way is a prefix of the whole way"
    assert len(shown) <= len(whole)
    assert len(shown) - 1 <= CUT_STEPS
    interior = shown[1:-1]
    assert all(maze.degree(maze.index(c)) <= 2 and c != maze.exit for c in interior), "no junction skipped"
    end = shown[-1]
    if cut is None:
        assert shown == whole
    elif cut == "junction":
        assert len(shown) >= 2
        assert end == maze.exit or maze.degree(maze.index(end)) > 2
    else:
        assert cut == "steps"
        assert len(shown) - 1 == CUT_STEPS
        assert maze.degree(maze.index(end)) <= 2


def packed(maze: Maze, cells: tuple[Cell, ...]) -> PackedCells:
    return PackedCells.pack((maze.index(c) for c in cells), maze.size, maze.cols)


both_topologies = st.one_of(perfect_specs, looped_specs)


@settings(max_examples=200, deadline=None)
@given(both_topologies, SEEDS, st.integers(0, 80), st.sampled_from(SEARCH_METHODS))
def test_the_cut_way_is_a_prefix_ending_at_the_first_junction(
    spec: MazeSpec, seed: int, steps: int, method: str
) -> None:
    maze = generate(spec)
    trail = random_trail(maze, random.Random(seed), steps).cells
    whole = way_on(maze, trail, method)
    shown, cut = cut_hint(maze, whole)
    assert (shown.method, shown.start, shown.explored, shown.order_cells) == (
        whole.method,
        whole.start,
        whole.explored,
        whole.order_cells,
    )
    assert shown.next == whole.next, "the direction to take is the whole way's"
    for whole_way, shown_way in ((whole.path, shown.path), (whole.back_path, shown.back_path)):
        assert (whole_way is None) == (shown_way is None)
        if whole_way is not None and shown_way is not None:
            check_cut(maze, whole_way, shown_way, cut)


@settings(max_examples=100, deadline=None)
@given(both_topologies, st.data())
def test_any_way_through_the_maze_is_cut_the_same_way(spec: MazeSpec, data: st.DataObject) -> None:
    """Every cell list a hint may draw (the way on, the trail back, the way to explore) is cut alike."""
    maze = generate(spec)
    trail = random_trail(maze, random.Random(data.draw(SEEDS)), data.draw(st.integers(1, 60)), False).cells
    whole = tuple(reversed(trail))
    shown, cut = cut_cells(maze, packed(maze, whole))
    check_cut(maze, whole, shown.cells(), cut)


def corridor_maze(length: int) -> Maze:
    """A row of `length` cells open end to end (no junction anywhere), over a row of walled-in cells."""
    wall = "1" * (2 * length + 1)
    row = ["1" + "0" * (2 * length - 1) + "1", "10" * length + "1"]
    return Maze.from_matrix([wall, row[0], wall, row[1], wall], (0, 0), (0, length - 1))


TEE = ("1111111", "1000001", "1110111", "1010101", "1110111", "1010101", "1111111")
"""Three rows of three cells: the top row open end to end, and a corridor down from its middle cell."""


def test_a_corridor_is_cut_after_the_cap() -> None:
    corridor = corridor_maze(20)
    whole = tuple((0, c) for c in range(20))
    shown, cut = cut_cells(corridor, packed(corridor, whole))
    assert (shown.cells(), cut) == (whole[: CUT_STEPS + 1], "steps")


def test_a_way_that_reaches_the_exit_before_any_junction_is_whole() -> None:
    corridor = corridor_maze(6)
    whole = tuple((0, c) for c in range(2, 6))
    shown, cut = cut_cells(corridor, packed(corridor, whole))
    assert (shown.cells(), cut) == (whole, None)


def test_standing_next_to_a_junction_shows_one_step() -> None:
    tee = Maze.from_matrix(TEE, (0, 0), (2, 1))
    assert tee.degree(tee.index((0, 1))) == 3
    whole = ((0, 0), (0, 1), (1, 1), (2, 1))
    shown, cut = cut_cells(tee, packed(tee, whole))
    assert (shown.cells(), cut) == (((0, 0), (0, 1)), "junction")


def test_a_hint_with_no_way_is_left_as_it_is() -> None:
    maze = corridor_maze(3)
    nothing = Hint("bfs", (0, 0), 1, None, None, None)
    assert cut_hint(maze, nothing) == (nothing, None)
