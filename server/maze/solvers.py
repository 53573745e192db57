"""Searches from a cell to the exit: depth-first (stack), depth-first (recursive), breadth-first (queue)
and A* (Manhattan distance in 4 directions, Chebyshev in 8, where a diagonal step costs one move).

All work on flat cell indices and the maze's open-sides masks, keep parent pointers and rebuild the path
once at the end. Only `dfs-recursive` recurses, on purpose (the original exercise asks for a recursive
search, docs/origins.md), in a thread of its own that is deep enough for 1000 x 1000 mazes
(`recursive_search`); the others never do. `explored` counts cells
taken off the stack, queue or heap for expansion; `order` lists them in that order when asked for.

`search_cells` is the index-level form hints use: it needs only a `CellGraph` (the open-sides masks, the
width and the exit), which is small enough to send to a worker process with every hint. `search` is
the same search on cells as (row, column), for the maze tools and the generators.
"""

import functools
import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from server.errors import BadSettings
from server.maze.model import Cell, Maze
from server.maze.recursive_search import depth_first
from server.maze.walls import opening_steps

SEARCH_METHODS: tuple[str, ...] = ("dfs", "dfs-recursive", "bfs", "astar")

UNSEEN = -1
BLOCKED = -2


@dataclass(frozen=True)
class SearchResult:
    """The outcome of one search; `path` runs from the start cell to the exit, or is None."""

    method: str
    path: tuple[Cell, ...] | None
    explored: int
    order: tuple[Cell, ...] | None = None


@dataclass(frozen=True)
class CellGraph:
    """What a search needs of a maze: each cell's open-sides mask (see `Maze.open_sides`), the number of
    columns and the exit's flat index. A few bytes a cell, so a worker process can get it every time."""

    cols: int
    open_sides: bytes
    exit: int
    directions: int = 4
    """Only A* reads it: its distance estimate must never exceed the true one, and a diagonal step
    covers a row and a column at once."""

    @classmethod
    def of(cls, maze: Maze) -> "CellGraph":
        """The graph of a maze (its open-sides masks are computed once and cached by the maze)."""
        return cls(maze.cols, maze.open_sides, maze.index(maze.exit), maze.directions)

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.open_sides)

    @property
    def steps(self) -> tuple[tuple[int, ...], ...]:
        """For each open-sides mask, the index steps to the open neighbours (E, S, W, N, SE, SW, NW, NE)."""
        return opening_steps(self.cols)


@dataclass(frozen=True)
class CellSearch:
    """A search's outcome on flat cell indices: the path (start first) or None, and the order."""

    path: list[int] | None
    explored: int
    order: list[int] | None


@dataclass
class _Run:
    parent: list[int]
    explored: int
    order: list[int] | None
    found: bool


Links = tuple[bytes, tuple[tuple[int, ...], ...]]
"""A maze's `open_sides` masks and the `steps` each mask allows."""

Searcher = Callable[[Links, list[int], int, int, CellGraph, bool], _Run]


def _bfs(
    links: Links,
    parent: list[int],
    start: int,
    goal: int,
    graph: CellGraph,
    record: bool,
) -> _Run:
    open_sides, steps = links
    queue = [start]
    push = queue.append
    explored = 0
    for cell in queue:  # the list is the queue: appending while iterating reads it first-in first-out
        explored += 1
        if cell == goal:
            return _Run(parent, explored, queue[:explored] if record else None, True)
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if parent[neighbour] == UNSEEN:
                parent[neighbour] = cell
                push(neighbour)
    return _Run(parent, explored, queue if record else None, False)


def _dfs(
    links: Links,
    parent: list[int],
    start: int,
    goal: int,
    graph: CellGraph,
    record: bool,
) -> _Run:
    # The stack holds (cell, came_from) pairs flattened; a cell is expanded the first time it is popped.
    open_sides, steps = links
    expanded = bytearray(len(parent))
    stack = [start, start]
    push, pop = stack.append, stack.pop
    order: list[int] | None = [] if record else None
    explored = 0
    while stack:
        came_from = pop()
        cell = pop()
        if expanded[cell]:
            continue
        expanded[cell] = 1
        parent[cell] = came_from
        explored += 1
        if order is not None:
            order.append(cell)
        if cell == goal:
            return _Run(parent, explored, order, True)
        for step in reversed(steps[open_sides[cell]]):  # so east, the first listed, is tried first
            neighbour = cell + step
            if parent[neighbour] == UNSEEN and not expanded[neighbour]:
                push(neighbour)
                push(cell)
    return _Run(parent, explored, order, False)


def _dfs_recursive(
    links: Links,
    parent: list[int],
    start: int,
    goal: int,
    graph: CellGraph,
    record: bool,
) -> _Run:
    run = depth_first(links[0], links[1], parent, start, goal, UNSEEN)
    return _Run(parent, len(run.order), run.order if record else None, run.found)


