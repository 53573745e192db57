"""Routes and difficulty (server/maze/paths.py, difficulty.py) against networkx as the oracle: shortest
path counts, every simple path, route cells, bottlenecks (articulation points on every route)."""

import math

import networkx as nx
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from server.errors import BadSettings
from server.maze.difficulty import analyse
from server.maze.generation import MazeSpec, generate
from server.maze.generators import EIGHT_DIRECTION_ALGORITHMS, PERFECT
from server.maze.model import Cell, Maze
from server.maze.paths import all_paths, count_shortest, route_map
from server.maze.solvers import search
from tests.unit.support import graph, oracle_bottlenecks, serpentine, specs

SMALL = st.integers(min_value=2, max_value=5)
BRAIDED = st.sampled_from([0.0, 0.3, 0.6, 1.0])
small_braided = st.one_of(
    specs(braids=BRAIDED, sides=SMALL, directions=(4,)),
    # an open 5x5 maze in 8 directions has over a million simple paths: more than the oracle can list
    specs(EIGHT_DIRECTION_ALGORITHMS, BRAIDED, sides=st.integers(min_value=2, max_value=4), directions=(8,)),
)


def cells_of(maze: Maze, indices: tuple[int, ...]) -> tuple[Cell, ...]:
    return tuple(maze.cell(i) for i in indices)


@settings(max_examples=150, deadline=None)
@given(small_braided)
@example(MazeSpec("classic", 4, 5, 7, braid=1.0))
@example(MazeSpec("kruskal", 5, 5, 3, braid=1.0))
def test_routes_match_networkx(spec: MazeSpec) -> None:
    maze = generate(spec)
    g = graph(maze)
    s, t = maze.entrance, maze.exit
    start = maze.index(s)
    shortest = list(nx.all_shortest_paths(g, s, t))
    counted = count_shortest(maze, start)
    assert (counted.length, counted.count) == (len(shortest[0]) - 1, len(shortest))

    simple = [tuple(path) for path in nx.all_simple_paths(g, s, t)]
    found = all_paths(maze, start, limit=10**6)
    listed = [cells_of(maze, path) for path in found.paths]
    assert not found.truncated
    assert sorted(listed) == sorted(simple)
    assert len(set(listed)) == len(listed)

    routes = route_map(maze, start)
    assert routes.reachable
    assert {maze.cell(i) for i in range(maze.size) if routes.on_route[i]} == {c for p in simple for c in p}
    assert set(cells_of(maze, routes.bottlenecks)) == oracle_bottlenecks(maze)
    assert set(cells_of(maze, routes.bottlenecks)) == set.intersection(*(set(p) for p in simple)) - {s, t}


def test_all_paths_order_is_depth_first_east_first(loop: Maze) -> None:
    """Stable order: the paths as a depth-first search trying east, south, west, north meets them."""
    found = all_paths(loop, 0)
    assert [cells_of(loop, p) for p in found.paths] == [
        ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)),
        ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2)),
    ]
    assert found.paths == all_paths(loop, 0).paths
    assert found.truncated is False


def test_all_paths_limit_and_truncated(loop: Maze) -> None:
    one = all_paths(loop, 0, limit=1)
    assert len(one.paths) == 1
    assert one.truncated is True
    assert all_paths(loop, 0, limit=2).truncated is False
    for bad in (0, -1, 1.5, True):
        with pytest.raises(BadSettings):
            all_paths(loop, 0, limit=bad)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(specs(algorithms=tuple(PERFECT), braids=st.just(0.0)))
def test_perfect_maze_has_exactly_one_path(spec: MazeSpec) -> None:
    maze = generate(spec)
    start = maze.index(maze.entrance)
    found = all_paths(maze, start)
    assert len(found.paths) == 1
    assert found.truncated is False
    assert cells_of(maze, found.paths[0]) == search(maze, "bfs").path
    assert count_shortest(maze, start).count == 1


def test_large_perfect_maze_one_path_without_wandering() -> None:
    maze = generate(MazeSpec("backtracker", 300, 300, 4))
    found = all_paths(maze, maze.index(maze.entrance), max_steps=4 * maze.size)
    assert (len(found.paths), found.truncated) == (1, False)


