"""What the race analysis needs to know of a maze, worked out once per race: the shortest way, the side
regions off it, how deep each cell lies in them, and what each region cell cuts off.

Definitions (`server/analysis/race.py` builds on them; all distances are breadth-first steps along
open passages, so they hold for 4 and 8 directions and for braided mazes alike):

- `to_exit[c]`, `from_entrance[c]`: steps from cell `c` to the exit, and from the entrance to `c`;
  `length` is the shortest way's steps.
- A cell is *on a shortest way* when `from_entrance[c] + to_exit[c] == length`: some shortest route
  from the entrance to the exit passes through it. In a perfect maze these are the solution path's
  cells; in a braided maze there may be several shortest routes, and their union counts.
- A *side region* is a connected part of the cells off every shortest way (joined by open passages
  between such cells). In a perfect maze each is one branch off the solution path. Its `kind` is
  `dead_end` when none of its cells lies on any simple route from the entrance to the exit
  (`routes.route_map`): it leads nowhere; otherwise `detour`: it is part of a longer way round (only
  braided mazes have those).
- `depth[c]`: for a cell off every shortest way, the fewest steps from it to a cell on one (1 for a
  cell next to the way); 0 on the way.
- A region cell `p` *cuts off* the region cells every way from which to the shortest way passes
  through `p` (for a perfect maze: the part of the branch beyond `p`, seen from the solution path).
  `cut_off(p, walked)` counts those a player never stood on (the hint's "saved", see analysis.py).

Pure and linear in the maze's size: one breadth-first search each way, one over the regions, and one
iterative depth-first search (Tarjan's low links with the shortest way shrunk to a single root).
"""

import bisect
from dataclasses import dataclass
from typing import Literal

from server.maze.distances import distances_from
from server.maze.model import Maze
from server.maze.paths import route_map

RegionKind = Literal["dead_end", "detour"]
UNREACHED = -1


@dataclass(frozen=True)
class RaceMap:
    """The measures of one maze that every player's analysis reads (see the module docstring)."""

    maze: Maze
    length: int
    to_exit: list[int]
    on_way: bytearray
    """1 for each cell on a shortest way."""
    region: list[int]
    """Each cell's side region (an index into `kinds`), -1 on a shortest way or out of reach."""
    kinds: tuple[RegionKind, ...]
    depth: list[int]
    shortest_path: tuple[int, ...]
    """One shortest way, entrance to exit (flat indices): the one drawn against each route."""
    bottlenecks: tuple[int, ...]
    """Cells besides the entrance and the exit that every route passes through, in route order."""
    order: list[int]
    """Preorder number of each region cell in the depth-first search from the shortest way (-1 else)."""
    size_below: list[int]
    """Cells in each region cell's depth-first subtree (itself included)."""
    low: list[int]
    parent: list[int]

    def cut_off(self, cell: int, walked_orders: list[int]) -> int:
        """How many cells `cell` cuts off from the shortest way that are not in `walked_orders` (the
        sorted preorder numbers of the region cells a player stood on); 0 for a cell on the way."""
        if self.order[cell] < 0:
            return 0
        count = 0
        here = self.order[cell]
        for neighbour in self.maze.neighbours(cell):
            if self.parent[neighbour] != cell or self.low[neighbour] < here:
                continue  # not a child in the search, or it reaches the way around `cell`
            first = self.order[neighbour]
            last = first + self.size_below[neighbour]  # the subtree is one run of preorder numbers
            walked = bisect.bisect_left(walked_orders, last) - bisect.bisect_left(walked_orders, first)
            count += self.size_below[neighbour] - walked
        return count


