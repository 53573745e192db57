"""8-direction mazes by hand: the 3 x 3 block matrix read and written back and its refusals, the
wire form's bits, and the terminal picture of diagonal trails."""

from typing import Any

import networkx as nx
import pytest

from server.errors import BadMaze, BadSettings
from server.maze.directions import Direction, direction_between
from server.maze.generation import MazeSpec, generate
from server.maze.model import Cell, Maze
from server.maze.render import render_text
from server.maze.wire import decode_maze, encode_maze, pack_walls
from tests.unit.maze.eight_hand import HAND, HAND_ENTRANCE, HAND_EXIT, edited, hand
from tests.unit.support import graph

# --- the 3 x 3 block matrix by hand --------------------------------------------------------------------


def test_hand_drawn_blocks_read_by_hand() -> None:
    maze = hand()
    assert (maze.rows, maze.cols, maze.directions) == (2, 3, 8)
    # the owned passage arrays, cell i = r * 3 + c
    assert maze.east == bytes([1, 0, 0, 0, 1, 0])
    assert maze.south == bytes([1, 0, 0, 0, 0, 0])
    assert maze.southeast == bytes([0, 1, 0, 0, 0, 0])
    assert maze.southwest == bytes([0, 0, 1, 0, 0, 0])
    # neighbours in mask order E, S, W, N, SE, SW, NW, NE
    assert maze.adjacency == ((1, 3), (0, 5), (4,), (0,), (5, 2), (4, 1))
    for a, b in [((0, 1), (1, 2)), ((0, 2), (1, 1))]:  # the crossing pair, read from both ends
        assert maze.is_open(a, b)
        assert maze.is_open(b, a)
    assert not maze.is_open((0, 1), (1, 1)), "the crossing joins only the diagonal pairs"
    assert not maze.is_open((0, 0), (1, 1)), "closed diagonal"
    assert not maze.is_open((0, 0), (0, 2)), "not neighbours"
    assert maze.open_wall_count() == maze.size - 1
    assert nx.is_tree(graph(maze))
    assert [maze.degree(i) for i in range(maze.size)] == [2, 2, 1, 1, 2, 2]
    assert maze.dead_end_count() == 2
    assert maze.dead_end_count(excluding_the_ends=True) == 1  # (1, 0); the other is the exit


def test_hand_drawn_blocks_write_back_the_same_lines() -> None:
    maze = hand()
    assert tuple(maze.to_matrix()) == HAND
    again = Maze.from_matrix(maze.to_matrix(), maze.entrance, maze.exit, directions=8)
    assert again == maze


def test_a_maze_without_diagonals_is_still_an_eight_direction_maze() -> None:
    blocks = ("111111", "100001", "111111", "111111", "100001", "111111")  # two corridors, no diagonal
    maze = Maze.from_matrix(blocks, (0, 0), (0, 1), directions=8)
    assert maze.directions == 8
    assert maze.southeast == maze.southwest == bytes(4)
    assert tuple(maze.to_matrix()) == blocks


def test_the_two_forms_are_not_confused() -> None:
    """A 4-direction matrix is not a block matrix, and the other way round."""
    four = ["1111111", "1000001", "1110101", "1000101", "1111111"]
    with pytest.raises(BadMaze, match="3R rows and 3C columns"):
        Maze.from_matrix(four, (0, 0), (1, 2), directions=8)
    with pytest.raises(BadMaze, match="odd number of rows"):
        Maze.from_matrix(HAND, HAND_ENTRANCE, HAND_EXIT, directions=4)
    with pytest.raises(BadMaze, match="directions must be 4 or 8, got 6"):
        Maze.from_matrix(HAND, HAND_ENTRANCE, HAND_EXIT, directions=6)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (edited(1, 1, "1"), r"cell \[0, 0\] is marked as a wall \(its block's centre is 1\)"),
        (edited(4, 7, "1"), r"cell \[1, 2\] is marked as a wall"),
        # (0,0) opens east but (0,1) keeps its west side closed
        (edited(1, 3, "1"), r"cell \[0, 1\] and a neighbour disagree about a passage between them"),
        # (1,2) keeps its north-west corner closed although (0,1) opens south-east
        (edited(3, 6, "1"), r"and a neighbour disagree about a passage between them"),
        # (1,1) opens north-west towards (0,0), which keeps its south-east corner closed
        (edited(3, 3, "0"), r"and a neighbour disagree about a passage between them"),
        (edited(1, 8, "0"), r"the outer wall must be closed \(a border block opens out of the maze\)"),
        (edited(5, 1, "0"), r"a border block opens out of the maze"),  # (1,0) south, out of the bottom
        (edited(5, 0, "0"), r"a border block opens out of the maze"),  # (1,0) south-west corner
        (edited(2, 0, "0"), r"a border block opens out of the maze"),  # (0,0) south-west, out the side
        (edited(5, 8, "0"), r"a border block opens out of the maze"),  # (1,2) south-east corner
        (list(HAND[:5]), r"3R rows and 3C columns, at least 6 each"),
        ([line[:8] for line in HAND], r"3R rows and 3C columns, at least 6 each"),
        (list(HAND[:3]), r"3R rows and 3C columns, at least 6 each"),  # one row of cells
        ([line[:3] for line in HAND], r"3R rows and 3C columns, at least 6 each"),  # one column
        ([*HAND[:5], HAND[5][:-1]], r"every matrix row must be a string of 0 and 1 of the same length"),
        (edited(2, 4, "2"), r"every matrix row must be a string of 0 and 1"),
        (edited(2, 4, " "), r"every matrix row must be a string of 0 and 1"),
        ([*HAND[:5], 111111111], r"every matrix row must be a string of 0 and 1"),
        ([], r"the matrix must be a list of strings of 0 and 1"),
        ("".join(HAND), r"the matrix must be a list of strings of 0 and 1"),
    ],
)
def test_block_matrix_refusals(lines: Any, message: str) -> None:
    with pytest.raises(BadMaze, match=message):
        Maze.from_matrix(lines, HAND_ENTRANCE, HAND_EXIT, directions=8)


