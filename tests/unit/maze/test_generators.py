"""Generators: every algorithm's golden maze, solvable, walled, perfect where promised, deterministic
for a seed, and the classic generator on long thin mazes."""

import random

import networkx as nx
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import ALGORITHMS, BIASES, PERFECT, classic
from server.maze.model import Cell, Maze
from tests.unit.maze.golden_mazes import GOLDEN, GOLDEN_BIAS, GOLDEN_OPTIONS
from tests.unit.maze.maze_checks import assert_outer_walls_closed, assert_perfect, assert_solvable
from tests.unit.support import SEEDS, perfect_specs, specs

BIG_SIZES = [(30, 45), (45, 30), (2, 60), (60, 2), (2, 2)]


def test_algorithm_names() -> None:
    assert ALGORITHMS[0] == "classic"
    assert set(ALGORITHMS) == {
        "classic",
        "backtracker",
        "prim",
        "kruskal",
        "division",
        "wilson",
        "aldous-broder",
        "hunt-and-kill",
        "growing-tree",
        "sidewinder",
        "binary-tree",
        "eller",
    }
    assert set(PERFECT) == set(ALGORITHMS) - {"classic"}


def test_every_algorithm_has_a_golden_maze() -> None:
    assert set(GOLDEN) == set(ALGORITHMS)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_golden_maze(algorithm: str) -> None:
    maze = generate(MazeSpec(algorithm, 4, 5, 7))
    assert tuple(maze.to_matrix()) == GOLDEN[algorithm]
    assert (maze.entrance, maze.exit) == ((0, 0), (3, 4))


@pytest.mark.parametrize("bias", sorted(GOLDEN_BIAS))
def test_golden_growing_tree_biases(bias: str) -> None:
    assert tuple(generate(MazeSpec("growing-tree", 4, 5, 7, bias=bias)).to_matrix()) == GOLDEN_BIAS[bias]


@pytest.mark.parametrize("seed", range(10))
def test_growing_tree_newest_is_the_backtracker(seed: int) -> None:
    """Growing the newest cell is the recursive backtracker, draw for draw: the same maze for a seed."""
    assert generate(MazeSpec("growing-tree", 9, 13, seed)) == generate(MazeSpec("backtracker", 9, 13, seed))


def test_growing_tree_biases_differ() -> None:
    mazes = {bias: generate(MazeSpec("growing-tree", 30, 30, 3, bias=bias)) for bias in BIASES}
    assert len(set(mazes.values())) == len(BIASES)
    # newest makes long corridors (few dead ends), random Prim-like short ones (many)
    assert (
        mazes["newest"].dead_end_count() < mazes["mixed"].dead_end_count() < mazes["random"].dead_end_count()
    )


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 30), (30, 2)])
@pytest.mark.parametrize("bias", BIASES)
def test_growing_tree_every_bias_is_perfect(bias: str, rows: int, cols: int) -> None:
    for seed in range(5):
        assert_perfect(generate(MazeSpec("growing-tree", rows, cols, seed, bias=bias)))


@pytest.mark.parametrize(("spec", "entrance", "exit", "matrix"), GOLDEN_OPTIONS)
def test_golden_maze_with_options(
    spec: MazeSpec, entrance: Cell, exit: Cell, matrix: tuple[str, ...]
) -> None:
    maze = generate(spec)
    assert tuple(maze.to_matrix()) == matrix
    assert (maze.entrance, maze.exit) == (entrance, exit)


@settings(max_examples=120, deadline=None)
@given(specs())
@example(MazeSpec("classic", 2, 2, 0))
@example(MazeSpec("division", 2, 12, 3, openings="edges"))
@example(MazeSpec("wilson", 12, 2, 3, braid=1.0))
def test_every_maze_is_solvable_and_walled(spec: MazeSpec) -> None:
    maze = generate(spec)
    assert (maze.rows, maze.cols) == (spec.rows, spec.cols)
    assert len(maze.east) == len(maze.south) == spec.rows * spec.cols
    assert set(maze.east) <= {0, 1}
    assert set(maze.south) <= {0, 1}
    assert_outer_walls_closed(maze)
    assert_solvable(maze)


@settings(max_examples=80, deadline=None)
@given(perfect_specs)
@example(MazeSpec("backtracker", 2, 2, 0))
@example(MazeSpec("prim", 2, 9, 1))
@example(MazeSpec("kruskal", 9, 2, 1))
@example(MazeSpec("hunt-and-kill", 2, 9, 1))
@example(MazeSpec("eller", 9, 2, 1))
@example(MazeSpec("sidewinder", 2, 2, 1))
@example(MazeSpec("growing-tree", 7, 3, 1, bias="mixed"))
def test_perfect_generators_make_spanning_trees(spec: MazeSpec) -> None:
    assert_perfect(generate(spec))


