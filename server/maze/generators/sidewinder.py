"""Sidewinder: row by row, carve runs eastward and close each run by opening north from one of its cells.

The top row is one open corridor; every other row joins the row above once per run, so there are no
dead ends pointing up and the way north is always short. Each row's runs come from random bytes in one
slice; only the run ends are walked in Python.
"""

import random

from server.maze.generators.grid import check_directions
from server.maze.walls import Walls

# A random byte below 128 keeps the run going east: exactly one half.
_GO_EAST = bytes(1 if value < 128 else 0 for value in range(256))


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Open the top row; for every other row draw the runs, then one north passage per run."""
    check_directions("sidewinder", directions)
    size = rows * cols
    east = bytearray(size)
    south = bytearray(size)
    east[0 : cols - 1] = b"\x01" * (cols - 1)
    rand = rng.random
    for r in range(1, rows):
        row = r * cols
        run_walls = bytearray(rng.randbytes(cols).translate(_GO_EAST))
        run_walls[cols - 1] = 0  # the last column always ends the run
        east[row : row + cols] = run_walls
        start = 0
        while start < cols:
            end = run_walls.find(0, start)
            south[row - cols + start + int(rand() * (end - start + 1))] = 1
            start = end + 1
    return Walls(east, south, bytearray(), bytearray())
