"""Searches: dfs, dfs-recursive, bfs and astar, against networkx as an oracle."""

import sys
import threading

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.errors import BadSettings
from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.model import Cell, Maze
from server.maze.solvers import SEARCH_METHODS, SearchResult, search
from tests.unit.support import (
    assert_valid_path,
    graph,
    looped_specs,
    open_maze,
    oracle_distance,
    serpentine,
    specs,
)

METHODS = st.sampled_from(SEARCH_METHODS)


@st.composite
def searches(draw: st.DrawFn, spec_strategy: st.SearchStrategy[MazeSpec] | None = None) -> tuple:
    """A maze, a start cell and a set of blocked cells (sometimes none, sometimes the exit)."""
    maze = generate(draw(specs() if spec_strategy is None else spec_strategy))
    cells = st.tuples(st.integers(0, maze.rows - 1), st.integers(0, maze.cols - 1))
    start = draw(st.one_of(st.just(maze.entrance), cells))
    blocked = draw(st.one_of(st.just(set()), st.sets(cells, max_size=maze.size // 3)))
    return maze, start, blocked


def assert_order(result: SearchResult, start: Cell, maze: Maze) -> None:
    assert result.order is not None
    assert len(result.order) == result.explored
    assert len(set(result.order)) == len(result.order), "a cell is expanded twice"
    assert result.order[0] == start
    if result.path is not None:
        assert result.order[-1] == maze.exit
        assert set(result.path) <= set(result.order), "the path uses cells never explored"


def test_methods() -> None:
    assert SEARCH_METHODS == ("dfs", "dfs-recursive", "bfs", "astar")


@settings(max_examples=120, deadline=None)
@given(searches(), METHODS)
def test_search_against_networkx(case: tuple[Maze, Cell, set[Cell]], method: str) -> None:
    maze, start, blocked = case
    result = search(maze, method, start, blocked)
    assert result.method == method
    assert result.order is None
    shortest = oracle_distance(maze, start, blocked)
    if shortest is None:
        assert result.path is None
        # a failed search explores exactly the cells reachable from the start
        component = nx.node_connected_component(graph(maze, blocked - {start}), start)
        assert result.explored == len(component)
        return
    assert_valid_path(maze, result.path, start, blocked)
    assert result.path is not None
    assert 1 <= result.explored <= maze.size
    if method in ("bfs", "astar"):
        assert len(result.path) - 1 == shortest, f"{method} path is not shortest"
    else:
        assert len(result.path) - 1 >= shortest


@settings(max_examples=60, deadline=None)
@given(searches(looped_specs), METHODS)
def test_explored_order(case: tuple[Maze, Cell, set[Cell]], method: str) -> None:
    maze, start, blocked = case
    plain = search(maze, method, start, blocked)
    recorded = search(maze, method, start, blocked, record_order=True)
    assert (recorded.path, recorded.explored) == (plain.path, plain.explored)
    assert_order(recorded, start, maze)
    assert not (set(recorded.order or ()) - {start}) & blocked, "a blocked cell was explored"


@settings(max_examples=60, deadline=None)
@given(looped_specs, METHODS)
def test_default_start_is_the_entrance(spec: MazeSpec, method: str) -> None:
    maze = generate(spec)
    assert search(maze, method) == search(maze, method, maze.entrance, ())
    result = search(maze, method, record_order=True)
    assert_valid_path(maze, result.path, maze.entrance)
    assert_order(result, maze.entrance, maze)


@settings(max_examples=40, deadline=None)
@given(looped_specs)
def test_bfs_order_is_by_distance(spec: MazeSpec) -> None:
    maze = generate(spec)
    result = search(maze, "bfs", record_order=True)
    lengths = nx.single_source_shortest_path_length(graph(maze), maze.entrance)
    distances = [lengths[cell] for cell in result.order or ()]
    assert distances == sorted(distances)


@settings(max_examples=40, deadline=None)
@given(looped_specs)
def test_astar_explores_no_more_than_bfs(spec: MazeSpec) -> None:
    maze = generate(spec)
    assert search(maze, "astar").explored <= search(maze, "bfs").explored


def test_dfs_tries_east_first() -> None:
    maze = open_maze(3, 3)
    result = search(maze, "dfs", record_order=True)
    assert result.order == ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2))
    assert result.path == result.order


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_start_equals_exit(method: str) -> None:
    maze = open_maze(3, 4)
    result = search(maze, method, maze.exit, record_order=True)
    assert result.path == (maze.exit,)
    assert result.explored == 1
    assert result.order == (maze.exit,)


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_blocked_rooms_force_a_detour(method: str) -> None:
    maze = open_maze(3, 3)
    blocked = {(0, 1), (1, 1)}
    result = search(maze, method, (0, 0), blocked)
    assert result.path == ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2))


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_no_path(method: str) -> None:
    # the exit cell (1, 1) is walled in
    maze = Maze.from_matrix(["11111", "10001", "10111", "10101", "11111"], (0, 0), (1, 1))
    result = search(maze, method, record_order=True)
    assert result.path is None
    assert result.explored == 3
    assert set(result.order or ()) == {(0, 0), (0, 1), (1, 0)}


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_blocked_exit_or_cut_off(method: str) -> None:
    maze = open_maze(3, 3)
    assert search(maze, method, (0, 0), {maze.exit}).path is None
    assert search(maze, method, (0, 0), {(0, 1), (1, 0)}).path is None
    assert search(maze, method, (0, 0), {(0, 1), (1, 0)}).explored == 1


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_blocked_start_and_outside_rooms_are_ignored(method: str) -> None:
    maze = open_maze(3, 3)
    result = search(maze, method, (0, 0), {(0, 0), (-1, 0), (5, 5), (0, 3)})
    assert result.path is not None
    assert len(result.path) == 5


