"""Terminal pictures in the original exercise's style: ■ walls, □ passages, · trail, ▷◁△▽ the player,
◎ and ★."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.maze.directions import Direction
from server.maze.generation import MazeSpec, generate
from server.maze.model import Cell, Maze
from server.maze.render import render_text
from tests.unit.support import SEEDS, open_maze, random_trail, specs

HAND = Maze.from_matrix(["1111111", "1000001", "1110101", "1000101", "1111111"], (0, 0), (1, 2))
ARROWS = "▷◁△▽"
SYMBOLS = set("■□·◎★") | set(ARROWS)


def test_plain_picture() -> None:
    assert render_text(HAND) == "\n".join(
        [
            "■■■■■■■",
            "■◎□□□□■",
            "■■■□■□■",
            "■□□□■★■",
            "■■■■■■■",
        ]
    )


def test_picture_with_a_trail() -> None:
    assert render_text(HAND, [(0, 0), (0, 1), (1, 1)]) == "\n".join(
        [
            "■■■■■■■",
            "■◎··□□■",
            "■■■·■□■",
            "■□□▽■★■",
            "■■■■■■■",
        ]
    )


def test_player_on_the_exit_and_the_entrance() -> None:
    on_exit = render_text(HAND, [(0, 0), (0, 1), (0, 2), (1, 2)]).splitlines()
    assert on_exit[3] == "■□□□■▽■"
    assert "★" not in "".join(on_exit)
    assert on_exit[1] == "■◎····■"
    at_start = render_text(HAND, [(0, 0)]).splitlines()
    assert at_start[1] == "■▷□□□□■", "a fresh player faces right and hides ◎"
    assert "◎" not in "".join(at_start)
    assert "·" not in "".join(at_start)


@pytest.mark.parametrize(
    ("trail", "arrow"),
    [
        ([(0, 0), (1, 0), (1, 1), (1, 2)], "▷"),
        ([(0, 0), (0, 1), (1, 1), (1, 0)], "◁"),
        ([(0, 0), (1, 0), (1, 1), (0, 1)], "△"),
        ([(0, 0), (0, 1), (1, 1), (2, 1)], "▽"),
        ([(0, 0), (1, 0)], "▽"),
        ([(0, 0), (0, 1)], "▷"),
    ],
)
def test_arrow_follows_the_last_move(trail: list[Cell], arrow: str) -> None:
    maze = open_maze(3, 3)
    lines = render_text(maze, trail).splitlines()
    r, c = trail[-1]
    assert lines[2 * r + 1][2 * c + 1] == arrow
    assert sum(line.count(a) for line in lines for a in ARROWS) == 1


@pytest.mark.parametrize("facing", list(Direction))
def test_facing_can_be_given(facing: Direction) -> None:
    lines = render_text(open_maze(3, 3), [(0, 0), (0, 1), (1, 1)], facing=facing).splitlines()
    assert lines[3][3] == facing.arrow


@settings(max_examples=60, deadline=None)
@given(specs(sides=st.integers(2, 15), directions=(4,)), SEEDS, st.integers(0, 60))
def test_picture_matches_the_matrix(spec: MazeSpec, seed: int, steps: int) -> None:
    maze = generate(spec)
    trail = random_trail(maze, random.Random(seed), steps).cells
    matrix = maze.to_matrix()
    lines = render_text(maze, trail).split("\n")
    assert len(lines) == 2 * maze.rows + 1
    assert all(len(line) == 2 * maze.cols + 1 for line in lines)
    assert set("".join(lines)) <= SYMBOLS
    for y, (line, row) in enumerate(zip(lines, matrix, strict=True)):
        for x, (ch, bit) in enumerate(zip(line, row, strict=True)):
            assert (ch == "■") == (bit == "1"), (y, x)
    here = trail[-1]
    assert lines[2 * here[0] + 1][2 * here[1] + 1] in ARROWS
    if len(trail) > 1:
        expected = {(0, 1): "▷", (0, -1): "◁", (-1, 0): "△", (1, 0): "▽"}[
            (here[0] - trail[-2][0], here[1] - trail[-2][1])
        ]
        assert lines[2 * here[0] + 1][2 * here[1] + 1] == expected
    marked = {maze.entrance, here} | ({maze.exit} & set(trail))
    dots = (len(trail) - 1) + len(trail) - len(marked)
    assert "".join(lines).count("·") == dots
    assert "".join(lines).count("◎") == (0 if here == maze.entrance else 1)
    assert "".join(lines).count("★") == (0 if here == maze.exit else 1)
    for r, c in trail[1:-1]:
        assert lines[2 * r + 1][2 * c + 1] in "·★"


@settings(max_examples=30, deadline=None)
@given(specs(sides=st.integers(2, 30), directions=(4,)))
def test_picture_without_trail(spec: MazeSpec) -> None:
    maze = generate(spec)
    picture = render_text(maze)
    expected = [["■" if bit == "1" else "□" for bit in row] for row in maze.to_matrix()]
    expected[2 * maze.entrance[0] + 1][2 * maze.entrance[1] + 1] = "◎"
    expected[2 * maze.exit[0] + 1][2 * maze.exit[1] + 1] = "★"
    assert picture == "\n".join("".join(row) for row in expected)
    lines = picture.splitlines()
    assert lines[2 * maze.entrance[0] + 1][2 * maze.entrance[1] + 1] == "◎"
    assert lines[2 * maze.exit[0] + 1][2 * maze.exit[1] + 1] == "★"
    assert set(picture) <= {"■", "□", "◎", "★", "\n"}
    assert picture.count("◎") == picture.count("★") == 1
