"""The maze model: construction checks, walls, adjacency, and the 0/1 exchange form."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.errors import BadMaze, BadSettings, GameError
from server.maze.model import MAX_SIDE, MIN_SIDE, Maze, check_size
from tests.unit.support import mazes, specs

# A 2 x 3 perfect maze drawn by hand:   (0,0) - (0,1) - (0,2)
#                                                 |       |
#                                       (1,0) - (1,1)   (1,2)
HAND = (
    "1111111",
    "1000001",
    "1110101",
    "1000101",
    "1111111",
)


@pytest.fixture
def hand() -> Maze:
    return Maze.from_matrix(HAND, (0, 0), (1, 2))


def test_from_matrix_reads_the_walls(hand: Maze) -> None:
    assert (hand.rows, hand.cols, hand.size) == (2, 3, 6)
    assert hand.east == bytes([1, 1, 0, 1, 0, 0])
    assert hand.south == bytes([0, 1, 1, 0, 0, 0])
    assert hand.entrance == (0, 0)
    assert hand.exit == (1, 2)


def test_is_open_between_neighbours_only(hand: Maze) -> None:
    assert hand.is_open((0, 0), (0, 1))
    assert hand.is_open((0, 1), (0, 0))
    assert hand.is_open((0, 1), (1, 1))
    assert hand.is_open((1, 1), (0, 1))
    assert hand.is_open((0, 2), (1, 2))
    assert not hand.is_open((0, 0), (1, 0))
    assert not hand.is_open((1, 1), (1, 2))
    assert not hand.is_open((0, 0), (0, 0)), "a room is not its own neighbour"
    assert not hand.is_open((0, 0), (1, 1)), "diagonal"
    assert not hand.is_open((0, 0), (0, 2)), "two apart in a fully open row"
    assert not hand.is_open((0, 2), (0, 3)), "east of the last column is outside"
    assert not hand.is_open((0, 0), (-1, 0)), "north of the first row is outside"
    assert not hand.is_open((1, 0), (2, 0)), "south of the last row is outside"


def test_adjacency_degree_and_counts(hand: Maze) -> None:
    # east, south, west, north order, by flat index
    assert hand.adjacency == ((1,), (2, 4, 0), (5, 1), (4,), (3, 1), (2,))
    assert [hand.degree(i) for i in range(hand.size)] == [1, 3, 2, 1, 2, 1]
    assert hand.dead_end_count() == 3
    assert hand.dead_end_count(excluding_the_ends=True) == 1  # (1, 0): the others are the two ends
    assert hand.open_wall_count() == hand.size - 1


def test_index_and_cell_are_inverse(hand: Maze) -> None:
    for i in range(hand.size):
        assert hand.index(hand.cell(i)) == i
    assert hand.index((1, 2)) == 5
    assert hand.cell(4) == (1, 1)
    assert hand.in_bounds((1, 2))
    assert not hand.in_bounds((2, 0))
    assert not hand.in_bounds((0, 3))
    assert not hand.in_bounds((-1, 0))


def test_maze_is_frozen_and_compared_by_value(hand: Maze) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.rows = 5  # type: ignore[misc]
    assert hand == Maze.from_matrix(list(HAND), (0, 0), (1, 2))
    assert hand != Maze.from_matrix(HAND, (0, 0), (0, 2))
    assert hand != Maze.from_matrix(HAND, (1, 0), (1, 2))


def test_to_matrix_of_hand_maze(hand: Maze) -> None:
    assert hand.to_matrix() == list(HAND)


@pytest.mark.parametrize(
    ("rows", "cols"), [(1, 5), (5, 1), (0, 0), (-3, 4), (MAX_SIDE + 1, 2), (2, MAX_SIDE + 1)]
)
def test_check_size_refuses_out_of_range(rows: int, cols: int) -> None:
    with pytest.raises(BadSettings):
        check_size(rows, cols)


@pytest.mark.parametrize(("rows", "cols"), [(True, 5), (5, 2.0), ("5", 5), (None, 5)])
def test_check_size_refuses_non_integers(rows: object, cols: object) -> None:
    with pytest.raises(BadSettings, match="whole number"):
        check_size(rows, cols)  # type: ignore[arg-type]


def test_check_size_accepts_bounds() -> None:
    check_size(MIN_SIDE, MIN_SIDE)
    check_size(MAX_SIDE, MAX_SIDE)
    check_size(MIN_SIDE, MAX_SIDE)


def test_constructor_refuses_wrong_array_length() -> None:
    with pytest.raises(BadMaze, match="size"):
        Maze(2, 2, bytes(3), bytes(4), (0, 0), (1, 1))
    with pytest.raises(BadMaze, match="size"):
        Maze(2, 2, bytes(4), bytes(5), (0, 0), (1, 1))


@pytest.mark.parametrize(("entrance", "exit"), [((2, 0), (1, 1)), ((0, 0), (0, 2)), ((-1, 0), (1, 1))])
def test_constructor_refuses_openings_outside(entrance: tuple[int, int], exit: tuple[int, int]) -> None:
    with pytest.raises(BadMaze, match="outside"):
        Maze(2, 2, bytes(4), bytes(4), entrance, exit)


def test_constructor_refuses_entrance_equal_to_exit() -> None:
    with pytest.raises(BadMaze, match="different"):
        Maze(2, 2, bytes(4), bytes(4), (1, 1), (1, 1))


def test_constructor_refuses_bad_size() -> None:
    with pytest.raises(BadSettings):
        Maze(1, 4, bytes(4), bytes(4), (0, 0), (0, 3))


@pytest.mark.parametrize(
    ("east", "south"),
    [
        (bytes([0, 1, 0, 0]), bytes(4)),  # (0, 1) opens east, out of the maze
        (bytes([0, 0, 0, 1]), bytes(4)),  # (1, 1) opens east
        (bytes(4), bytes([0, 0, 1, 0])),  # (1, 0) opens south, out of the maze
        (bytes(4), bytes([0, 0, 0, 1])),  # (1, 1) opens south
    ],
)
def test_constructor_refuses_open_outer_wall(east: bytes, south: bytes) -> None:
    with pytest.raises(BadMaze, match="outer wall"):
        Maze(2, 2, east, south, (0, 0), (1, 1))


def test_errors_are_game_errors_with_codes() -> None:
    with pytest.raises(BadMaze) as caught:
        Maze(2, 2, bytes(4), bytes(4), (1, 1), (1, 1))
    assert isinstance(caught.value, GameError)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == "bad_maze"
    assert "different" in caught.value.message
    assert BadSettings("x").code == "bad_settings"
    assert GameError("x", code="busy").code == "busy"


@settings(max_examples=60, deadline=None)
@given(mazes())
def test_matrix_round_trip(maze: Maze) -> None:
    matrix = maze.to_matrix()
    assert Maze.from_matrix(matrix, maze.entrance, maze.exit, maze.directions) == maze
    assert Maze.from_matrix(matrix, list(maze.entrance), list(maze.exit), maze.directions) == maze  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(mazes(specs(directions=(4,))))
def test_matrix_shape_posts_rooms_and_border(maze: Maze) -> None:
    matrix = maze.to_matrix()
    assert len(matrix) == 2 * maze.rows + 1
    assert all(len(line) == 2 * maze.cols + 1 for line in matrix)
    assert set("".join(matrix)) <= {"0", "1"}
    assert set(matrix[0]) == set(matrix[-1]) == {"1"}
    assert all(line[0] == line[-1] == "1" for line in matrix)
    for y, line in enumerate(matrix):
        for x, ch in enumerate(line):
            if y % 2 == 0 and x % 2 == 0:
                assert ch == "1", "posts always stand"
            elif y % 2 == 1 and x % 2 == 1:
                assert ch == "0", "rooms are passages"
    # every wall cell tells whether its two rooms are joined
    for r in range(maze.rows):
        for c in range(maze.cols):
            assert (matrix[2 * r + 1][2 * c + 2] == "0") == maze.is_open((r, c), (r, c + 1))
            assert (matrix[2 * r + 2][2 * c + 1] == "0") == maze.is_open((r, c), (r + 1, c))
    assert maze.open_wall_count() == "".join(matrix).count("0") - maze.size


@settings(max_examples=60, deadline=None)
@given(mazes())
def test_adjacency_agrees_with_is_open(maze: Maze) -> None:
    for i, links in enumerate(maze.adjacency):
        here = maze.cell(i)
        assert len(set(links)) == len(links)
        expected = {
            maze.index(n)
            for n in (
                (here[0], here[1] + 1),
                (here[0] + 1, here[1]),
                (here[0], here[1] - 1),
                (here[0] - 1, here[1]),
                (here[0] + 1, here[1] + 1),
                (here[0] + 1, here[1] - 1),
                (here[0] - 1, here[1] - 1),
                (here[0] - 1, here[1] + 1),
            )
            if maze.is_open(here, n)
        }
        assert set(links) == expected
        for j in links:
            assert i in maze.adjacency[j], "adjacency is symmetric"
    assert sum(len(links) for links in maze.adjacency) == 2 * maze.open_wall_count()
    assert maze.dead_end_count() == sum(1 for i in range(maze.size) if maze.degree(i) == 1)


def _with(matrix: tuple[str, ...], y: int, x: int, ch: str) -> list[str]:
    lines = list(matrix)
    lines[y] = lines[y][:x] + ch + lines[y][x + 1 :]
    return lines


BAD_MATRICES = {
    "ragged": [*HAND[:2], HAND[2][:-1], *HAND[3:]],
    "ragged longer": [*HAND[:2], HAND[2] + "1", *HAND[3:]],
    "even height": [*HAND, HAND[-1]],
    "even width": [line + "1" for line in HAND],
    "too few rows": list(HAND[:3]),
    "too few columns": ["111", "101", "111", "101", "111"],
    "empty row strings": ["", "", "", "", ""],
    "non binary digit": _with(HAND, 2, 3, "2"),
    "non binary letter": _with(HAND, 1, 2, "x"),
    "space": _with(HAND, 1, 2, " "),
    "open top border": _with(HAND, 0, 3, "0"),
    "open bottom border": _with(HAND, 4, 1, "0"),
    "open left border": _with(HAND, 1, 0, "0"),
    "open right border": _with(HAND, 3, 6, "0"),
    "room marked as wall": _with(HAND, 3, 3, "1"),
    "first room marked as wall": _with(HAND, 1, 1, "1"),
    "not strings": [[1, 1, 1, 1, 1]] * 5,
    "a row not a string": [*HAND[:2], 1111111, *HAND[3:]],
}


@pytest.mark.parametrize("matrix", list(BAD_MATRICES.values()), ids=list(BAD_MATRICES))
def test_bad_matrices_raise_bad_maze(matrix: list[str]) -> None:
    with pytest.raises(BadMaze):
        Maze.from_matrix(matrix, (0, 0), (1, 2))


def test_from_matrix_refuses_openings_outside_or_equal() -> None:
    with pytest.raises(BadMaze):
        Maze.from_matrix(HAND, (0, 0), (2, 2))
    with pytest.raises(BadMaze):
        Maze.from_matrix(HAND, (1, 2), (1, 2))


def test_from_matrix_too_large_is_refused() -> None:
    side = 2 * (MAX_SIDE + 1) + 1
    matrix = ["1" * 5] + ["10001", "11111"] * ((side - 1) // 2)
    matrix[-1] = "11111"
    with pytest.raises(GameError):
        Maze.from_matrix(matrix, (0, 0), (1, 1))


@given(st.lists(st.text(alphabet="01", min_size=5, max_size=9), min_size=5, max_size=9))
@settings(max_examples=80, deadline=None)
def test_from_matrix_raises_only_bad_maze(matrix: list[str]) -> None:
    try:
        maze = Maze.from_matrix(matrix, (0, 0), (1, 1))
    except BadMaze:
        return
    assert len(maze.to_matrix()) == len(matrix)


@st.composite
def walled_matrices(draw: st.DrawFn) -> list[str]:
    """Matrices with a closed border and open rooms; walls and posts drawn at random."""
    height = 2 * draw(st.integers(2, 5)) + 1
    width = 2 * draw(st.integers(2, 5)) + 1
    lines = []
    for y in range(height):
        line = []
        for x in range(width):
            if y in (0, height - 1) or x in (0, width - 1):
                line.append("1")
            elif y % 2 and x % 2:
                line.append("0")
            else:
                line.append(draw(st.sampled_from("01")))
        lines.append("".join(line))
    return lines


@given(walled_matrices())
@settings(max_examples=80, deadline=None)
def test_from_matrix_reads_every_walled_matrix(matrix: list[str]) -> None:
    maze = Maze.from_matrix(matrix, (0, 0), (1, 1))
    # posts carry no information: they are read as standing
    posts_up = [
        "".join("1" if y % 2 == 0 and x % 2 == 0 else ch for x, ch in enumerate(line))
        for y, line in enumerate(matrix)
    ]
    assert maze.to_matrix() == posts_up
