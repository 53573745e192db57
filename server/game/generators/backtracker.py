"""Recursive backtracker (randomised depth-first search), iterative with an explicit stack.

Long winding corridors and few, long dead ends; one path between any two cells.
"""

import random

from server.game.generators.grid import FREE_DIRECTIONS, PaddedGrid


def carve(rows: int, cols: int, rng: random.Random) -> tuple[bytearray, bytearray]:
    """Walk from a random cell, stepping to a random unvisited neighbour, backing up when stuck."""
    grid = PaddedGrid.empty(rows, cols)
    blocked, east, south, width = grid.blocked, grid.east, grid.south, grid.width
    rand = rng.random
    start = grid.padded(int(rand() * rows * cols))
    blocked[start] = 1
    stack = [start]
    push, pop = stack.append, stack.pop
    while stack:
        p = stack[-1]
        free = FREE_DIRECTIONS[
            blocked[p + 1] | blocked[p + width] << 1 | blocked[p - 1] << 2 | blocked[p - width] << 3
        ]
        if not free:
            pop()
            continue
        k = free[int(rand() * len(free))]
        if k == 0:
            east[p] = 1
            q = p + 1
        elif k == 1:
            south[p] = 1
            q = p + width
        elif k == 2:
            q = p - 1
            east[q] = 1
        else:
            q = p - width
            south[q] = 1
        blocked[q] = 1
        push(q)
    return grid.unpad()
