"""Randomised Prim: grow one tree by joining a random frontier cell to a random tree neighbour.

Short corridors and many short dead ends ("the way is not obvious", as the original exercise's survey
puts it). In 8 directions the frontier and the tree neighbours include the diagonals.
"""

import random

from server.maze.generators.grid import PaddedGrid, free_directions
from server.maze.walls import Walls

UNSEEN, IN_TREE, FRONTIER = 0, 1, 2


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Start from a random cell; repeatedly take a random frontier cell into the tree."""
    grid = PaddedGrid.empty(rows, cols, directions)
    width, offsets, eight = grid.width, grid.offsets, grid.eight
    east, south = grid.walls.east, grid.walls.south
    free, carve_wall = free_directions(len(offsets)), grid.carve
    # state: 0 unseen, 1 in tree, 2 frontier, 3 outside the maze (sentinel)
    state = bytearray(b"\x03") * len(grid.blocked)
    for r in range(rows):
        start_index = grid.row_start(r)
        state[start_index : start_index + cols] = bytes(cols)
    # is_not_tree[v] is 1 for every state but IN_TREE, so `free` lists tree neighbours
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
        mask = (
            not_tree[state[q + 1]]
            | not_tree[state[q + width]] << 1
            | not_tree[state[q - 1]] << 2
            | not_tree[state[q - width]] << 3
        )
        if eight:
            mask |= (
                not_tree[state[q + width + 1]] << 4
                | not_tree[state[q + width - 1]] << 5
                | not_tree[state[q - width - 1]] << 6
                | not_tree[state[q - width + 1]] << 7
            )
        links = free[mask]
        k = links[int(rand() * len(links))]
        if k == 0:
            east[q] = 1
        elif k == 1:
            south[q] = 1
        elif k == 2:
            east[q - 1] = 1
        elif k == 3:
            south[q - width] = 1
        else:
            carve_wall(q, k)
        state[q] = IN_TREE
        for d in offsets:
            if not state[q + d]:
                state[q + d] = FRONTIER
                push(q + d)
    return grid.unpad()
