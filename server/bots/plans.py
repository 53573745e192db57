"""Breadth-first search over what a sight knows: the way to the nearest cell that is wanted.

The `bfs` bot asks for the nearest cell it has not stood on, the `shortest` bot for the exit. The search
spreads from where the bot stands through known cells only (an unknown cell is never expanded, though it
can be the cell wanted when a known cell opens into it), a layer at a time, and stops at the first layer
holding a wanted cell: nearby work stays cheap however large the maze.
"""

from collections.abc import Callable

from server.bots.common import distance, side_between
from server.bots.sight import Sight


def route_to_nearest(
    sight: Sight,
    wanted: Callable[[int], bool],
    ranks: tuple[int, ...],
) -> list[int] | None:
    """The cells from the bot's next step to the nearest wanted cell (the cell where it stands is never
    wanted), or None when no known passage leads to one. Among wanted cells at the same distance the exit
    comes first, then the nearest to the exit as the crow flies, then the one entered by the side first
    in the seed's direction order (`ranks`), then the first found. Neighbours are expanded in the
    sight's order, not sorted: a search can cover thousands of cells, and the ties are settled once, at
    the end."""
    start = sight.here
    parent = {start: start}
    layer = [start]
    cols, goal, diagonal = sight.cols, sight.exit, sight.directions == 8
    while layer:
        found: list[int] = []
        ahead: list[int] = []
        for cell in layer:
            for neighbour in sight.open_neighbours(cell):
                if neighbour in parent:
                    continue
                parent[neighbour] = cell
                if wanted(neighbour):
                    found.append(neighbour)
                elif sight.known(neighbour):
                    ahead.append(neighbour)
        if found:
            return _back(parent, min(found, key=lambda n: _tie(n, parent[n], goal, cols, diagonal, ranks)))
        layer = ahead
    return None


def _tie(
    cell: int, came_from: int, goal: int | None, cols: int, diagonal: bool, ranks: tuple[int, ...]
) -> tuple[bool, int, int]:
    crow = 0 if goal is None else distance(cell, goal, cols, diagonal)
    return cell != goal, crow, ranks[side_between(came_from, cell, cols)]


def _back(parent: dict[int, int], target: int) -> list[int]:
    route = [target]
    while parent[route[-1]] != route[-1]:
        route.append(parent[route[-1]])
    route.pop()  # the start
    route.reverse()
    return route
