"""Growing tree: keep a list of active cells, grow from one of them, drop it when it has no new neighbour.

Which cell is grown is the `bias`: `newest` (the last added: the recursive backtracker's long corridors),
`random` (any: Prim-like short dead ends) or `mixed` (newest or random, half each: in between). In 8
directions a cell grows into its diagonal neighbours too.
"""

import random

from server.maze.generators.grid import PaddedGrid, free_directions
from server.maze.walls import Walls

BIASES: tuple[str, ...] = ("newest", "random", "mixed")


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4, bias: str = "newest") -> Walls:
    """Grow the tree from the cell the bias picks until no active cell is left."""
    if bias not in BIASES:
        raise ValueError(f"bias must be one of {', '.join(BIASES)}")
    grid = PaddedGrid.empty(rows, cols, directions)
    blocked, offsets, width = grid.blocked, grid.offsets, grid.width
    free, eight = free_directions(len(offsets)), grid.eight
    rand, carve_wall = rng.random, grid.carve
    first = grid.padded(int(rand() * rows * cols))
    blocked[first] = 1
    active = [first]
    push, pop = active.append, active.pop
    newest, anyone = bias == "newest", bias == "random"
    while active:
        j = len(active) - 1 if newest or (not anyone and rand() < 0.5) else int(rand() * len(active))
        p = active[j]
        mask = blocked[p + 1] | blocked[p + width] << 1 | blocked[p - 1] << 2 | blocked[p - width] << 3
        if eight:  # named neighbours, as in the backtracker: a loop over `offsets` is twice as slow
            mask |= (
                blocked[p + width + 1] << 4
                | blocked[p + width - 1] << 5
                | blocked[p - width - 1] << 6
                | blocked[p - width + 1] << 7
            )
        ways = free[mask]
        if not ways:
            if anyone:  # order does not matter to a random pick: swap in the last cell
                last = pop()
                if j < len(active):
                    active[j] = last
            else:  # newest and mixed read the list's order: keep it
                del active[j]
            continue
        k = ways[int(rand() * len(ways))]
        carve_wall(p, k)
        q = p + offsets[k]
        blocked[q] = 1
        push(q)
    return grid.unpad()
