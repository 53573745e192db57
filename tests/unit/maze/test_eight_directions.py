"""8-direction mazes where the shared property tests do not pin them down: the 3 x 3 block
matrix by hand and its refusals, the wire bits by hand, the terminal picture of a diagonal trail, the
real CLI end to end, networkx checks at fixed 8-direction cases (thin, large, braided), determinism, and
chi-square tests that the uniform generators draw every spanning tree equally often in both topologies.
"""

import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from server.errors import BadMaze, BadSettings
from server.maze.difficulty import analyse
from server.maze.directions import Direction, direction_between
from server.maze.generation import MazeSpec, generate
from server.maze.generators import EIGHT_DIRECTION_ALGORITHMS, PERFECT
from server.maze.model import Cell, Maze
from server.maze.paths import all_paths, count_shortest
from server.maze.render import render_text
from server.maze.solvers import SEARCH_METHODS, search
from server.maze.walls import Walls, owner_and_kind
from server.maze.wire import decode_maze, encode_maze, pack_walls
from tests.unit.clients.test_maze_cli import run
from tests.unit.maze.test_paths import oracle_bottlenecks
from tests.unit.support import assert_valid_path, graph, open_maze

ROOT = Path(__file__).resolve().parents[3]
PERFECT_EIGHT = tuple(name for name in EIGHT_DIRECTION_ALGORITHMS if name in PERFECT)

# --- the 3 x 3 block matrix by hand --------------------------------------------------------------------

# 2 x 3 cells, a spanning tree with one pair of crossing diagonals between columns 1 and 2:
#
#   (0,0) - (0,1)   (0,2)          passages: (0,0)-(0,1) east     (0,0)-(1,0) south
#     |          \ /                         (0,1)-(1,2) southeast (0,2)-(1,1) southwest (they cross)
#     |           X                          (1,1)-(1,2) east
#     |          / \
#   (1,0)   (1,1) - (1,2)
#
# Each cell is a 3 x 3 block, centre 0; a border entry is 0 where the passage that way is open.
HAND = (
    "111111111",
    "100001101",
    "101110011",
    "101110011",
    "101100001",
    "111111111",
)
HAND_ENTRANCE, HAND_EXIT = (0, 0), (0, 2)


def hand() -> Maze:
    return Maze.from_matrix(HAND, HAND_ENTRANCE, HAND_EXIT, directions=8)


def edited(line: int, column: int, value: str, lines: tuple[str, ...] = HAND) -> list[str]:
    """HAND with one entry changed."""
    changed = list(lines)
    changed[line] = changed[line][:column] + value + changed[line][column + 1 :]
    return changed


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


# --- the real command -------------------------------------------------------------------------------------


def succeeded(args: list[str], stdin: str = "") -> dict[str, Any]:
    done = run(args, stdin)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_cli_generate_solve_show_analyse_eight_directions() -> None:
    """generate --directions 8, then every solve method, --all-paths, --count-shortest, show and
    analyse on its output, each as a real process, checked against networkx on the same maze."""
    text = run(
        [
            *("generate", "--rows", "4", "--cols", "5", "--algorithm", "kruskal"),
            *("--seed", "11", "--braid", "1", "--directions", "8"),
        ]
    ).stdout
    data = json.loads(text)
    assert data["directions"] == 8
    assert (len(data["grid"]), len(data["grid"][0])) == (12, 15)
    maze = Maze.from_matrix(data["grid"], tuple(data["entrance"]), tuple(data["exit"]), directions=8)
    assert maze == generate(MazeSpec("kruskal", 4, 5, 11, braid=1.0, directions=8))
    assert any(maze.southeast) or any(maze.southwest), "the maze has diagonal passages"
    g = graph(maze)
    shortest = nx.shortest_path_length(g, maze.entrance, maze.exit)

    for method in SEARCH_METHODS:
        answer = succeeded(["solve", "--method", method], text)
        path = [tuple(cell) for cell in answer["path"]]
        assert_valid_path(maze, path, maze.entrance)
        if method in ("bfs", "astar"):
            assert len(path) - 1 == shortest

    answer = succeeded(["solve", "--all-paths", "--count-shortest", "--limit", "100000"], text)
    listed = sorted(tuple(tuple(cell) for cell in path) for path in answer["paths"])
    assert listed == sorted(tuple(path) for path in nx.all_simple_paths(g, maze.entrance, maze.exit))
    assert answer["truncated"] is False
    assert answer["shortest_count"] == len(list(nx.all_shortest_paths(g, maze.entrance, maze.exit)))

    bfs_path = succeeded(["solve"], text)["path"]
    trail = " ".join(f"{r},{c}" for r, c in bfs_path[:-1])
    shown = run(["show", "--trail", trail], text)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == render_text(maze, [tuple(cell) for cell in bfs_path[:-1]]) + "\n"
    assert len(shown.stdout.splitlines()) == 12

    card = succeeded(["analyse"], text)
    assert card["solution_length"] == shortest
    assert card["shortest_paths"] == answer["shortest_count"]
    assert card["cells"] == 20