@pytest.mark.parametrize(
    ("line", "column"),
    [(0, 4), (0, 0), (0, 8), (1, 0), (4, 0), (3, 0)],
    ids=[
        "north of (0,1)",
        "north-west of (0,0)",
        "north-east of (0,2)",
        "west of (0,0)",
        "west of (1,0)",
        "north-west of (1,0)",
    ],
)
def test_block_matrix_refuses_every_side_out_of_the_maze(line: int, column: int) -> None:
    with pytest.raises(BadMaze, match=r"the outer wall must be closed"):
        Maze.from_matrix(edited(line, column, "0"), HAND_ENTRANCE, HAND_EXIT, directions=8)


def test_block_matrix_size_limits() -> None:
    wide = ["1" * 3003] * 6  # 1001 columns of cells
    with pytest.raises(BadSettings, match="cols must be between 2 and 1000, got 1001"):
        Maze.from_matrix(wide, (0, 0), (0, 1), directions=8)


# --- the wire form ----------------------------------------------------------------------------------------


def test_wire_bit_layout_by_hand() -> None:
    """Bits 4i..4i+3 are cell i's east, south, south-east and south-west passages, least significant
    bit first."""
    # cells 0..5 as (E, S, SE, SW): (1,1,0,0) (0,0,1,0) (0,0,0,1) (0,0,0,0) (1,0,0,0) (0,0,0,0)
    # bits 0..7 = 1 1 0 0 0 0 1 0 -> 0b01000011; bits 8..15 = 0 0 0 1 0 0 0 0 -> 0b00001000; bits 16.. -> 1
    assert pack_walls(hand()) == bytes([0b01000011, 0b00001000, 0b00000001])
    data = encode_maze(hand())
    assert data == {
        "rows": 2,
        "cols": 3,
        "entrance": [0, 0],
        "exit": [0, 2],
        "directions": 8,
        "walls": "QwgB",
    }
    assert decode_maze(data) == hand()


def test_wire_without_directions_means_four() -> None:
    four = generate(MazeSpec("kruskal", 3, 5, 2))
    data: dict[str, Any] = dict(encode_maze(four))
    del data["directions"]
    assert decode_maze(data) == four
    eight: dict[str, Any] = dict(encode_maze(generate(MazeSpec("kruskal", 3, 5, 2, directions=8))))
    del eight["directions"]
    with pytest.raises(BadMaze, match="wall bits do not match the maze size"):
        decode_maze(eight)  # twice the bits a 4-direction maze has


def test_wire_directions_must_be_a_whole_number() -> None:
    data: dict[str, Any] = dict(encode_maze(hand()))
    data["directions"] = 8.0
    with pytest.raises(BadMaze, match="directions must be 4 or 8"):
        decode_maze(data)


# --- the terminal picture ---------------------------------------------------------------------------------


def test_picture_of_the_block_matrix() -> None:
    assert render_text(hand()) == "\n".join(
        [
            "■■■■■■■■■",
            "■◎□□□■■★■",
            "■□■■■□□■■",
            "■□■■■□□■■",
            "■□■■□□□□■",
            "■■■■■■■■■",
        ]
    )


def test_picture_of_a_diagonal_trail() -> None:
    """A diagonal step dots the corner of the block it leaves and the corner of the block it enters;
    the player faces the way of the last step, ◿ for down-right."""
    assert render_text(hand(), [(0, 0), (0, 1), (1, 2)]) == "\n".join(
        [
            "■■■■■■■■■",
            "■◎···■■★■",
            "■□■■■·□■■",
            "■□■■■□·■■",
            "■□■■□□□◿■",
            "■■■■■■■■■",
        ]
    )


def test_picture_of_a_trail_through_both_crossing_diagonals() -> None:
    """Down-right, left, then up-right onto the exit: both diagonals of the crossing dotted, ◹ on ★."""
    trail = [(0, 0), (0, 1), (1, 2), (1, 1), (0, 2)]
    assert render_text(hand(), trail) == "\n".join(
        [
            "■■■■■■■■■",
            "■◎···■■◹■",
            "■□■■■··■■",
            "■□■■■··■■",
            "■□■■····■",
            "■■■■■■■■■",
        ]
    )


@pytest.mark.parametrize(
    ("trail", "arrow"),
    [
        ([(0, 1), (1, 2)], "◿"),
        ([(1, 2), (0, 1)], "◸"),
        ([(0, 2), (1, 1)], "◺"),
        ([(1, 1), (0, 2)], "◹"),
    ],
)
def test_diagonal_arrows(trail: list[Cell], arrow: str) -> None:
    picture = render_text(hand(), trail).splitlines()
    r, c = trail[-1]
    assert picture[3 * r + 1][3 * c + 1] == arrow
    step = direction_between(trail[0], trail[1])
    assert step is not None
    assert step.diagonal
    assert step.arrow == arrow


def test_picture_with_an_explicit_diagonal_facing() -> None:
    picture = render_text(hand(), [(0, 0)], facing=Direction.DOWN_LEFT).splitlines()
    assert picture[1][1] == "◺"
