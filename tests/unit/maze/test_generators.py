"""Generators, braiding and openings: solvable, perfect, braided, deterministic."""

import random
from dataclasses import replace

import networkx as nx
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from server.errors import BadSettings
from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import ALGORITHMS, BIASES, PERFECT, classic
from server.maze.model import Cell, Maze
from server.maze.openings import OPENINGS, place_openings
from tests.unit.support import SEEDS, SIDES, graph, perfect_specs, specs

# The exact 4 x 5, seed 7 maze of every generator (corners, no braid). A change here changes every maze
# that players have seen for a seed: make it on purpose, and update these strings with it.
GOLDEN: dict[str, tuple[str, ...]] = {
    "classic": (
        "11111111111",
        "10000000001",
        "10101011101",
        "10001000001",
        "11101110101",
        "10001000001",
        "11111010111",
        "10000010001",
        "11111111111",
    ),
    "backtracker": (
        "11111111111",
        "10000000001",
        "10111110111",
        "10100010001",
        "10111011101",
        "10101000101",
        "10101110101",
        "10000010001",
        "11111111111",
    ),
    "prim": (
        "11111111111",
        "10101000101",
        "10101011101",
        "10000000001",
        "10101110101",
        "10101000101",
        "10101110101",
        "10101000101",
        "11111111111",
    ),
    "kruskal": (
        "11111111111",
        "10001010001",
        "10111010111",
        "10100010001",
        "10101110111",
        "10000010101",
        "10111010101",
        "10100000001",
        "11111111111",
    ),
    "division": (
        "11111111111",
        "10000000001",
        "10111011101",
        "10101010001",
        "10101011111",
        "10001000001",
        "11101011101",
        "10001000101",
        "11111111111",
    ),
    "wilson": (
        "11111111111",
        "10100000001",
        "10111011101",
        "10000010001",
        "10101010101",
        "10101010101",
        "11101111101",
        "10001000001",
        "11111111111",
    ),
    "aldous-broder": (
        "11111111111",
        "10101000001",
        "10101010101",
        "10000010101",
        "11111111101",
        "10000000101",
        "10111110101",
        "10001000001",
        "11111111111",
    ),
    "hunt-and-kill": (
        "11111111111",
        "10000010001",
        "10111011101",
        "10001000101",
        "11101110101",
        "10100010101",
        "10111010101",
        "10000010001",
        "11111111111",
    ),
    "growing-tree": (
        "11111111111",
        "10000000001",
        "10111110111",
        "10100010001",
        "10111011101",
        "10101000101",
        "10101110101",
        "10000010001",
        "11111111111",
    ),
    "sidewinder": (
        "11111111111",
        "10000000001",
        "10111010111",
        "10001010001",
        "10111011101",
        "10001000101",
        "10101110111",
        "10100010001",
        "11111111111",
    ),
    "binary-tree": (
        "11111111111",
        "10000000001",
        "10101011111",
        "10101000001",
        "10111111111",
        "10000000001",
        "10111010101",
        "10001010101",
        "11111111111",
    ),
    "eller": (
        "11111111111",
        "10001010001",
        "10101010101",
        "10100010101",
        "10111011101",
        "10101010001",
        "10101110111",
        "10000000001",
        "11111111111",
    ),
}

# growing-tree's other biases, same spec.
GOLDEN_BIAS: dict[str, tuple[str, ...]] = {
    "random": (
        "11111111111",
        "10000010101",
        "10111110101",
        "10000000101",
        "10101111101",
        "10100010001",
        "10101110111",
        "10100000001",
        "11111111111",
    ),
    "mixed": (
        "11111111111",
        "10001000001",
        "10111110101",
        "10000000101",
        "11101111101",
        "10001010001",
        "10111010111",
        "10100000001",
        "11111111111",
    ),
}

# Braiding and edge openings draw from the same seeded stream: pin them too.
GOLDEN_OPTIONS: list[tuple[MazeSpec, Cell, Cell, tuple[str, ...]]] = [
    (
        MazeSpec("wilson", 4, 5, 7, braid=0.5, openings="edges"),
        (2, 4),
        (3, 0),
        (
            "11111111111",
            "10000000001",
            "10101011111",
            "10001000001",
            "11101011111",
            "10001010101",
            "10101010101",
            "10001000001",
            "11111111111",
        ),
    ),
    (
        MazeSpec("classic", 4, 5, 7, braid=1.0, openings="edges"),
        (2, 4),
        (3, 0),
        (
            "11111111111",
            "10000010001",
            "10101010101",
            "10001010001",
            "11101010101",
            "10000000001",
            "10111011101",
            "10000000001",
            "11111111111",
        ),
    ),
]

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