@pytest.mark.parametrize("algorithm", ["division", "sidewinder", "eller"])
def test_cli_refuses_eight_directions_for_four_only_generators(algorithm: str) -> None:
    done = run(["generate", "--rows", "5", "--cols", "5", "--algorithm", algorithm, "--directions", "8"])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"error: the {algorithm} generator has no 8-direction form; use 4 directions\n"


def test_cli_refuses_six_directions() -> None:
    done = run(["generate", "--rows", "5", "--cols", "5", "--directions", "6"])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: argument --directions: invalid choice: 6")
    assert "4, 8" in done.stderr


def test_cli_refuses_a_diagonal_trail_through_a_closed_corner() -> None:
    text = json.dumps({"grid": list(HAND), "entrance": [0, 0], "exit": [0, 2], "directions": 8})
    done = run(["show", "--trail", "0,0 1,1"], text)
    assert done.returncode == 2
    assert done.stderr == "error: the trail cannot step from [0, 0] to [1, 1]\n"
    fine = run(["show", "--trail", "0,0 0,1 1,2"], text)
    assert fine.returncode == 0
    assert fine.stdout == render_text(hand(), [(0, 0), (0, 1), (1, 2)]) + "\n"


# --- networkx at fixed 8-direction cases ----------------------------------------------------------------


def king_graph(rows: int, cols: int) -> nx.Graph:
    """Every cell joined to its 8 neighbours."""
    g = nx.grid_2d_graph(rows, cols)
    g.add_edges_from(((r, c), (r + 1, c + 1)) for r in range(rows - 1) for c in range(cols - 1))
    g.add_edges_from(((r, c), (r + 1, c - 1)) for r in range(rows - 1) for c in range(1, cols))
    return g


@pytest.mark.parametrize("algorithm", PERFECT_EIGHT)
@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 9), (9, 2), (2, 40), (40, 2), (7, 11), (30, 30)])
def test_perfect_eight_direction_generators_make_spanning_trees(algorithm: str, rows: int, cols: int) -> None:
    king = king_graph(rows, cols)
    diagonals = 0
    for seed in range(3):
        maze = generate(MazeSpec(algorithm, rows, cols, seed, directions=8))
        g = graph(maze)
        assert g.number_of_nodes() == maze.size
        assert nx.is_connected(g), "some cell cannot be reached"
        assert nx.is_tree(g)
        assert all(king.has_edge(a, b) for a, b in g.edges), "a passage joins cells that do not touch"
        diagonals += sum(maze.southeast) + sum(maze.southwest)
    if rows * cols > 4:
        assert diagonals, "an 8-direction generator never carved a diagonal"


