"""Braiding: remove a share of dead ends by opening one more wall, which makes loops.

Loops are what make the trail rule matter: a player can come back to an older cell by another way.
A dead end prefers to open into a neighbouring dead end, which removes two at once (as Jamis Buck does).
In 8 directions a dead end may open towards any of its 8 neighbours.
"""

import random

from server.maze.walls import SIDE_COUNT, Walls, inner_sides, opening_steps, owner_and_kind, side_masks


def braid(walls: Walls, cols: int, share: float, rng: random.Random) -> None:
    """Open walls in place until at most (1 - share) of the original dead ends are left."""
    if share <= 0:
        return
    kinds = walls.kinds()
    size = len(walls.east)
    sides = 2 * len(kinds)
    every_side = opening_steps(cols)[(1 << sides) - 1]  # each side's step, in mask order
    inside = inner_sides(size, cols, sides)
    open_sides = side_masks(kinds, cols)
    degree = bytearray(open_sides.translate(SIDE_COUNT))
    dead_ends = [i for i in range(size) if degree[i] == 1]
    original = bytearray(size)  # only these count: a classic cell opened from degree 0 is new
    for i in dead_ends:
        original[i] = 1
    rng.shuffle(dead_ends)
    remaining = len(dead_ends)
    allowed = len(dead_ends) - round(share * len(dead_ends))
    for i in dead_ends:
        if remaining <= allowed:
            break
        if degree[i] != 1:
            continue
        closed = [  # the neighbour behind every closed wall of the cell, in mask order
            i + step
            for bit, step in enumerate(every_side)
            if inside[i] >> bit & 1 and not _is_open(kinds, i, i + step, cols)
        ]
        preferred = [cell for cell in closed if degree[cell] == 1] or closed
        neighbour = preferred[int(rng.random() * len(preferred))]
        passage = owner_and_kind(i, neighbour, cols)
        if passage is not None:  # always: `neighbour` is next to `i`
            owner, kind = passage
            kinds[kind][owner] = 1
        degree[i] += 1
        remaining -= 1
        if degree[neighbour] == 1 and original[neighbour]:
            remaining -= 1
        degree[neighbour] += 1


def _is_open(kinds: tuple[bytearray, ...], a: int, b: int, cols: int) -> bool:
    """Whether the passage between neighbouring cells `a` and `b` is open now (the cells' masks go stale
    as the braid opens walls, so the arrays are read)."""
    passage = owner_and_kind(a, b, cols)
    return passage is not None and bool(kinds[passage[1]][passage[0]])
