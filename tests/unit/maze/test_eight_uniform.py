"""Chi-square tests that the uniform generators draw every spanning tree equally often, in both
topologies, and that the check catches a biased generator."""

import itertools
import math
from collections import Counter
from collections.abc import Callable

import networkx as nx
import pytest

from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.walls import Walls, owner_and_kind
from tests.unit.maze.eight_hand import king_graph

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