def race_map(maze: Maze) -> RaceMap:
    """Measure `maze` for the analysis of a race on it (raises nothing: every maze here is solvable)."""
    start, goal = maze.index(maze.entrance), maze.index(maze.exit)
    to_exit = distances_from(maze, [goal])
    from_entrance = distances_from(maze, [start])
    length = to_exit[start]
    on_way = bytearray(
        1 if a >= 0 and a + b == length else 0 for a, b in zip(from_entrance, to_exit, strict=True)
    )
    routes = route_map(maze, start)
    region, kinds, depth = _regions(maze, on_way, routes.on_route)
    order, size_below, low, parent = _cut_tree(maze, on_way, region)
    return RaceMap(
        maze=maze,
        length=length,
        to_exit=to_exit,
        on_way=on_way,
        region=region,
        kinds=kinds,
        depth=depth,
        shortest_path=_one_shortest_path(maze, start, to_exit),
        bottlenecks=routes.bottlenecks,
        order=order,
        size_below=size_below,
        low=low,
        parent=parent,
    )


def _one_shortest_path(maze: Maze, start: int, to_exit: list[int]) -> tuple[int, ...]:
    """Walk down the distance field from the entrance, taking the first neighbour in mask order."""
    path = [start]
    while to_exit[path[-1]] > 0:
        here = path[-1]
        path.append(next(n for n in maze.neighbours(here) if to_exit[n] == to_exit[here] - 1))
    return tuple(path)


def _regions(
    maze: Maze, on_way: bytearray, on_route: bytearray
) -> tuple[list[int], tuple[RegionKind, ...], list[int]]:
    """Label the side regions (breadth-first over the cells off the way) and measure each cell's depth
    (breadth-first from every cell on the way at once)."""
    open_sides, steps, size = maze.open_sides, maze.steps, maze.size
    region = [-1] * size
    kinds: list[RegionKind] = []
    for seed in range(size):
        if on_way[seed] or region[seed] >= 0:
            continue
        label = len(kinds)
        region[seed] = label
        queue = [seed]
        leads_on = False
        for cell in queue:
            leads_on = leads_on or bool(on_route[cell])
            for step in steps[open_sides[cell]]:
                neighbour = cell + step
                if not on_way[neighbour] and region[neighbour] < 0:
                    region[neighbour] = label
                    queue.append(neighbour)
        kinds.append("detour" if leads_on else "dead_end")
    depth = [0 if on_way[cell] else UNREACHED for cell in range(size)]
    queue = [cell for cell in range(size) if on_way[cell]]
    for cell in queue:
        further = depth[cell] + 1
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if depth[neighbour] < 0:
                depth[neighbour] = further
                queue.append(neighbour)
    return region, tuple(kinds), depth


def _cut_tree(
    maze: Maze, on_way: bytearray, region: list[int]
) -> tuple[list[int], list[int], list[int], list[int]]:
    """Depth-first search over the region cells from a root standing for the whole shortest way: each
    cell's preorder number, subtree size, low link and parent (`ROOT` for cells next to the way)."""
    open_sides, steps, size = maze.open_sides, maze.steps, maze.size
    root = size
    order = [-1] * size
    low = [0] * size
    size_below = [1] * size
    parent = [-1] * size
    clock = 1  # the root is 0
    for first in range(size):
        if (
            region[first] < 0
            or order[first] >= 0
            or not any(on_way[first + step] for step in steps[open_sides[first]])
        ):
            continue
        order[first] = low[first] = clock
        clock += 1
        parent[first] = root
        stack = [(first, 0, False)]
        while stack:
            cell, k, skipped_parent = stack[-1]
            sides = steps[open_sides[cell]]
            if k < len(sides):
                neighbour = cell + sides[k]
                stack[-1] = (cell, k + 1, skipped_parent)
                if on_way[neighbour]:
                    if parent[cell] == root and not skipped_parent:
                        stack[-1] = (cell, k + 1, True)  # the edge the search came in by
                    else:
                        low[cell] = 0  # another way back to the shortest way
                elif order[neighbour] < 0:
                    order[neighbour] = low[neighbour] = clock
                    clock += 1
                    parent[neighbour] = cell
                    stack.append((neighbour, 0, False))
                elif neighbour == parent[cell] and not skipped_parent:
                    stack[-1] = (cell, k + 1, True)
                elif order[neighbour] < low[cell]:
                    low[cell] = order[neighbour]
            else:
                stack.pop()
                above = parent[cell]
                if above != root:
                    low[above] = min(low[above], low[cell])
                    size_below[above] += size_below[cell]
    return order, size_below, low, parent
