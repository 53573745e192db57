"""Searches from a room to the exit: depth-first (stack), breadth-first (queue) and A* (Manhattan).

All work on flat room indices and the maze's opening masks, keep parent pointers and rebuild the path
once at the end, and never recurse, so 1000 x 1000 mazes are fine. `explored` counts rooms taken off the
stack, queue or heap for expansion; `order` lists them in that order when asked for.

`search_rooms` is the index-level form hints use: it needs only a `RoomGraph` (the opening masks, the
width and the exit), which is small enough to send to a worker process with every hint. `search` is
the same search on rooms as (row, column), for the maze tools and the generators.
"""

import functools
import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from server.game.errors import BadSettings
from server.game.maze import Cell, Maze

SEARCH_METHODS: tuple[str, ...] = ("dfs", "bfs", "astar")

UNSEEN = -1
BLOCKED = -2


@dataclass(frozen=True)
class SearchResult:
    """The outcome of one search; `path` runs from the start room to the exit, or is None."""

    method: str
    path: tuple[Cell, ...] | None
    explored: int
    order: tuple[Cell, ...] | None = None


@dataclass(frozen=True)
class RoomGraph:
    """What a search needs of a maze: each room's opening mask (see `Maze.openings`), the number of
    columns and the exit's flat index. A few bytes a room, so a worker process can get it every time."""

    cols: int
    openings: bytes
    exit: int

    @classmethod
    def of(cls, maze: Maze) -> "RoomGraph":
        """The graph of a maze (its opening masks are computed once and cached by the maze)."""
        return cls(maze.cols, maze.openings, maze.index(maze.exit))

    @property
    def size(self) -> int:
        """Number of rooms."""
        return len(self.openings)

    @property
    def steps(self) -> tuple[tuple[int, ...], ...]:
        """For each opening mask, the index steps to the open neighbours, east, south, west, north."""
        return opening_steps(self.cols)


@functools.lru_cache(maxsize=64)
def opening_steps(cols: int) -> tuple[tuple[int, ...], ...]:
    """For each 4-bit opening mask, the index steps it allows in a maze `cols` wide (as `Maze.steps`)."""
    sides = ((1, 1), (2, cols), (4, -1), (8, -cols))
    return tuple(tuple(step for bit, step in sides if mask & bit) for mask in range(16))


@dataclass(frozen=True)
class RoomSearch:
    """A search's outcome on flat room indices: the path (start first) or None, and the order."""

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
"""A maze's `openings` masks and the `steps` each mask allows."""

Searcher = Callable[[Links, list[int], int, int, int, bool], _Run]


def _bfs(
    links: Links,
    parent: list[int],
    start: int,
    goal: int,
    cols: int,
    record: bool,
) -> _Run:
    openings, steps = links
    queue = [start]
    push = queue.append
    explored = 0
    for room in queue:  # the list is the queue: appending while iterating reads it first-in first-out
        explored += 1
        if room == goal:
            return _Run(parent, explored, queue[:explored] if record else None, True)
        for step in steps[openings[room]]:
            neighbour = room + step
            if parent[neighbour] == UNSEEN:
                parent[neighbour] = room
                push(neighbour)
    return _Run(parent, explored, queue if record else None, False)


def _dfs(
    links: Links,
    parent: list[int],
    start: int,
    goal: int,
    cols: int,
    record: bool,
) -> _Run:
    # The stack holds (room, came_from) pairs flattened; a room is expanded the first time it is popped.
    openings, steps = links
    expanded = bytearray(len(parent))
    stack = [start, start]
    push, pop = stack.append, stack.pop
    order: list[int] | None = [] if record else None
    explored = 0
    while stack:
        came_from = pop()
        room = pop()
        if expanded[room]:
            continue
        expanded[room] = 1
        parent[room] = came_from
        explored += 1
        if order is not None:
            order.append(room)
        if room == goal:
            return _Run(parent, explored, order, True)
        for step in reversed(steps[openings[room]]):  # so east, the first listed, is tried first
            neighbour = room + step
            if parent[neighbour] == UNSEEN and not expanded[neighbour]:
                push(neighbour)
                push(room)
    return _Run(parent, explored, order, False)


