"""Hunt-and-kill: a random walk that carves into unvisited cells; when stuck, hunt for a new start.

The hunt takes the first unvisited cell, in row order, that touches the carved part, joins it to a
random carved neighbour and walks on from there. Long winding passages like the backtracker's, but
without a stack. The first walk starts in the top left cell, so the first unvisited cell always touches
the carved part (the cell before it in its row, or the one above it, is carved; in 8 directions too):
the hunt is one `bytearray.find` from a pointer that only moves forward, a C-speed scan, never a Python
loop. (From a random start, the top row's unvisited cells left of it would be rescanned by every hunt:
quadratic.)
"""

import random

from server.maze.generators.grid import PaddedGrid, free_directions
from server.maze.walls import Walls


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Walk while there is an unvisited neighbour; hunt when there is none; stop when all are carved."""
    grid = PaddedGrid.empty(rows, cols, directions)
    blocked, offsets, width = grid.blocked, grid.offsets, grid.width
    outside = bytes(blocked)
    free, eight = free_directions(len(offsets)), grid.eight
    rand, carve_wall = rng.random, grid.carve
    p = grid.padded(0)
    blocked[p] = 1
    hunt_from = 0
    while True:
        mask = blocked[p + 1] | blocked[p + width] << 1 | blocked[p - 1] << 2 | blocked[p - width] << 3
        if eight:  # named neighbours, as in the backtracker: a loop over `offsets` is twice as slow
            mask |= (
                blocked[p + width + 1] << 4
                | blocked[p + width - 1] << 5
                | blocked[p - width - 1] << 6
                | blocked[p - width + 1] << 7
            )
        ways = free[mask]
        if ways:
            k = ways[int(rand() * len(ways))]
            carve_wall(p, k)
            p += offsets[k]
            blocked[p] = 1
            continue
        hunt_from = blocked.find(0, hunt_from)
        if hunt_from < 0:
            return grid.unpad()
        p = hunt_from
        # carved neighbours: blocked but not a sentinel (never none, see the module docstring)
        carved = [k for k, step in enumerate(offsets) if blocked[p + step] and not outside[p + step]]
        carve_wall(p, carved[int(rand() * len(carved))])
        blocked[p] = 1
