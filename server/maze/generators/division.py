"""Recursive division: start open, split chambers with a wall that has one gap, until corridors remain.

Long straight walls and box-like chambers (the original exercise's survey: "suits RPG games");
iterative, with a chamber stack.
"""

import random

from server.maze.generators.grid import check_directions
from server.maze.walls import Walls


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Split the largest dimension of each chamber at a random line, leaving one random gap."""
    check_directions("division", directions)
    size = rows * cols
    east = bytearray(b"\x01") * size
    east[cols - 1 :: cols] = bytes(rows)
    south = bytearray(b"\x01") * size
    south[size - cols :] = bytes(cols)
    rand = rng.random
    chambers = [(0, 0, rows, cols)]
    pop, push = chambers.pop, chambers.append
    while chambers:
        top, left, height, width = pop()
        if height < 2 or width < 2:
            continue
        horizontal = height > width or (height == width and rand() < 0.5)
        if horizontal:
            cut = int(rand() * (height - 1))  # wall below row top + cut
            start = (top + cut) * cols + left
            south[start : start + width] = bytes(width)
            south[start + int(rand() * width)] = 1
            push((top, left, cut + 1, width))
            push((top + cut + 1, left, height - cut - 1, width))
        else:
            cut = int(rand() * (width - 1))  # wall east of column left + cut
            start = top * cols + left + cut
            east[start : start + height * cols : cols] = bytes(height)
            east[start + int(rand() * height) * cols] = 1
            push((top, left, height, cut + 1))
            push((top, left + cut + 1, height, width - cut - 1))
    return Walls(east, south, bytearray(), bytearray())
