"""Moving: directions, checked moves, and the trail that pops and cuts back."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.errors import GameError, IllegalMove
from server.maze.directions import Direction, direction_between, parse_direction
from server.maze.generation import MazeSpec, generate
from server.maze.model import Cell, Maze
from server.maze.moves import apply_move, resolve_move
from server.maze.trail import Trail
from tests.unit.support import SEEDS, looped_specs, open_maze

# --- directions ----------------------------------------------------------------------------------------


def test_direction_deltas_arrows_and_steps() -> None:
    assert [d.value for d in Direction] == [
        "up",
        "right",
        "down",
        "left",
        "up-right",
        "down-right",
        "down-left",
        "up-left",
    ]
    assert Direction.UP.delta == (-1, 0)
    assert Direction.RIGHT.delta == (0, 1)
    assert Direction.DOWN.delta == (1, 0)
    assert Direction.LEFT.delta == (0, -1)
    assert [d.arrow for d in Direction] == ["△", "▷", "▽", "◁", "◹", "◿", "◺", "◸"]
    assert Direction.UP_LEFT.delta == (-1, -1)
    assert Direction.DOWN_RIGHT.step((2, 3)) == (3, 4)
    assert [d.diagonal for d in Direction] == [False] * 4 + [True] * 4
    assert Direction.DOWN.step((2, 3)) == (3, 3)
    assert Direction.LEFT.step((2, 3)) == (2, 2)


@pytest.mark.parametrize("direction", list(Direction))
def test_direction_between_inverts_step(direction: Direction) -> None:
    here = (4, 7)
    assert direction_between(here, direction.step(here)) is direction


@pytest.mark.parametrize("other", [(4, 7), (6, 7), (4, 9), (6, 9), (2, 5)])
def test_direction_between_non_neighbours(other: Cell) -> None:
    assert direction_between((4, 7), other) is None


@pytest.mark.parametrize(
    ("text", "expected"), [("up", Direction.UP), ("RIGHT", Direction.RIGHT), (" down ", Direction.DOWN)]
)
def test_parse_direction(text: str, expected: Direction) -> None:
    assert parse_direction(text) is expected


@pytest.mark.parametrize("text", ["north", "", "u", "upp", "up down", None, 1, ["up"], b"up"])
def test_parse_direction_refuses(text: object) -> None:
    with pytest.raises(IllegalMove) as caught:
        parse_direction(text)
    assert caught.value.code == "bad_direction"


# --- trail ---------------------------------------------------------------------------------------------


def test_trail_starts_at_entrance() -> None:
    trail = Trail([(0, 0)])
    assert trail.cells == ((0, 0),)
    assert trail.current == (0, 0)
    assert len(trail) == 1
    assert list(trail) == [(0, 0)]
    assert (0, 0) in trail
    assert (0, 1) not in trail
    assert trail.facing is Direction.RIGHT


def test_empty_trail_is_refused() -> None:
    with pytest.raises(ValueError, match="entrance"):
        Trail([])


def test_trail_steps_forward_and_faces_the_move() -> None:
    trail = Trail([(0, 0)])
    trail.step((1, 0))
    assert trail.facing is Direction.DOWN
    trail.step((1, 1))
    assert trail.facing is Direction.RIGHT
    trail.step((0, 1))
    assert trail.facing is Direction.UP
    assert trail.cells == ((0, 0), (1, 0), (1, 1), (0, 1))
    assert trail.current == (0, 1)


def test_stepping_back_pops_the_room() -> None:
    trail = Trail([(0, 0), (0, 1), (0, 2)])
    trail.step((0, 1))
    assert trail.cells == ((0, 0), (0, 1))
    assert trail.facing is Direction.LEFT
    assert (0, 2) not in trail
    trail.step((0, 0))
    assert trail.cells == ((0, 0),)
    trail.step((0, 1))
    assert trail.cells == ((0, 0), (0, 1))
    assert trail.facing is Direction.RIGHT


def test_stepping_onto_an_older_room_cuts_the_trail(loop: Maze) -> None:
    trail = Trail([loop.entrance])
    for move in ("right", "down", "left"):
        apply_move(loop, trail, move)
    assert trail.cells == ((0, 0), (0, 1), (1, 1), (1, 0))
    apply_move(loop, trail, "up")  # back onto the entrance by the other side of the loop
    assert trail.cells == ((0, 0),)
    assert trail.facing is Direction.UP
    assert all(room not in trail for room in ((0, 1), (1, 1), (1, 0)))
    # the cut cells can be walked again
    apply_move(loop, trail, "down")
    apply_move(loop, trail, "right")
    apply_move(loop, trail, "up")
    assert trail.cells == ((0, 0), (1, 0), (1, 1), (0, 1))
    apply_move(loop, trail, "left")
    assert trail.cells == ((0, 0),)
    assert trail.facing is Direction.LEFT


def test_cut_in_the_middle_of_the_trail(loop: Maze) -> None:
    trail = Trail([(0, 0), (1, 0), (1, 1), (0, 1)])
    apply_move(loop, trail, "left")
    assert trail.cells == ((0, 0),)
    trail = Trail([(0, 0), (1, 0), (2, 0)])
    apply_move(loop, trail, "up")
    assert trail.cells == ((0, 0), (1, 0))
    trail = Trail([(0, 0), (0, 1), (1, 1), (1, 0), (2, 0)])
    apply_move(loop, trail, "up")
    apply_move(loop, trail, "up")
    assert trail.cells == ((0, 0),)


def test_trail_built_with_a_repeat_is_cut() -> None:
    trail = Trail([(0, 0), (0, 1), (1, 1), (1, 0), (0, 0), (0, 1)], facing=Direction.DOWN)
    assert trail.cells == ((0, 0), (0, 1))
    assert trail.facing is Direction.DOWN


def reference_walk(cells: list[Cell], to: Cell) -> list[Cell]:
    """The trail rule written out: back onto a trail cell cuts after it, anything else is appended."""
    return cells[: cells.index(to) + 1] if to in cells else [*cells, to]


@settings(max_examples=60, deadline=None)
@given(looped_specs, SEEDS, st.integers(1, 120))
def test_random_walks_keep_the_trail_rule(spec: MazeSpec, seed: int, steps: int) -> None:
    maze = generate(spec)
    rng = random.Random(seed)
    trail = Trail([maze.entrance])
    expected = [maze.entrance]
    for _ in range(steps):
        here = trail.current
        direction = rng.choice(list(Direction))
        to = direction.step(here)
        if not maze.is_open(here, to):
            before = (trail.cells, trail.facing)
            with pytest.raises(IllegalMove):
                apply_move(maze, trail, direction)
            assert (trail.cells, trail.facing) == before
            continue
        by_cell = rng.random() < 0.5
        assert apply_move(maze, trail, to if by_cell else direction.value) == to
        expected = reference_walk(expected, to)
        assert list(trail.cells) == expected
        assert trail.current == to
        assert trail.facing is direction
        assert trail.cells[0] == maze.entrance
        assert len(set(trail.cells)) == len(trail)
        for a, b in zip(trail.cells, trail.cells[1:], strict=False):
            assert maze.is_open(a, b)


# --- moves ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "to"),
    [
        ("right", (1, 2)),
        ("left", (1, 0)),
        ("up", (0, 1)),
        (Direction.RIGHT, (1, 2)),
        ("UP", (0, 1)),
        ((1, 2), (1, 2)),
        ((1, 0), (1, 0)),
        ((0, 1), (0, 1)),
    ],
)
def test_legal_moves(loop: Maze, target: object, to: Cell) -> None:
    assert resolve_move(loop, (1, 1), target) == to  # type: ignore[arg-type]
    trail = Trail([(0, 0), (0, 1), (1, 1)])
    assert apply_move(loop, trail, target) == to  # type: ignore[arg-type]
    assert trail.current == to
    assert trail.facing is direction_between((1, 1), to)


@pytest.mark.parametrize(
    ("here", "target", "code"),
    [
        ((0, 0), "up", "out_of_bounds"),
        ((0, 0), "left", "out_of_bounds"),
        ((2, 2), "down", "out_of_bounds"),
        ((2, 2), "right", "out_of_bounds"),
        ((0, 0), (-1, 0), "out_of_bounds"),
        ((0, 2), (0, 3), "out_of_bounds"),
        ((2, 0), (5, 5), "out_of_bounds"),
        ((0, 1), "right", "wall"),
        ((2, 1), "right", "wall"),
        ((1, 1), "down", "wall"),
        ((0, 1), (0, 2), "wall"),
        ((2, 2), (2, 1), "wall"),
        ((0, 0), (1, 1), "not_adjacent"),
        ((0, 0), (0, 2), "not_adjacent"),
        ((0, 0), (2, 0), "not_adjacent"),
        ((1, 1), (1, 1), "not_adjacent"),
        ((0, 0), "north", "bad_direction"),
        ((0, 0), "", "bad_direction"),
        ((0, 0), "diagonal", "bad_direction"),
    ],
)
def test_refused_moves_change_nothing(loop: Maze, here: Cell, target: object, code: str) -> None:
    with pytest.raises(IllegalMove) as caught:
        resolve_move(loop, here, target)  # type: ignore[arg-type]
    assert caught.value.code == code
    # walk a trail to `here`, then check the refused move leaves it as it was
    cells = {
        (0, 0): [(0, 0)],
        (0, 1): [(0, 0), (0, 1)],
        (0, 2): [(0, 0), (0, 1), (1, 1), (1, 2), (0, 2)],
        (1, 0): [(0, 0), (1, 0)],
        (1, 1): [(0, 0), (0, 1), (1, 1)],
        (2, 0): [(0, 0), (1, 0), (2, 0)],
        (2, 1): [(0, 0), (1, 0), (2, 0), (2, 1)],
        (2, 2): [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    }[here]
    trail = Trail(cells, facing=Direction.LEFT)
    with pytest.raises(IllegalMove) as caught:
        apply_move(loop, trail, target)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert isinstance(caught.value, GameError)
    assert caught.value.message
    assert trail.cells == tuple(cells)
    assert trail.facing is Direction.LEFT


def test_wall_message_names_the_cells(loop: Maze) -> None:
    with pytest.raises(IllegalMove, match=r"\[0, 1\] and \[0, 2\]"):
        resolve_move(loop, (0, 1), "right")


def test_every_direction_from_the_middle_of_an_open_maze() -> None:
    maze = open_maze(3, 3)
    for direction in (d for d in Direction if not d.diagonal):
        trail = Trail([(0, 0), (1, 0), (1, 1)])
        to = apply_move(maze, trail, direction)
        assert to == direction.step((1, 1))
        assert trail.facing is direction