def spanning_tree_problems(maze: Maze) -> str | None:
    """Why the passage arrays are not a spanning tree of the 8-neighbour grid (None if they are), by
    union-find straight over the arrays (networkx would need gigabytes for a million cells)."""
    size, cols = maze.size, maze.cols
    if maze.open_wall_count() != size - 1:
        return f"{maze.open_wall_count()} passages for {size} cells"
    parent = list(range(size))

    def root(a: int) -> int:
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        return a

    for flags, step, column_ok in (
        (maze.east, 1, lambda c: c < cols - 1),
        (maze.south, cols, lambda c: True),
        (maze.southeast, cols + 1, lambda c: c < cols - 1),
        (maze.southwest, cols - 1, lambda c: c > 0),
    ):
        owner = flags.find(1)
        while owner >= 0:
            if not column_ok(owner % cols) or owner + step >= size:
                return f"passage of {maze.cell(owner)} leaves the maze"
            a, b = root(owner), root(owner + step)
            if a == b:
                return f"a loop through {maze.cell(owner)}"
            parent[a] = b
            owner = flags.find(1, owner + 1)
    return None


def test_thousand_by_thousand_eight_direction_spanning_tree() -> None:
    """hunt-and-kill at the largest size: its hunt scans for unvisited cells beside the carved part,
    diagonals included, in a 1001-wide padded grid."""
    maze = generate(MazeSpec("hunt-and-kill", 1000, 1000, 5, directions=8))
    assert maze.directions == 8
    assert spanning_tree_problems(maze) is None
    assert sum(maze.southeast) + sum(maze.southwest) > 100_000


BRAIDED_EIGHT = [
    MazeSpec(algorithm, rows, cols, seed, braid=braid, directions=8)
    for algorithm, rows, cols, seed, braid in [
        ("classic", 12, 17, 1, 0.0),
        ("classic", 2, 30, 2, 0.0),
        ("backtracker", 20, 20, 3, 1.0),
        ("prim", 15, 9, 4, 0.5),
        ("kruskal", 30, 30, 5, 1.0),
        ("wilson", 9, 25, 6, 1.0),
        ("aldous-broder", 12, 12, 7, 1.0),
        ("hunt-and-kill", 25, 8, 8, 0.7),
        ("growing-tree", 18, 18, 9, 1.0),
        ("binary-tree", 16, 21, 10, 1.0),
    ]
]


@pytest.mark.parametrize("spec", BRAIDED_EIGHT, ids=lambda spec: f"{spec.algorithm}-{spec.rows}x{spec.cols}")
def test_bfs_and_astar_are_shortest_with_diagonal_edges(spec: MazeSpec) -> None:
    maze = generate(spec)
    g = graph(maze)
    expected = nx.shortest_path_length(g, maze.entrance, maze.exit)
    bfs = search(maze, "bfs")
    astar = search(maze, "astar")
    assert_valid_path(maze, bfs.path, maze.entrance)
    assert_valid_path(maze, astar.path, maze.entrance)
    assert bfs.path is not None
    assert astar.path is not None
    assert len(bfs.path) - 1 == len(astar.path) - 1 == expected
    assert astar.explored <= bfs.explored
    if spec.braid:
        assert len(nx.cycle_basis(g)) > 0, "braided: there are loops to choose between"


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (5, 9), (30, 30), (3, 60)])
def test_astar_on_fully_open_eight_direction_grids(rows: int, cols: int) -> None:
    """Every passage open: the shortest way is the Chebyshev distance, and A* with the Chebyshev
    estimate walks it without wandering."""
    for entrance, exit in [((0, 0), (rows - 1, cols - 1)), ((rows - 1, 0), (0, cols - 1)), ((0, 1), (1, 0))]:
        maze = open_maze(rows, cols, entrance, exit, directions=8)
        chebyshev = max(abs(entrance[0] - exit[0]), abs(entrance[1] - exit[1]))
        for method in ("bfs", "astar"):
            path = search(maze, method).path
            assert path is not None
            assert len(path) - 1 == chebyshev
        assert search(maze, "astar").explored == chebyshev + 1


