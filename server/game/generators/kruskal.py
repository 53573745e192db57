"""Randomised Kruskal: open walls in random order when they join two different trees (union-find).

Many short dead ends and an even texture; one path between any two cells.
"""

import random


def carve(rows: int, cols: int, rng: random.Random) -> tuple[bytearray, bytearray]:
    """Visit every inner wall once in a random order; open it if its cells are not yet connected.

    Wall `2a` is the east wall of cell a and `2a + 1` its south wall, so one int says both which cell
    and which side, and the opened flags come out as two C-level slices.
    """
    size = rows * cols
    walls = [a << 1 for a in range(size) if a % cols != cols - 1]
    walls.extend([a << 1 | 1 for a in range(size - cols)])
    rng.shuffle(walls)

    opened = bytearray(2 * size)
    parent = list(range(size))
    weight = [1] * size
    step = (1, cols)
    unions_left = size - 1
    for wall in walls:
        a = wall >> 1
        b = a + step[wall & 1]
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
    return opened[0::2], opened[1::2]