def test_step_budget_truncates() -> None:
    maze = generate(MazeSpec("kruskal", 20, 20, 1, braid=1.0))
    found = all_paths(maze, 0, limit=10**6, max_steps=100_000)
    assert found.truncated is True
    assert 1 <= len(found.paths) < 10**6
    assert found.paths == all_paths(maze, 0, limit=len(found.paths)).paths  # the first ones, in order


def test_blocked_cells_are_walls(loop: Maze) -> None:
    blocked = [loop.index((0, 1))]
    found = all_paths(loop, 0, blocked=blocked)
    assert [cells_of(loop, p) for p in found.paths] == [((0, 0), (1, 0), (1, 1), (1, 2), (2, 2))]
    assert count_shortest(loop, 0, blocked).count == 1
    walled = [loop.index((0, 1)), loop.index((1, 0))]
    assert all_paths(loop, 0, blocked=walled) == all_paths(loop, 0, blocked=walled)
    assert all_paths(loop, 0, blocked=walled).paths == ()
    assert count_shortest(loop, 0, walled).length is None
    assert route_map(loop, 0, walled).reachable is False


def test_shortest_count_is_exact_and_big() -> None:
    """An open grid: C(r + c - 2, r - 1) shortest paths corner to corner, far beyond 64 bits."""
    rows = cols = 80
    east = bytearray(b"\x01") * (rows * cols)
    east[cols - 1 :: cols] = bytes(rows)
    south = bytearray(b"\x01") * (rows * cols)
    south[rows * cols - cols :] = bytes(cols)
    maze = Maze(rows, cols, bytes(east), bytes(south), (0, 0), (rows - 1, cols - 1))
    counted = count_shortest(maze, 0)
    assert counted.length == rows + cols - 2
    assert counted.count == math.comb(rows + cols - 2, rows - 1)
    assert counted.count > 2**150


# --- difficulty ----------------------------------------------------------------------------------------


def test_difficulty_of_the_loop(loop: Maze) -> None:
    card = analyse(loop)
    assert card.cells == 9
    assert card.solution_length == 4
    ends = (loop.entrance, loop.exit)
    assert card.dead_ends == sum(
        1 for i in range(loop.size) if loop.degree(i) == 1 and loop.cell(i) not in ends
    )
    assert card.dead_end_share == card.dead_ends / 9
    assert card.shortest_paths == 2
    assert card.bottlenecks == ((1, 1), (1, 2))


def test_difficulty_of_a_corridor() -> None:
    # one corridor: every cell a bottleneck, no choice; its two ends are the entrance and the exit
    maze = serpentine(5, 4)
    card = analyse(maze)
    assert card.solution_length == maze.size - 1
    assert card.decision_points == 0
    assert card.longest_dead_end == 0
    assert card.shortest_paths == 1
    assert len(card.bottlenecks) == maze.size - 2
    assert card.dead_ends == 0


@settings(max_examples=60, deadline=None)
@given(specs(sides=st.integers(2, 9)))
def test_difficulty_against_networkx(spec: MazeSpec) -> None:
    maze = generate(spec)
    card = analyse(maze)
    g = graph(maze)
    s, t = maze.entrance, maze.exit
    assert card.solution_length == nx.shortest_path_length(g, s, t)
    assert card.shortest_paths == len(list(nx.all_shortest_paths(g, s, t)))
    assert set(card.bottlenecks) == oracle_bottlenecks(maze)
    assert card.dead_ends == sum(1 for cell, d in g.degree if d == 1 and cell not in (s, t))
    solution = search(maze, "bfs").path
    assert solution is not None
    ways_forward = [g.degree[c] - (0 if k == 0 else 1) for k, c in enumerate(solution[:-1])]
    assert card.decision_points == sum(1 for w in ways_forward if w > 1)
    if spec.algorithm in PERFECT and spec.braid == 0:
        # a tree: the longest dead end is the deepest branch off the one path
        on_path = set(solution)
        rest = g.subgraph(set(g) - on_path)
        depth = 0
        for cell in on_path:
            for branch in (n for n in g[cell] if n not in on_path):
                depth = max(depth, 1 + max(nx.single_source_shortest_path_length(rest, branch).values()))
        assert card.longest_dead_end == depth


def test_difficulty_is_pure() -> None:
    maze = generate(MazeSpec("eller", 20, 20, 5, braid=0.3))
    assert analyse(maze) == analyse(maze)