def assert_outer_walls_closed(maze: Maze) -> None:
    cols = maze.cols
    assert not any(maze.east[cols - 1 :: cols]), "the last column opens east"
    assert not any(maze.south[maze.size - cols :]), "the last row opens south"


def assert_solvable(maze: Maze) -> None:
    assert nx.has_path(graph(maze), maze.entrance, maze.exit)


def assert_perfect(maze: Maze) -> None:
    assert maze.open_wall_count() == maze.size - 1
    g = graph(maze)
    assert g.number_of_nodes() == maze.size
    assert nx.is_connected(g), "some room cannot be reached"
    assert nx.is_tree(g)


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


# --- openings ------------------------------------------------------------------------------------------


def sides_of(cell: Cell, rows: int, cols: int) -> set[str]:
    r, c = cell
    sides = set()
    if r == 0:
        sides.add("top")
    if r == rows - 1:
        sides.add("bottom")
    if c == 0:
        sides.add("left")
    if c == cols - 1:
        sides.add("right")
    return sides


@settings(max_examples=80, deadline=None)
@given(specs(openings=("corners",)))
def test_corner_openings(spec: MazeSpec) -> None:
    maze = generate(spec)
    assert maze.entrance == (0, 0)
    assert maze.exit == (spec.rows - 1, spec.cols - 1)


@settings(max_examples=120, deadline=None)
@given(specs(openings=("edges",)))
@example(MazeSpec("classic", 2, 2, 0, openings="edges"))
def test_edge_openings_on_two_different_sides(spec: MazeSpec) -> None:
    maze = generate(spec)
    entrance_sides = sides_of(maze.entrance, spec.rows, spec.cols)
    exit_sides = sides_of(maze.exit, spec.rows, spec.cols)
    assert entrance_sides, "the entrance is on the edge"
    assert exit_sides, "the exit is on the edge"
    assert maze.entrance != maze.exit
    assert any(a != b for a in entrance_sides for b in exit_sides)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 30), st.integers(2, 30), SEEDS)
def test_place_openings_edges(rows: int, cols: int, seed: int) -> None:
    entrance, exit = place_openings("edges", rows, cols, random.Random(seed))
    assert entrance != exit
    for cell in (entrance, exit):
        assert 0 <= cell[0] < rows
        assert 0 <= cell[1] < cols
    entrance_sides, exit_sides = sides_of(entrance, rows, cols), sides_of(exit, rows, cols)
    assert entrance_sides
    assert exit_sides
    assert any(a != b for a in entrance_sides for b in exit_sides)


def test_edge_openings_vary_and_use_every_side() -> None:
    rows, cols = 10, 12
    places = [place_openings("edges", rows, cols, random.Random(seed)) for seed in range(200)]
    assert len({entrance for entrance, _ in places}) > 20
    assert len({exit for _, exit in places}) > 20
    used = set().union(*(sides_of(e, rows, cols) for e, _ in places))
    assert used == {"top", "bottom", "left", "right"}
    same_side_middle = [
        (e, x)
        for e, x in places
        if len(sides_of(e, rows, cols)) == 1 and sides_of(e, rows, cols) == sides_of(x, rows, cols)
    ]
    assert not same_side_middle, "entrance and exit on the same side"


def test_place_openings_refuses_unknown_kind() -> None:
    assert OPENINGS == ("corners", "edges")
    with pytest.raises(BadSettings):
        place_openings("middle", 5, 5, random.Random(0))


# --- braid ---------------------------------------------------------------------------------------------


def original_dead_ends(maze: Maze) -> set[int]:
    return {i for i in range(maze.size) if maze.degree(i) == 1}


@settings(max_examples=100, deadline=None)
@given(specs(braids=st.floats(min_value=0.0, max_value=1.0)))
@example(MazeSpec("classic", 10, 10, 7, braid=1.0))
@example(MazeSpec("classic", 10, 10, 126, braid=0.5))
def test_braid_only_opens_walls(spec: MazeSpec) -> None:
    base = generate(replace(spec, braid=0.0))
    braided = generate(spec)
    assert (braided.entrance, braided.exit) == (base.entrance, base.exit)
    assert all(b >= a for a, b in zip(base.east, braided.east, strict=True)), "braid closed an east wall"
    assert all(b >= a for a, b in zip(base.south, braided.south, strict=True)), "braid closed a south wall"
    assert braided.dead_end_count() <= base.dead_end_count()
    assert_outer_walls_closed(braided)
    # the original dead ends left: (1 - braid) of them, give or take one (two go at once when paired)
    before = original_dead_ends(base)
    left = before & original_dead_ends(braided)
    assert abs(len(left) - (1 - spec.braid) * len(before)) <= 1.5