def test_bad_method_and_start() -> None:
    maze = open_maze(2, 2)
    with pytest.raises(BadSettings, match="method"):
        search(maze, "random")
    with pytest.raises(BadSettings, match="outside"):
        search(maze, "bfs", (2, 0))
    with pytest.raises(BadSettings, match="outside"):
        search(maze, "dfs", (0, -1))


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_thousand_by_thousand_single_corridor(method: str) -> None:
    """A 1,000,000-cell corridor: no recursion, no limits hit, the full way found."""
    maze = serpentine(1000, 1000)
    result = search(maze, method)
    assert result.path is not None
    assert len(result.path) == 999 * 1000 + 1
    assert result.path[0] == (0, 0)
    assert result.path[-1] == (999, 999)
    assert result.path[1000] == (1, 999)
    assert result.explored == len(result.path)


def test_thousand_by_thousand_generated() -> None:
    """Depth-first search down a 1000 x 1000 backtracker maze's long winding corridors."""
    maze = generate(MazeSpec("backtracker", 1000, 1000, 1))
    result = search(maze, "dfs")
    assert result.path is not None
    assert result.path[0] == maze.entrance
    assert result.path[-1] == maze.exit
    # one path between two cells in a perfect maze: the dfs path is the shortest one
    assert distances_to_exit(maze)[maze.index(maze.entrance)] == len(result.path) - 1


# --- dfs-recursive -------------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(searches(looped_specs))
def test_recursive_dfs_is_the_stack_dfs(case: tuple[Maze, Cell, set[Cell]]) -> None:
    """Same neighbour order, so the same cells expanded in the same order and the same path."""
    maze, start, blocked = case
    stack = search(maze, "dfs", start, blocked, record_order=True)
    recursive = search(maze, "dfs-recursive", start, blocked, record_order=True)
    assert recursive.method == "dfs-recursive"
    assert (recursive.path, recursive.order, recursive.explored) == (stack.path, stack.order, stack.explored)


def test_recursive_dfs_calls_itself_once_per_cell() -> None:
    """It really recurses: the deepest Python stack seen inside it is as deep as the corridor is long."""
    maze = serpentine(7, 6)  # an odd number of rows: the corridor ends at the exit
    depths: list[int] = []

    def tracer(frame: object, event: str, arg: object) -> None:
        if event == "call" and getattr(frame, "f_code").co_name == "visit":  # noqa: B009
            depth, here = 0, frame
            while here is not None:
                depth += getattr(here, "f_code").co_name == "visit"  # noqa: B009
                here = getattr(here, "f_back")  # noqa: B009
            depths.append(depth)

    threading.settrace(tracer)  # type: ignore[arg-type]
    try:
        search(maze, "dfs-recursive")
    finally:
        threading.settrace(None)  # type: ignore[arg-type]
    assert max(depths) == maze.size


def test_recursive_dfs_goes_a_million_calls_deep() -> None:
    """A 999 x 1000 one-corridor maze needs a million nested calls (999,000): the worker thread takes them,
    and the interpreter's recursion limit is what it was afterwards."""
    limit = sys.getrecursionlimit()
    maze = serpentine(999, 1000)
    result = search(maze, "dfs-recursive")
    assert result.path is not None
    assert len(result.path) == result.explored == maze.size
    assert sys.getrecursionlimit() == limit


def test_recursive_dfs_errors_reach_the_caller() -> None:
    with pytest.raises(BadSettings):
        search(serpentine(3, 3), "dfs-recursive", start=(5, 5))
