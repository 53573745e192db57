"""Randomised Prim: grow one tree by joining a random frontier cell to a random tree neighbour.

Short corridors and many short dead ends ("the way is not obvious", seed 003).
"""

import random

from server.game.generators.grid import FREE_DIRECTIONS, PaddedGrid

UNSEEN, IN_TREE, FRONTIER = 0, 1, 2


def carve(rows: int, cols: int, rng: random.Random) -> tuple[bytearray, bytearray]:
    """Start from a random cell; repeatedly take a random frontier cell into the tree."""
    grid = PaddedGrid.empty(rows, cols)
    width, east, south = grid.width, grid.east, grid.south
    offsets = grid.offsets
    # state: 0 unseen, 1 in tree, 2 frontier, 3 outside the maze (sentinel)
    state = bytearray(b"\x03") * len(grid.blocked)
    for r in range(rows):
        start_index = (r + 1) * width
        state[start_index : start_index + cols] = bytes(cols)
    # is_not_tree[v] is 1 for every state but IN_TREE, so FREE_DIRECTIONS lists tree neighbours
    not_tree = bytes((1, 0, 1, 1))
    rand = rng.random
    frontier: list[int] = []
    push = frontier.append

    first = grid.padded(int(rand() * rows * cols))
    state[first] = IN_TREE
    for d in offsets:
        if state[first + d] == UNSEEN:
            state[first + d] = FRONTIER
            push(first + d)
    pop = frontier.pop
    while frontier:
        j = int(rand() * len(frontier))
        q = frontier[j]
        last = pop()
        if j < len(frontier):
            frontier[j] = last
        links = FREE_DIRECTIONS[
            not_tree[state[q + 1]]
            | not_tree[state[q + width]] << 1
            | not_tree[state[q - 1]] << 2
            | not_tree[state[q - width]] << 3
        ]
        k = links[int(rand() * len(links))]
        if k == 0:
            east[q] = 1
        elif k == 1:
            south[q] = 1
        elif k == 2:
            east[q - 1] = 1
        else:
            south[q - width] = 1
        state[q] = IN_TREE
        for n in (q + 1, q + width, q - 1, q - width):
            if not state[n]:
                state[n] = FRONTIER
                push(n)
    return grid.unpad()