SMALL_BRAIDED_EIGHT = [
    MazeSpec(algorithm, rows, cols, seed, braid=1.0, directions=8)
    for algorithm, rows, cols, seed in [
        ("classic", 3, 3, 1),
        ("classic", 3, 4, 2),
        ("classic", 4, 4, 3),
        ("kruskal", 4, 4, 4),
        ("backtracker", 3, 5, 5),
        ("wilson", 2, 6, 6),
        ("growing-tree", 4, 3, 7),
        ("binary-tree", 4, 4, 8),
    ]
]


@pytest.mark.parametrize(
    "spec", SMALL_BRAIDED_EIGHT, ids=lambda spec: f"{spec.algorithm}-{spec.rows}x{spec.cols}-{spec.seed}"
)
def test_route_counts_against_networkx_with_diagonal_edges(spec: MazeSpec) -> None:
    maze = generate(spec)
    g = graph(maze)
    s, t = maze.entrance, maze.exit
    start = maze.index(s)
    shortest = list(nx.all_shortest_paths(g, s, t))
    counted = count_shortest(maze, start)
    assert (counted.length, counted.count) == (len(shortest[0]) - 1, len(shortest))
    simple = sorted(tuple(path) for path in nx.all_simple_paths(g, s, t))
    found = all_paths(maze, start, limit=10**6)
    assert not found.truncated
    assert sorted(tuple(maze.cell(i) for i in path) for path in found.paths) == simple
    assert len(simple) > 1, "a braided maze has more than one way"


def test_shortest_count_on_fully_open_eight_direction_grids() -> None:
    """Corner to corner of an open square king's grid the only shortest way is the main diagonal; on a
    5 x 8 one every step must gain a column, so the count is that of the row sequences from 0 to 4 in 7
    steps of -1, 0 or +1 that stay on the grid: 63 (networkx agrees)."""
    square = open_maze(6, 6, directions=8)
    assert (count_shortest(square, 0).length, count_shortest(square, 0).count) == (5, 1)
    oblong = open_maze(5, 8, directions=8)
    expected = len(list(nx.all_shortest_paths(graph(oblong), oblong.entrance, oblong.exit)))
    assert count_shortest(oblong, 0).length == 7
    assert count_shortest(oblong, 0).count == expected == 63


@pytest.mark.parametrize(
    "spec",
    [
        *BRAIDED_EIGHT,
        MazeSpec("kruskal", 12, 12, 1, braid=0.3, directions=8),
        MazeSpec("backtracker", 10, 14, 2, directions=8),
    ],
    ids=lambda spec: f"{spec.algorithm}-{spec.rows}x{spec.cols}-{spec.braid}",
)
def test_bottlenecks_are_articulation_points_with_diagonal_edges(spec: MazeSpec) -> None:
    maze = generate(spec)
    card = analyse(maze)
    assert set(card.bottlenecks) == oracle_bottlenecks(maze)
    assert len(set(card.bottlenecks)) == len(card.bottlenecks)


def test_a_diagonal_bypass_removes_a_bottleneck() -> None:
    """In HAND every route to the exit passes (0,1), (1,2) and (1,1); opening (0,0)'s south-east corner
    (and (1,1)'s north-west) gives a way round (0,1) and (1,2), leaving (1,1)."""
    assert set(analyse(hand()).bottlenecks) == {(0, 1), (1, 2), (1, 1)}
    bypass = edited(2, 2, "0", edited(3, 3, "0"))
    maze = Maze.from_matrix(bypass, HAND_ENTRANCE, HAND_EXIT, directions=8)
    assert set(analyse(maze).bottlenecks) == {(1, 1)} == oracle_bottlenecks(maze)


