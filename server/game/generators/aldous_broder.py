"""Aldous-Broder: one random walk over the whole grid, carving into every cell the first time it is met.

Like Wilson's it gives a uniform spanning tree (an unbiased maze), but it walks until the last cell is
found, so it is the slowest of the perfect generators: the walk's cover time grows like n log^2 n.
"""

import random

from server.game.generators.grid import PaddedGrid
from server.game.walls import Walls

RANDOM_CHUNK = 1 << 14


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Walk from a random cell to a random neighbour; open the wall whenever the step finds a new cell."""
    grid = PaddedGrid.empty(rows, cols, directions)
    visited = grid.blocked  # sentinels are marked, so a step onto one is simply redrawn
    outside = bytes(visited)
    offsets = grid.offsets
    # Each random byte picks a direction, byte % directions; 256 is a multiple of 4 and 8: uniform.
    direction_of = bytes(value % len(offsets) for value in range(256))
    rand_bytes = rng.randbytes
    p = grid.padded(int(rng.random() * rows * cols))
    visited[p] = 1
    left = rows * cols - 1
    while left:
        for k in rand_bytes(RANDOM_CHUNK).translate(direction_of):  # iterating bytes beats indexing
            q = p + offsets[k]
            if outside[q]:
                continue
            if not visited[q]:
                visited[q] = 1
                grid.carve(p, k)
                left -= 1
                if not left:
                    break
            p = q
    return grid.unpad()