@functools.lru_cache(maxsize=8)
def _heuristic_keys(size: int, cols: int, goal: int) -> tuple[int, list[int]]:
    """A* heap keys without the cost so far: for room n, h * f_unit + h * size + n with h the Manhattan
    distance to the goal; the key of n reached at cost g is g * f_unit plus this. Once per maze."""
    goal_row, goal_col = divmod(goal, cols)
    f_unit = size * (size // cols + cols + 1)
    keys = [0] * size
    for room in range(size):
        row, col = divmod(room, cols)
        h = abs(row - goal_row) + abs(col - goal_col)
        keys[room] = h * (f_unit + size) + room
    return f_unit, keys


def _astar(
    links: Links,
    parent: list[int],
    start: int,
    goal: int,
    cols: int,
    record: bool,
) -> _Run:
    # Heap entries are (f, h, room) packed into one int, f * f_unit + h * size + room, so they compare
    # exactly as those tuples would (ties: closer to the goal first, then the lower index) but as plain
    # ints, with the Manhattan part computed once per maze. Same order and result as the textbook version.
    openings, steps = links
    size = len(parent)
    f_unit, base = _heuristic_keys(size, cols, goal)
    cost = [-1] * size
    cost[start] = 0
    expanded = bytearray(size)
    heap = [base[start]]
    pop, push = heapq.heappop, heapq.heappush
    order: list[int] | None = [] if record else None
    explored = 0
    while heap:
        room = pop(heap) % size
        if expanded[room]:
            continue
        expanded[room] = 1
        explored += 1
        if order is not None:
            order.append(room)
        if room == goal:
            return _Run(parent, explored, order, True)
        step_cost = cost[room] + 1
        step_key = step_cost * f_unit
        for step in steps[openings[room]]:
            neighbour = room + step
            if parent[neighbour] == BLOCKED or expanded[neighbour]:
                continue
            known = cost[neighbour]
            if known < 0 or step_cost < known:
                cost[neighbour] = step_cost
                parent[neighbour] = room
                push(heap, step_key + base[neighbour])
    return _Run(parent, explored, order, False)


_SEARCHERS: dict[str, Searcher] = {"dfs": _dfs, "bfs": _bfs, "astar": _astar}


def search_rooms(
    graph: RoomGraph,
    method: str,
    start: int,
    blocked: Iterable[int] = (),
    record_order: bool = False,
) -> RoomSearch:
    """Search from room index `start` to the exit, never entering a `blocked` room (the start may be
    listed: it is where the search stands, so it is never blocked)."""
    searcher = _SEARCHERS.get(method)
    if searcher is None:
        raise BadSettings(f"search method must be one of {', '.join(SEARCH_METHODS)}")
    if not 0 <= start < graph.size:
        raise BadSettings(f"start room {start} is outside the maze")
    parent = [UNSEEN] * graph.size
    for room in blocked:
        parent[room] = BLOCKED
    parent[start] = start
    run = searcher((graph.openings, graph.steps), parent, start, graph.exit, graph.cols, record_order)
    return RoomSearch(_rebuild(run.parent, start, graph.exit) if run.found else None, run.explored, run.order)


def search(
    maze: Maze,
    method: str,
    start: Cell | None = None,
    blocked: Iterable[Cell] = (),
    record_order: bool = False,
) -> SearchResult:
    """Search from `start` (default: the entrance) to the exit, never entering a `blocked` room."""
    if method not in _SEARCHERS:
        raise BadSettings(f"search method must be one of {', '.join(SEARCH_METHODS)}")
    origin = maze.entrance if start is None else start
    if not maze.in_bounds(origin):
        raise BadSettings(f"start room {list(origin)} is outside the maze")
    inside = (maze.index(cell) for cell in blocked if maze.in_bounds(cell))
    run = search_rooms(RoomGraph.of(maze), method, maze.index(origin), inside, record_order)
    cols = maze.cols
    order = tuple(divmod(room, cols) for room in run.order) if run.order is not None else None
    path = tuple(divmod(room, cols) for room in run.path) if run.path is not None else None
    return SearchResult(method, path, run.explored, order)


def _rebuild(parent: list[int], start: int, goal: int) -> list[int]:
    """Follow parent pointers back from the goal once, then reverse."""
    rooms = [goal]
    while rooms[-1] != start:
        rooms.append(parent[rooms[-1]])
    rooms.reverse()
    return rooms


def distances_to_exit(maze: Maze) -> list[int]:
    """Steps from every room to the exit by the shortest way (-1 where the exit cannot be reached).

    One BFS per maze; the race uses it for progress bars and for path efficiency.
    """
    openings, steps = maze.openings, maze.steps
    distance = [-1] * maze.size
    goal = maze.index(maze.exit)
    distance[goal] = 0
    queue = [goal]
    push = queue.append
    for room in queue:
        further = distance[room] + 1
        for step in steps[openings[room]]:
            neighbour = room + step
            if distance[neighbour] < 0:
                distance[neighbour] = further
                push(neighbour)
    return distance
