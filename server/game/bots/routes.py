"""Breadth-first search over what a sight knows: the way to the nearest cell that is wanted.

The `bfs` bot asks for the nearest room it has not stood on, the `shortest` bot for the exit. The search
spreads from where the bot stands through known cells only (an unknown cell is never expanded, though it
can be the cell wanted when a known cell opens into it), a layer at a time, and stops at the first layer
holding a wanted cell: nearby work stays cheap however large the maze.
"""

from collections.abc import Callable

from server.game.bots.common import distance, side_between, sides_by_step
from server.game.bots.sight import Sight


def route_to_nearest(
    sight: Sight,
    wanted: Callable[[int], bool],
    ranks: tuple[int, ...],
) -> list[int] | None:
    """The cells from the bot's next step to the nearest wanted cell (the cell where it stands is never
    wanted), or None when no known passage leads to one. Among wanted cells at the same distance the exit
    comes first, then the nearest to the exit as the crow flies, then the first found, neighbours being
    searched in the seed's direction order (`ranks`)."""
    start = sight.here
    parent = {start: start}
    layer = [start]
    cols, goal, diagonal = sight.cols, sight.exit, sight.directions == 8
    table = sides_by_step(cols)
    while layer:
        found: list[int] = []
        ahead: list[int] = []
        for cell in layer:
            neighbours = sight.open_neighbours(cell)
            if len(neighbours) > 1:
                neighbours = _in_rank_order(cell, neighbours, ranks, table, cols)
            for neighbour in neighbours:
                if neighbour in parent:
                    continue
                parent[neighbour] = cell
                if wanted(neighbour):
                    found.append(neighbour)
                elif sight.known(neighbour):
                    ahead.append(neighbour)
        if found:
            if goal is None:
                target = found[0]
            else:
                target = min(found, key=lambda n: (n != goal, distance(n, goal, cols, diagonal)))
            return _back(parent, target)
        layer = ahead
    return None


def _in_rank_order(
    cell: int, neighbours: tuple[int, ...], ranks: tuple[int, ...], table: dict[int, int] | None, cols: int
) -> tuple[int, ...]:
    if table is None:
        return tuple(sorted(neighbours, key=lambda n: ranks[side_between(cell, n, cols)]))
    return tuple(sorted(neighbours, key=lambda n: ranks[table[n - cell]]))


def _back(parent: dict[int, int], target: int) -> list[int]:
    route = [target]
    while parent[route[-1]] != route[-1]:
        route.append(parent[route[-1]])
    route.pop()  # the start
    route.reverse()
    return route
