"""How hard a maze is: measures of its routes and its dead ends, for `maze analyse` and the room.

Everything is measured from the entrance to the exit:

- `solution_length`: steps of the shortest way (None when the exit cannot be reached);
- `dead_ends` and `dead_end_share`: cells with one open side (the entrance and the exit aside), and their
  share of all cells;
- `decision_points`: cells on the shortest way (breadth-first, the one `bfs` finds; the exit excluded)
  with more than one way forward, not counting the way the solver came in: the choices it must get right;
- `longest_dead_end`: the most steps one can walk off every route into a part that leads nowhere (the
  deepest branch hanging off the routes, measured from the route cell it hangs off); 0 when none;
- `shortest_paths`: the number of distinct shortest ways (`routes.count_shortest`);
- `bottlenecks`: cells every route passes through, besides the entrance and the exit (`routes.route_map`).

A pure function of the maze: the same maze always gets the same card.
"""

from dataclasses import dataclass

from server.maze.distances import distances_from
from server.maze.model import SIDE_COUNT, Cell, Maze
from server.maze.paths import count_shortest, route_map
from server.maze.solvers import search


@dataclass(frozen=True)
class Difficulty:
    """The measures of one maze (see the module docstring)."""

    cells: int
    solution_length: int | None
    dead_ends: int
    dead_end_share: float
    decision_points: int
    longest_dead_end: int
    shortest_paths: int
    bottlenecks: tuple[Cell, ...]


def analyse(maze: Maze) -> Difficulty:
    """Measure `maze` from its entrance to its exit."""
    start = maze.index(maze.entrance)
    degree = maze.open_sides.translate(SIDE_COUNT)
    dead_ends = maze.dead_end_count(excluding_the_ends=True)
    shortest = count_shortest(maze, start)
    routes = route_map(maze, start)
    return Difficulty(
        cells=maze.size,
        solution_length=shortest.length,
        dead_ends=dead_ends,
        dead_end_share=dead_ends / maze.size,
        decision_points=decision_points(maze, degree),
        longest_dead_end=_deepest_branch(maze, routes.on_route) if routes.reachable else 0,
        shortest_paths=shortest.count,
        bottlenecks=tuple(maze.cell(i) for i in routes.bottlenecks),
    )


def decision_points(maze: Maze, degree: bytes | None = None) -> int:
    """The cells on the breadth-first shortest way (the exit excluded) with more than one way forward,
    not counting the way in; `degree` is each cell's number of open sides, when the caller has it.
    Cheap (one breadth-first search): the daily maze's difficulty band scores candidates with it."""
    solution = search(maze, "bfs").path
    if solution is None:
        return 0
    if degree is None:
        degree = maze.open_sides.translate(SIDE_COUNT)
    decisions = 0
    for k, cell in enumerate(solution[:-1]):
        came_in = 0 if k == 0 else 1
        if degree[maze.index(cell)] - came_in > 1:
            decisions += 1
    return decisions


def _deepest_branch(maze: Maze, on_route: bytearray) -> int:
    """The greatest breadth-first distance from the route cells into the cells off every route."""
    return max(0, *distances_from(maze, [cell for cell in range(maze.size) if on_route[cell]]))
