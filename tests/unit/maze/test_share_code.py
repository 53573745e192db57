"""Share codes: stable (the same maze always gets the same code, pinned here), different for different
mazes (walls, openings, topology), in the Crockford alphabet and the contract's pattern."""

import random

import pytest

from server.errors import BadSettings
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.maze.model import Maze
from server.maze.share_code import ALPHABET, SHARE_CODE, fingerprint, share_code
from server.maze.walls import Walls
from tests.unit.maze.exchange_support import hand_edited, swapped

PINNED = "b2835zq4"
"""The code of backtracker 150 x 150 seed 1: published codes must not change when the code changes."""


def test_the_same_maze_gets_the_same_code_built_any_way() -> None:
    maze = generate(MazeSpec("backtracker", 10, 10, 1))
    again = Maze.from_walls(10, 10, maze.walls(), maze.entrance, maze.exit)
    assert share_code(maze) == share_code(again) == share_code(generate(MazeSpec("backtracker", 10, 10, 1)))


def test_codes_are_pinned_so_a_change_of_form_is_noticed() -> None:
    maze = generate(MazeSpec("backtracker", 150, 150, 1))
    assert len(fingerprint(maze)) == 64
    assert share_code(maze) == PINNED
    assert share_code(maze, 16).startswith(share_code(maze))


def test_codes_match_the_pattern_and_the_alphabet() -> None:
    assert len(ALPHABET) == 32
    assert not set("ilou") & set(ALPHABET)
    for length in range(8, 17):
        code = share_code(generate(MazeSpec("prim", 5, 6, length)), length)
        assert len(code) == length
        assert SHARE_CODE.match(code)
    for bad in ("abcdefg", "abcdefgi", "ABCDEFGH", "a" * 17, "abcdefgu"):
        assert not SHARE_CODE.match(bad)


@pytest.mark.parametrize("length", [7, 17, 0, True, "8"])
def test_lengths_outside_eight_to_sixteen_are_refused(length: object) -> None:
    with pytest.raises(BadSettings):
        share_code(generate(MazeSpec("prim", 5, 6, 1)), length)  # type: ignore[arg-type]


def test_different_mazes_get_different_codes() -> None:
    rng = random.Random(5)
    mazes = {}
    for k in range(600):
        spec = MazeSpec(ALGORITHMS[k % len(ALGORITHMS)], rng.randint(2, 8), rng.randint(2, 8), k)
        maze = hand_edited(spec, rng, rng.randint(0, 6))
        mazes[maze] = share_code(maze)
    assert len(mazes) > 500
    assert len(set(mazes.values())) == len(mazes)
    maze = generate(MazeSpec("kruskal", 6, 6, 9))
    assert share_code(maze) != share_code(swapped(maze))
    four_as_eight = Maze.from_walls(6, 6, Walls.closed(36, 8), (0, 0), (5, 5))
    four = Maze.from_walls(6, 6, Walls.closed(36), (0, 0), (5, 5))
    assert share_code(four) != share_code(four_as_eight)  # no passage at all, but one topology each