@settings(max_examples=80, deadline=None)
@given(specs(algorithms=tuple(PERFECT), braids=st.just(1.0)))
@example(MazeSpec("backtracker", 2, 2, 0, braid=1.0))
@example(MazeSpec("division", 2, 15, 0, braid=1.0))
def test_full_braid_leaves_no_dead_end_in_perfect_mazes(spec: MazeSpec) -> None:
    maze = generate(spec)
    assert maze.dead_end_count() == 0
    assert maze.open_wall_count() > maze.size - 1, "loops were made"


@settings(max_examples=80, deadline=None)
@given(specs(algorithms=("classic",), braids=st.just(1.0)))
@example(MazeSpec("classic", 10, 10, 7, braid=1.0))
@example(MazeSpec("classic", 10, 10, 87, braid=1.0))
def test_full_braid_in_classic_leaves_only_new_dead_ends(spec: MazeSpec) -> None:
    """Classic mazes have walled-in rooms; opening one from a dead end makes it a (new) dead end, so
    braid=1 removes every original dead end and leaves at most one per room that was walled in."""
    base = generate(replace(spec, braid=0.0))
    maze = generate(spec)
    isolated = {i for i in range(base.size) if base.degree(i) == 0}
    remaining = original_dead_ends(maze)
    assert not remaining & original_dead_ends(base)
    assert remaining <= isolated


def test_full_braid_in_classic_leaves_nearly_none() -> None:
    counts = [generate(MazeSpec("classic", 10, 10, seed, braid=1.0)).dead_end_count() for seed in range(100)]
    before = [generate(MazeSpec("classic", 10, 10, seed)).dead_end_count() for seed in range(100)]
    assert sum(counts) * 20 < sum(before)
    assert max(counts) <= 4


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_half_braid_removes_about_half(algorithm: str) -> None:
    before = after = 0
    for seed in range(20):
        base = generate(MazeSpec(algorithm, 15, 15, seed))
        braided = generate(MazeSpec(algorithm, 15, 15, seed, braid=0.5))
        n = len(original_dead_ends(base))
        left = len(original_dead_ends(base) & original_dead_ends(braided))
        assert abs(left - n / 2) <= 1.5
        before += base.dead_end_count()
        after += braided.dead_end_count()
    assert 0.4 < after / before < 0.6


@settings(max_examples=60, deadline=None)
@given(specs(algorithms=tuple(PERFECT), braids=st.floats(min_value=0.0, max_value=1.0)))
def test_braid_share_in_perfect_mazes(spec: MazeSpec) -> None:
    base = generate(replace(spec, braid=0.0))
    maze = generate(spec)
    n = base.dead_end_count()
    assert abs(maze.dead_end_count() - (1 - spec.braid) * n) <= 1.5
    removed = n - maze.dead_end_count()
    # each opened wall removes one or two dead ends, and adds one loop
    opened = maze.open_wall_count() - base.open_wall_count()
    assert opened <= removed <= 2 * opened


def test_braid_zero_changes_nothing() -> None:
    for algorithm in ALGORITHMS:
        assert generate(MazeSpec(algorithm, 9, 9, 4, braid=0.0)) == generate(MazeSpec(algorithm, 9, 9, 4))
        assert generate(MazeSpec(algorithm, 9, 9, 4, braid=0)) == generate(MazeSpec(algorithm, 9, 9, 4))


# --- MazeSpec ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"algorithm": "nope"},
        {"algorithm": "Classic"},
        {"rows": 1},
        {"cols": 1001},
        {"rows": 5.0},
        {"cols": True},
        {"seed": -1},
        {"seed": MAX_SEED + 1},
        {"seed": 1.5},
        {"seed": True},
        {"seed": "7"},
        {"braid": -0.1},
        {"braid": 1.01},
        {"braid": float("nan")},
        {"braid": float("inf")},
        {"braid": True},
        {"braid": "0.5"},
        {"openings": "middle"},
        {"bias": "oldest"},
        {"bias": "random"},  # a growing-tree setting only: kruskal takes none
        {"algorithm": "growing-tree", "bias": "Newest"},
        {"algorithm": "growing-tree", "bias": None},
    ],
    ids=repr,
)
def test_bad_specs_are_refused(kwargs: dict[str, object]) -> None:
    fields: dict[str, object] = {"algorithm": "kruskal", "rows": 5, "cols": 5, "seed": 1}
    fields.update(kwargs)
    with pytest.raises(BadSettings):
        MazeSpec(**fields)  # type: ignore[arg-type]


@given(SIDES, SIDES)
@settings(max_examples=10, deadline=None)
def test_spec_bounds_accepted(rows: int, cols: int) -> None:
    MazeSpec("classic", rows, cols, 0)
    MazeSpec("wilson", rows, cols, MAX_SEED, braid=1, openings="edges")


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
