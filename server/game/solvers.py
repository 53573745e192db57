"""Searches from a room to the exit: depth-first (stack), breadth-first (queue) and A* (Manhattan).

All work on flat room indices and the maze's opening masks, keep parent pointers and rebuild the path
once at the end, and never recurse, so 1000 x 1000 mazes are fine. `explored` counts rooms taken off the
stack, queue or heap for expansion; `order` lists them in that order when asked for.
"""

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


def _astar(
    links: Links,
    parent: list[int],
    start: int,
    goal: int,
    cols: int,
    record: bool,
) -> _Run:
    openings, steps = links
    goal_row, goal_col = divmod(goal, cols)

    def manhattan(room: int) -> int:
        row, col = divmod(room, cols)
        return abs(row - goal_row) + abs(col - goal_col)

    cost = {start: 0}
    expanded = bytearray(len(parent))
    heap = [(manhattan(start), 0, start)]
    order: list[int] | None = [] if record else None
    explored = 0
    while heap:
        _, _, room = heapq.heappop(heap)
        if expanded[room]:
            continue
        expanded[room] = 1
        explored += 1
        if order is not None:
            order.append(room)
        if room == goal:
            return _Run(parent, explored, order, True)
        step_cost = cost[room] + 1
        for step in steps[openings[room]]:
            neighbour = room + step
            if parent[neighbour] == BLOCKED or expanded[neighbour]:
                continue
            if step_cost < cost.get(neighbour, step_cost + 1):
                cost[neighbour] = step_cost
                parent[neighbour] = room
                h = manhattan(neighbour)
                heapq.heappush(heap, (step_cost + h, h, neighbour))  # ties: closer to the goal first
    return _Run(parent, explored, order, False)


_SEARCHERS: dict[str, Searcher] = {"dfs": _dfs, "bfs": _bfs, "astar": _astar}


def search(
    maze: Maze,
    method: str,
    start: Cell | None = None,
    blocked: Iterable[Cell] = (),
    record_order: bool = False,
) -> SearchResult:
    """Search from `start` (default: the entrance) to the exit, never entering a `blocked` room."""
    searcher = _SEARCHERS.get(method)
    if searcher is None:
        raise BadSettings(f"search method must be one of {', '.join(SEARCH_METHODS)}")
    origin = maze.entrance if start is None else start
    if not maze.in_bounds(origin):
        raise BadSettings(f"start room {list(origin)} is outside the maze")
    parent = [UNSEEN] * maze.size
    for cell in blocked:
        if maze.in_bounds(cell):
            parent[maze.index(cell)] = BLOCKED
    first = maze.index(origin)
    parent[first] = first
    run = searcher((maze.openings, maze.steps), parent, first, maze.index(maze.exit), maze.cols, record_order)
    order = tuple(maze.cell(i) for i in run.order) if run.order is not None else None
    path = _rebuild(maze, run.parent, first, maze.index(maze.exit)) if run.found else None
    return SearchResult(method, path, run.explored, order)


def _rebuild(maze: Maze, parent: list[int], start: int, goal: int) -> tuple[Cell, ...]:
    """Follow parent pointers back from the goal once, then reverse."""
    rooms = [goal]
    while rooms[-1] != start:
        rooms.append(parent[rooms[-1]])
    cols = maze.cols
    return tuple(divmod(room, cols) for room in reversed(rooms))


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
