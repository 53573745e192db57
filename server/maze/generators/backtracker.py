"""Recursive backtracker (randomised depth-first search), iterative with an explicit stack.

Long winding corridors and few, long dead ends; one path between any two cells. In 8 directions the
walk may also step to a diagonal neighbour, which gives a spanning tree of the 8-neighbour grid.
"""

import random

from server.maze.generators.grid import PaddedGrid, free_directions
from server.maze.walls import Walls


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Walk from a random cell, stepping to a random unvisited neighbour, backing up when stuck."""
    grid = PaddedGrid.empty(rows, cols, directions)
    blocked, width, offsets = grid.blocked, grid.width, grid.offsets
    east, south = grid.walls.east, grid.walls.south
    free, eight, carve_wall = free_directions(len(offsets)), grid.eight, grid.carve
    rand = rng.random
    start = grid.padded(int(rand() * rows * cols))
    blocked[start] = 1
    stack = [start]
    push, pop = stack.append, stack.pop
    while stack:
        p = stack[-1]
        mask = blocked[p + 1] | blocked[p + width] << 1 | blocked[p - 1] << 2 | blocked[p - width] << 3
        if eight:  # the hot mask names each neighbour: a loop over `offsets` costs twice as much
            mask |= (
                blocked[p + width + 1] << 4
                | blocked[p + width - 1] << 5
                | blocked[p - width - 1] << 6
                | blocked[p - width + 1] << 7
            )
        ways = free[mask]
        if not ways:
            pop()
            continue
        k = ways[int(rand() * len(ways))]
        if k == 0:
            east[p] = 1
            q = p + 1
        elif k == 1:
            south[p] = 1
            q = p + width
        elif k == 2:
            q = p - 1
            east[q] = 1
        elif k == 3:
            q = p - width
            south[q] = 1
        else:
            carve_wall(p, k)
            q = p + offsets[k]
        blocked[q] = 1
        push(q)
    return grid.unpad()
