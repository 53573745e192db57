"""8-direction mazes checked with networkx at fixed cases (thin, large, braided): spanning trees,
shortest searches and route counts with diagonal edges, bottlenecks as articulation points; and
generation deterministic for a seed."""

import random

import networkx as nx
import pytest

from server.maze.difficulty import analyse
from server.maze.generation import MazeSpec, generate
from server.maze.generators import EIGHT_DIRECTION_ALGORITHMS, PERFECT
from server.maze.model import Maze
from server.maze.paths import all_paths, count_shortest
from server.maze.solvers import search
from tests.unit.maze.eight_hand import HAND_ENTRANCE, HAND_EXIT, edited, hand, king_graph
from tests.unit.support import assert_valid_path, graph, open_maze, oracle_bottlenecks

PERFECT_EIGHT = tuple(name for name in EIGHT_DIRECTION_ALGORITHMS if name in PERFECT)


# --- networkx at fixed 8-direction cases ----------------------------------------------------------------


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
