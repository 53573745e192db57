"""Randomised Kruskal: open walls in random order when they join two different trees (union-find).

Many short dead ends and an even texture; one path between any two cells. In 8 directions the diagonal
passages are walls too: a spanning tree of the 8-neighbour grid.
"""

import random

from server.maze.walls import Walls


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Visit every inner wall once in a random order; open it if its cells are not yet connected.

    Wall `a << shift | kind` is passage `kind` (0 east, 1 south, 2 southeast, 3 southwest) of cell a, so
    one int says both which cell and which side, and the opened flags come out as C-level slices.
    """
    size = rows * cols
    shift = 2 if directions == 8 else 1
    walls = [a << shift for a in range(size) if a % cols != cols - 1]
    walls.extend([a << shift | 1 for a in range(size - cols)])
    if directions == 8:
        walls.extend([a << 2 | 2 for a in range(size - cols) if a % cols != cols - 1])
        walls.extend([a << 2 | 3 for a in range(size - cols) if a % cols])
    rng.shuffle(walls)

    opened = bytearray(size << shift)
    parent = list(range(size))
    weight = [1] * size
    step = (1, cols, cols + 1, cols - 1)
    kind_of = (1 << shift) - 1
    unions_left = size - 1
    for wall in walls:
        a = wall >> shift
        b = a + step[wall & kind_of]
        while parent[a] != a:  # find with path halving
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a == b:
            continue
        if weight[a] < weight[b]:  # union by size keeps the trees shallow
            a, b = b, a
        parent[b] = a
        weight[a] += weight[b]
        opened[wall] = 1
        unions_left -= 1
        if not unions_left:
            break
    if directions == 8:
        return Walls(opened[0::4], opened[1::4], opened[2::4], opened[3::4])
    return Walls(opened[0::2], opened[1::2], bytearray(), bytearray())
