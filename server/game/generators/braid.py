"""Braiding: remove a share of dead ends by opening one more wall, which makes loops.

Loops are what make the trail rule matter: a player can come back to an older cell by another way.
A dead end prefers to open into a neighbouring dead end, which removes two at once (as Jamis Buck does).
"""

import random

from server.game.maze import SIDE_COUNT, side_masks


def braid(east: bytearray, south: bytearray, rows: int, cols: int, share: float, rng: random.Random) -> None:
    """Open walls in place until at most (1 - share) of the original dead ends are left."""
    if share <= 0:
        return
    degree = bytearray(side_masks(east, south, cols).translate(SIDE_COUNT))
    dead_ends = [i for i in range(rows * cols) if degree[i] == 1]
    original = bytearray(rows * cols)  # only these count: a classic cell opened from degree 0 is new
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
        r, c = divmod(i, cols)
        closed = []  # (neighbour, is_east_wall, wall_owner) of every closed wall in the maze
        if c + 1 < cols and not east[i]:
            closed.append((i + 1, True, i))
        if r + 1 < rows and not south[i]:
            closed.append((i + cols, False, i))
        if c > 0 and not east[i - 1]:
            closed.append((i - 1, True, i - 1))
        if r > 0 and not south[i - cols]:
            closed.append((i - cols, False, i - cols))
        preferred = [wall for wall in closed if degree[wall[0]] == 1] or closed
        neighbour, is_east, owner = preferred[int(rng.random() * len(preferred))]
        (east if is_east else south)[owner] = 1
        degree[i] += 1
        remaining -= 1
        if degree[neighbour] == 1 and original[neighbour]:
            remaining -= 1
        degree[neighbour] += 1
