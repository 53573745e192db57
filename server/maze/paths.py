"""Every route from a start cell to the exit: how many shortest ones, which cells lie on any, all of them.

- `count_shortest`: the exact number of distinct shortest paths, counted over the breadth-first layers
  (each cell adds its count to the cells of the next layer it opens to), never by listing them, so it
  answers for a braided 1000 x 1000 maze in a second or two. Python ints do not overflow.
- `route_map`: one depth-first pass with Tarjan's low links. A cell is on some simple path from the start
  to the exit exactly when it lies in a block (a biconnected component) on the way between them, and a
  cell that every such path passes through (a bottleneck) is a cut vertex on that way.
- `all_paths`: every simple path, in the order a depth-first search finds them trying neighbours east,
  south, west, north, at most `limit`; it never steps off the route cells, so a perfect maze's one path
  is found in one pass whatever hangs off it. In large braided mazes the search may stop after
  `MAX_PATH_STEPS` before `limit` paths: the list is then the first ones in that order, marked truncated.

All work on flat indices and the maze's open-sides masks, without recursion. Blocked cells (a player's
trail behind them) are treated as walls.
"""

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from server.errors import BadSettings
from server.maze.model import Maze

DEFAULT_PATH_LIMIT = 1000
MAX_PATH_STEPS = 20_000_000
"""Steps (a cell entered, left or searched) `all_paths` takes at most: some seconds. Simple paths can be
exponentially many and long, and every branch point costs a search, so in a large braided maze the
search stops there and says the list is truncated."""


@dataclass(frozen=True)
class ShortestCount:
    """The shortest number of steps to the exit (None when it cannot be reached) and how many
    distinct paths have that length (0 when none)."""

    length: int | None
    count: int


@dataclass(frozen=True)
class RouteMap:
    """Which cells lie on a simple path from the start to the exit (`on_route`, one flag a cell) and the
    bottlenecks: cells other than the start and the exit that every such path passes through, in the
    order the paths meet them. `reachable` is False (and the rest empty) when there is no path."""

    reachable: bool
    on_route: bytearray
    bottlenecks: tuple[int, ...]


@dataclass(frozen=True)
class AllPaths:
    """Simple paths from the start to the exit as flat indices; `truncated` when there are more than were
    kept (the limit was reached) or may be (the step budget ran out first)."""

    paths: tuple[tuple[int, ...], ...]
    truncated: bool


def _walls(maze: Maze, start: int, blocked: Iterable[int]) -> bytearray:
    if not 0 <= start < maze.size:
        raise BadSettings(f"start cell {start} is outside the maze")
    closed = bytearray(maze.size)
    for cell in blocked:
        closed[cell] = 1
    closed[start] = 0
    return closed


def count_shortest(maze: Maze, start: int, blocked: Iterable[int] = ()) -> ShortestCount:
    """How many shortest paths lead from `start` to the exit, counted layer by layer."""
    closed = _walls(maze, start, blocked)
    open_sides, steps, goal = maze.open_sides, maze.steps, maze.index(maze.exit)
    distance = [-1] * maze.size
    ways = [0] * maze.size
    distance[start], ways[start] = 0, 1
    queue = [start]
    push = queue.append
    for cell in queue:  # the list is the queue, read first-in first-out
        if cell == goal:  # every cell of the layer before was done: the count is final
            return ShortestCount(distance[goal], ways[goal])
        further, here = distance[cell] + 1, ways[cell]
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if closed[neighbour]:
                continue
            known = distance[neighbour]
            if known < 0:
                distance[neighbour] = further
                ways[neighbour] = here
                push(neighbour)
            elif known == further:
                ways[neighbour] += here
    return ShortestCount(None, 0)