@functools.lru_cache(maxsize=8)
def _heuristic_keys(size: int, cols: int, goal: int, directions: int) -> tuple[int, list[int]]:
    """A* heap keys without the cost so far: for cell n, h * f_unit + h * size + n with h the distance
    estimate to the goal; the key of n reached at cost g is g * f_unit plus this. Once per maze.

    h is the Manhattan distance in 4 directions and the Chebyshev distance (the larger of the row and
    column gaps) in 8: each move costs one, and a diagonal move closes a row and a column gap at once, so
    no route is shorter than either estimate (admissible) and a step changes it by at most one
    (consistent), which keeps A*'s paths shortest."""
    goal_row, goal_col = divmod(goal, cols)
    f_unit = size * (size // cols + cols + 1)
    keys = [0] * size
    for cell in range(size):
        row, col = divmod(cell, cols)
        gaps = abs(row - goal_row), abs(col - goal_col)
        h = max(gaps) if directions == 8 else gaps[0] + gaps[1]
        keys[cell] = h * (f_unit + size) + cell
    return f_unit, keys


def _astar(
    links: Links,
    parent: list[int],
    start: int,
    goal: int,
    graph: CellGraph,
    record: bool,
) -> _Run:
    # Heap entries are (f, h, cell) packed into one int, f * f_unit + h * size + cell, so they compare
    # exactly as those tuples would (ties: closer to the goal first, then the lower index) but as plain
    # ints, with the estimate computed once per maze. Same order and result as the textbook version.
    open_sides, steps = links
    size = len(parent)
    f_unit, base = _heuristic_keys(size, graph.cols, goal, graph.directions)
    cost = [-1] * size
    cost[start] = 0
    expanded = bytearray(size)
    heap = [base[start]]
    pop, push = heapq.heappop, heapq.heappush
    order: list[int] | None = [] if record else None
    explored = 0
    while heap:
        cell = pop(heap) % size
        if expanded[cell]:
            continue
        expanded[cell] = 1
        explored += 1
        if order is not None:
            order.append(cell)
        if cell == goal:
            return _Run(parent, explored, order, True)
        step_cost = cost[cell] + 1
        step_key = step_cost * f_unit
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if parent[neighbour] == BLOCKED or expanded[neighbour]:
                continue
            known = cost[neighbour]
            if known < 0 or step_cost < known:
                cost[neighbour] = step_cost
                parent[neighbour] = cell
                push(heap, step_key + base[neighbour])
    return _Run(parent, explored, order, False)


_SEARCHERS: dict[str, Searcher] = {"dfs": _dfs, "dfs-recursive": _dfs_recursive, "bfs": _bfs, "astar": _astar}


def search_cells(
    graph: CellGraph,
    method: str,
    start: int,
    blocked: Iterable[int] = (),
    record_order: bool = False,
) -> CellSearch:
    """Search from cell index `start` to the exit, never entering a `blocked` cell (the start may be
    listed: it is where the search stands, so it is never blocked)."""
    searcher = _SEARCHERS.get(method)
    if searcher is None:
        raise BadSettings(f"search method must be one of {', '.join(SEARCH_METHODS)}")
    if not 0 <= start < graph.size:
        raise BadSettings(f"start cell {start} is outside the maze")
    parent = [UNSEEN] * graph.size
    for cell in blocked:
        parent[cell] = BLOCKED
    parent[start] = start
    run = searcher((graph.open_sides, graph.steps), parent, start, graph.exit, graph, record_order)
    return CellSearch(_rebuild(run.parent, start, graph.exit) if run.found else None, run.explored, run.order)


def search(
    maze: Maze,
    method: str,
    start: Cell | None = None,
    blocked: Iterable[Cell] = (),
    record_order: bool = False,
) -> SearchResult:
    """Search from `start` (default: the entrance) to the exit, never entering a `blocked` cell."""
    if method not in _SEARCHERS:
        raise BadSettings(f"search method must be one of {', '.join(SEARCH_METHODS)}")
    origin = maze.entrance if start is None else start
    if not maze.in_bounds(origin):
        raise BadSettings(f"start cell {list(origin)} is outside the maze")
    inside = (maze.index(cell) for cell in blocked if maze.in_bounds(cell))
    run = search_cells(CellGraph.of(maze), method, maze.index(origin), inside, record_order)
    cols = maze.cols
    order = tuple(divmod(cell, cols) for cell in run.order) if run.order is not None else None
    path = tuple(divmod(cell, cols) for cell in run.path) if run.path is not None else None
    return SearchResult(method, path, run.explored, order)


def _rebuild(parent: list[int], start: int, goal: int) -> list[int]:
    """Follow parent pointers back from the goal once, then reverse."""
    cells = [goal]
    while cells[-1] != start:
        cells.append(parent[cells[-1]])
    cells.reverse()
    return cells
