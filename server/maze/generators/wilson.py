"""Wilson's algorithm: loop-erased random walks, giving a uniform spanning tree (an unbiased maze).

Each walk remembers only the last way it left every cell, which erases loops for free. In 8 directions
the walk steps to any of the 8 neighbours: a uniform spanning tree of the 8-neighbour grid.
"""

import random

from server.maze.generators.grid import PaddedGrid
from server.maze.walls import Walls

RANDOM_CHUNK = 1 << 16


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Add cells to the tree by random walks that stop on the tree, keeping the loop-erased path."""
    grid = PaddedGrid.empty(rows, cols, directions)
    offsets = grid.offsets
    direction_mask = len(offsets) - 1  # 4 or 8 directions: a power of two, so `byte & mask` is uniform
    outside = grid.blocked  # 1 on sentinels only, never changes
    in_tree = bytearray(outside)
    leave = bytearray(len(outside))
    rand_bytes = rng.randbytes
    noise = rand_bytes(RANDOM_CHUNK)
    used = 0

    in_tree[grid.padded(int(rng.random() * rows * cols))] = 1
    for r in range(rows):
        row_start = grid.row_start(r)
        for start in range(row_start, row_start + cols):
            if in_tree[start]:
                continue
            p = start
            while not in_tree[p]:
                if used == RANDOM_CHUNK:
                    noise = rand_bytes(RANDOM_CHUNK)
                    used = 0
                k = noise[used] & direction_mask
                used += 1
                q = p + offsets[k]
                if outside[q]:
                    continue
                leave[p] = k
                p = q
            p = start
            while not in_tree[p]:
                in_tree[p] = 1
                k = leave[p]
                grid.carve(p, k)
                p += offsets[k]
    return grid.unpad()
