"""Aldous-Broder: one random walk over the whole grid, carving into every cell the first time it is met.

Like Wilson's it gives a uniform spanning tree (an unbiased maze), but it walks until the last cell is
found, so it is the slowest of the perfect generators: the walk's cover time grows like n log^2 n (some
300,000 steps at 100 x 100), and every step is one turn of a Python loop.

That loop is kept as short as it goes: the random bytes become index steps in C (`translate` into the
bytes of an int16 array), one state byte per padded cell says visited, unvisited or outside, and the
common case (a visited cell) is one addition and one test. Skipping the walk through visited regions in
larger exact jumps (a binomial displacement where every cell within reach is visited) was measured and
not kept: most of the walk runs near unvisited cells or the outer wall, where no jump is safe, and the
bookkeeping ate the rest (about 10% at 100 x 100, for three times the code).
"""

import array
import random
import sys

from server.maze.generators.grid import PaddedGrid
from server.maze.walls import Walls

RANDOM_CHUNK = 1 << 14
VISITED, UNVISITED, OUTSIDE = 0, 1, 2
_STATE_OF_BLOCKED = bytes.maketrans(b"\x00\x01", bytes((UNVISITED, OUTSIDE)))


def _step_tables(offsets: tuple[int, ...]) -> tuple[bytes, bytes]:
    """Translate tables from a random byte to the low and high byte of its step `offsets[byte % n]`.

    256 is a multiple of 4 and 8, so every direction is exactly equally likely."""
    steps = [offsets[value % len(offsets)] & 0xFFFF for value in range(256)]
    return bytes(step & 0xFF for step in steps), bytes(step >> 8 for step in steps)


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Walk from a random cell to a random neighbour; open the wall whenever the step finds a new cell.

    A step onto the outer wall is taken back and redrawn, so the walk picks uniformly among the cell's
    neighbours in the grid, as the uniform spanning tree needs.
    """
    grid = PaddedGrid.empty(rows, cols, directions)
    state = grid.blocked.translate(_STATE_OF_BLOCKED)
    direction_of_step = {step: k for k, step in enumerate(grid.offsets)}
    low, high = _step_tables(grid.offsets)
    packed = bytearray(2 * RANDOM_CHUNK)
    rand_bytes, carve_wall = rng.randbytes, grid.carve
    p = grid.padded(int(rng.random() * rows * cols))
    state[p] = VISITED
    left = rows * cols - 1
    while left:
        chunk = rand_bytes(RANDOM_CHUNK)
        packed[0::2] = chunk.translate(low)
        packed[1::2] = chunk.translate(high)
        steps = array.array("h", packed)
        if sys.byteorder == "big":
            steps.byteswap()
        for step in steps:  # iterating the array beats indexing a table per step
            p += step
            if state[p]:
                if state[p] == OUTSIDE:
                    p -= step
                    continue
                state[p] = VISITED
                carve_wall(p - step, direction_of_step[step])
                left -= 1
                if not left:
                    break
    return grid.unpad()