# --- determinism ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", EIGHT_DIRECTION_ALGORITHMS)
def test_eight_direction_generation_is_deterministic(algorithm: str) -> None:
    random.seed(3)
    state = random.getstate()
    spec = MazeSpec(algorithm, 13, 17, 2024, braid=0.5, openings="edges", directions=8)
    first = generate(spec)
    assert generate(MazeSpec(algorithm, 13, 17, 2024, braid=0.5, openings="edges", directions=8)) == first
    assert random.getstate() == state, "generation touched the global random"
    assert first.directions == 8
    others = {generate(MazeSpec(algorithm, 13, 17, seed, directions=8)) for seed in range(8)}
    assert len(others) == 8, "different seeds give different mazes"
    four = generate(MazeSpec(algorithm, 13, 17, 2024, braid=0.5, openings="edges"))
    assert four.directions == 4
    assert four != first


# --- uniform spanning trees -------------------------------------------------------------------------------


TreeKey = tuple[bytes, ...]
"""A maze's passage arrays (`Maze.kinds`): for a perfect maze, which spanning tree it is."""


def spanning_trees(g: nx.Graph, cols: int, directions: int) -> list[TreeKey]:
    """Every spanning tree of a small grid graph, as the passage arrays of its maze."""
    nodes = g.number_of_nodes()
    trees = []
    for edges in itertools.combinations(g.edges, nodes - 1):
        if not nx.is_tree(nx.Graph(edges)) or nx.Graph(edges).number_of_nodes() != nodes:
            continue
        walls = Walls.closed(nodes, directions)
        for (ar, ac), (br, bc) in edges:
            passage = owner_and_kind(ar * cols + ac, br * cols + bc, cols)
            assert passage is not None
            walls.kinds()[passage[1]][passage[0]] = 1
        trees.append(tuple(bytes(flags) for flags in walls.kinds()))
    return trees


def chi_square_limit(degrees_of_freedom: int, z: float = 3.29) -> float:
    """The chi-square value exceeded with probability about 0.0005 (z = 3.29), by Wilson and Hilferty's
    cube-root approximation (no scipy here)."""
    k = degrees_of_freedom
    return k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def tree_frequencies(draw: Callable[[int], Maze], trees: list[TreeKey], samples: int) -> tuple[float, int]:
    """(chi-square statistic against the uniform distribution, number of trees seen)."""
    counts = Counter(draw(seed).kinds() for seed in range(samples))
    assert set(counts) <= set(trees), "drew something that is not a spanning tree"
    expected = samples / len(trees)
    statistic = sum((counts[tree] - expected) ** 2 / expected for tree in trees)
    return statistic, len(counts)


UNIFORM_CASES = [(2, 3, 8), (3, 3, 4)]
"""2 x 3 cells in 8 directions (the king's graph: 11 passages) and 3 x 3 in 4 (192 spanning trees)."""


@pytest.mark.parametrize("algorithm", ["aldous-broder", "wilson"])
@pytest.mark.parametrize(("rows", "cols", "directions"), UNIFORM_CASES)
def test_uniform_generators_draw_every_spanning_tree_equally_often(
    algorithm: str, rows: int, cols: int, directions: int
) -> None:
    g = king_graph(rows, cols) if directions == 8 else nx.grid_2d_graph(rows, cols)
    trees = spanning_trees(g, cols, directions)
    samples = 20 * len(trees)
    statistic, seen = tree_frequencies(
        lambda seed: generate(MazeSpec(algorithm, rows, cols, seed, directions=directions)), trees, samples
    )
    assert seen == len(trees), "some spanning tree is never drawn"
    assert statistic < chi_square_limit(len(trees) - 1)


def test_the_uniformity_check_catches_a_biased_generator() -> None:
    """The same check fails the backtracker, whose long corridors make some trees far likelier."""
    rows, cols = 2, 3
    trees = spanning_trees(king_graph(rows, cols), cols, 8)
    statistic, _ = tree_frequencies(
        lambda seed: generate(MazeSpec("backtracker", rows, cols, seed, directions=8)), trees, 20 * len(trees)
    )
    assert statistic > 3 * chi_square_limit(len(trees) - 1)
