"""Binary tree: every cell opens north or west, by a coin toss; the top row only west, the left column
only north. Trivially fast (whole rows at a time from random bytes) but strongly biased: a straight
corridor along the top row and the left column, and every path runs diagonally towards the top left.
"""

import random

# A random byte below 128 opens west, above opens north: exactly one half each.
_WEST = bytes(1 if value < 128 else 0 for value in range(256))
_NORTH = bytes(1 - bit for bit in _WEST)


def carve(rows: int, cols: int, rng: random.Random) -> tuple[bytearray, bytearray]:
    """Open the top row's east walls, then toss a coin per cell of every other row."""
    size = rows * cols
    east = bytearray(size)
    south = bytearray(size)
    east[0 : cols - 1] = b"\x01" * (cols - 1)
    coins = rng.randbytes(size)
    west_of = coins.translate(_WEST)
    north_of = coins.translate(_NORTH)
    for r in range(1, rows):
        row = r * cols
        above = row - cols
        east[row : row + cols - 1] = west_of[row + 1 : row + cols]  # cell c opens west: c - 1 opens east
        south[above + 1 : above + cols] = north_of[row + 1 : row + cols]  # cell c opens north
        south[above] = 1  # the left column can only open north
    return east, south