@pytest.mark.parametrize(("rows", "cols"), BIG_SIZES)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_large_and_thin_mazes(algorithm: str, rows: int, cols: int) -> None:
    maze = generate(MazeSpec(algorithm, rows, cols, 12345))
    assert_outer_walls_closed(maze)
    assert_solvable(maze)
    if algorithm in PERFECT:
        assert_perfect(maze)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_largest_maze_is_solvable(algorithm: str) -> None:
    maze = generate(MazeSpec(algorithm, 200, 150, 99))
    seen = {maze.index(maze.entrance)}
    queue = [maze.index(maze.entrance)]
    for room in queue:
        for n in maze.adjacency[room]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    assert maze.index(maze.exit) in seen
    if algorithm in PERFECT:
        assert len(seen) == maze.size
        assert maze.open_wall_count() == maze.size - 1


def test_classic_has_loops_and_walls() -> None:
    """The original exercise's fill: each inner wall stands with probability 1/3, so it is not a perfect
    maze."""
    maze = generate(MazeSpec("classic", 40, 40, 5))
    inner_walls = 2 * 40 * 39
    share_open = maze.open_wall_count() / inner_walls
    assert 0.62 < share_open < 0.71
    assert maze.open_wall_count() > maze.size - 1, "has loops"


@settings(max_examples=60, deadline=None)
@given(specs())
def test_same_spec_same_maze(spec: MazeSpec) -> None:
    again = MazeSpec(
        spec.algorithm, spec.rows, spec.cols, spec.seed, spec.braid, spec.openings, spec.bias, spec.directions
    )
    assert generate(spec) == generate(again)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_different_seeds_differ(algorithm: str) -> None:
    matrices = {tuple(generate(MazeSpec(algorithm, 8, 9, seed)).to_matrix()) for seed in range(25)}
    assert len(matrices) == 25


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ALGORITHMS), SEEDS, SEEDS)
def test_two_seeds_give_two_mazes(algorithm: str, a: int, b: int) -> None:
    if a == b:
        b = (a + 1) % (MAX_SEED + 1)
    assert generate(MazeSpec(algorithm, 10, 10, a)) != generate(MazeSpec(algorithm, 10, 10, b))


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_generation_leaves_global_random_alone(algorithm: str) -> None:
    random.seed(1)
    state = random.getstate()
    generate(MazeSpec(algorithm, 12, 7, 3, braid=0.5, openings="edges"))
    assert random.getstate() == state


# --- classic on long thin mazes ------------------------------------------------------------------------


@pytest.mark.parametrize(("rows", "cols", "seed"), [(2, 40, 1), (3, 100, 2), (40, 2, 3), (2, 1000, 4)])
def test_classic_long_thin_mazes_are_solvable(rows: int, cols: int, seed: int) -> None:
    maze = generate(MazeSpec("classic", rows, cols, seed, openings="edges"))
    assert_outer_walls_closed(maze)
    assert_solvable(maze)


@pytest.mark.parametrize("seed", range(8))
def test_classic_repair_opens_the_fewest_walls(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """When no draw joins entrance and exit, the last draw is kept and the cheapest way is opened."""
    rows, cols = 3, 30
    monkeypatch.setattr(classic, "MAX_ATTEMPTS", 1)
    first = random.Random(seed)
    drawn_east = classic._random_walls(rows * cols, first)
    drawn_east[cols - 1 :: cols] = bytes(rows)
    drawn_south = classic._random_walls(rows * cols, first)
    drawn_south[rows * cols - cols :] = bytes(cols)
    carved = classic.carve(rows, cols, random.Random(seed), 0, rows * cols - 1)
    east, south = carved.east, carved.south
    assert all(b >= a for a, b in zip(drawn_east, east, strict=True))
    assert all(b >= a for a, b in zip(drawn_south, south, strict=True))
    maze = Maze(rows, cols, bytes(east), bytes(south), (0, 0), (rows - 1, cols - 1))
    assert_solvable(maze)
    drawn = Maze(rows, cols, bytes(drawn_east), bytes(drawn_south), (0, 0), (rows - 1, cols - 1))
    weighted = nx.grid_2d_graph(rows, cols)
    for a, b in weighted.edges:
        weighted.edges[a, b]["weight"] = 0 if drawn.is_open(a, b) else 1
    fewest = nx.shortest_path_length(weighted, (0, 0), (rows - 1, cols - 1), weight="weight")
    assert maze.open_wall_count() - drawn.open_wall_count() == fewest