def route_map(maze: Maze, start: int, blocked: Iterable[int] = ()) -> RouteMap:
    """The route cells and bottlenecks between `start` and the exit (Tarjan's low links, iterative)."""
    closed = _walls(maze, start, blocked)
    open_sides, steps, goal, size = maze.open_sides, maze.steps, maze.index(maze.exit), maze.size
    found = [-1] * size  # discovery time
    low = [0] * size
    parent = [-1] * size
    tried = [0] * size  # how many of the cell's open sides the search has tried
    preorder = [start]
    found[start] = 0
    stack = [start]
    clock = 1
    while stack:
        cell = stack[-1]
        sides = steps[open_sides[cell]]
        k = tried[cell]
        if k < len(sides):
            tried[cell] = k + 1
            neighbour = cell + sides[k]
            if closed[neighbour]:
                continue
            if found[neighbour] < 0:
                found[neighbour] = low[neighbour] = clock
                clock += 1
                parent[neighbour] = cell
                preorder.append(neighbour)
                stack.append(neighbour)
            elif neighbour != parent[cell] and found[neighbour] < low[cell]:
                low[cell] = found[neighbour]
        else:
            stack.pop()
            above = parent[cell]
            if above >= 0 and low[cell] < low[above]:
                low[above] = low[cell]
    on_route = bytearray(size)
    if found[goal] < 0:
        return RouteMap(False, on_route, ())
    # A child whose low link cannot climb above its parent starts a new block under that parent.
    tree_path = [goal]
    while tree_path[-1] != start:
        tree_path.append(parent[tree_path[-1]])
    tree_path.reverse()
    pairs = list(itertools.pairwise(tree_path))
    bottlenecks = tuple(cell for cell, child in pairs[1:] if low[child] >= found[cell])
    route_heads = {child for cell, child in pairs if low[child] >= found[cell]}
    head = [-1] * size
    for cell in preorder[1:]:  # parents come before their children
        above = parent[cell]
        head[cell] = cell if low[cell] >= found[above] else head[above]
        if head[cell] in route_heads:
            on_route[cell] = 1
    on_route[start] = 1
    return RouteMap(True, on_route, bottlenecks)


def all_paths(
    maze: Maze,
    start: int,
    limit: int = DEFAULT_PATH_LIMIT,
    blocked: Iterable[int] = (),
    max_steps: int = MAX_PATH_STEPS,
) -> AllPaths:
    """Up to `limit` simple paths from `start` to the exit, in depth-first order (east, south, west,
    north first); `truncated` says whether there are more (it searches on until it meets one more) or
    the search stopped after `max_steps` steps (cells entered or left, or searched by `_ways_on`)."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise BadSettings("the path limit must be a whole number of at least 1")
    blocked = list(blocked)
    routes = route_map(maze, start, blocked)
    if not routes.reachable:
        return AllPaths((), False)
    allowed = routes.on_route
    goal = maze.index(maze.exit)
    budget = [max_steps]
    paths: list[tuple[int, ...]] = []
    path = [start]
    allowed[start] = 0  # cells on the current path are not allowed again
    choices = [_ways_on(maze, start, goal, allowed, budget)]
    tried = [0]
    while path:
        budget[0] -= 1
        if budget[0] < 0:
            return AllPaths(tuple(paths), True)
        cell = path[-1]
        if cell == goal:
            if len(paths) == limit:
                return AllPaths(tuple(paths), True)
            paths.append(tuple(path))
        else:
            k = tried[-1]
            ways = choices[-1]
            if k < len(ways):
                tried[-1] = k + 1
                neighbour = ways[k]
                allowed[neighbour] = 0
                path.append(neighbour)
                choices.append(_ways_on(maze, neighbour, goal, allowed, budget))
                tried.append(0)
                continue
        path.pop()
        choices.pop()
        tried.pop()
        allowed[cell] = 1
    return AllPaths(tuple(paths), False)


def _ways_on(maze: Maze, cell: int, goal: int, allowed: bytearray, budget: list[int]) -> list[int]:
    """The allowed neighbours of `cell` from which the exit can still be reached without the path.

    With one allowed neighbour there is nothing to check: the cell itself reaches the exit, and only
    through it. With more, one breadth-first search from the exit over the allowed cells (stopping once
    it has met them all) tells which do. So the search never enters a branch that leads nowhere, and
    every step it takes is on a path it will print. The cells searched count against `budget`."""
    ways = [cell + step for step in maze.steps[maze.open_sides[cell]] if allowed[cell + step]]
    if len(ways) < 2 or cell == goal:
        return ways
    open_sides, steps = maze.open_sides, maze.steps
    wanted = set(ways)
    seen = {goal}
    queue = [goal]
    push = queue.append
    for here in queue:
        if here in wanted:
            wanted.discard(here)
            if not wanted:
                break
        for step in steps[open_sides[here]]:
            neighbour = here + step
            if allowed[neighbour] and neighbour not in seen:
                seen.add(neighbour)
                push(neighbour)
    budget[0] -= len(queue)
    return [way for way in ways if way in seen]
