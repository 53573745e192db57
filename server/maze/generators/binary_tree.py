"""Binary tree: every cell opens north or west, by a coin toss; the top row only west, the left column
only north. Trivially fast (whole rows at a time from random bytes) but strongly biased: a straight
corridor along the top row and the left column, and every path runs diagonally towards the top left.

In 8 directions each cell off the top row and left column opens one of north, west and north-west, a
third each: still one parent per cell towards the top left corner, so still a spanning tree.
"""

import random

from server.maze.walls import Walls

# A random byte below 128 opens west, above opens north: exactly one half each.
_WEST = bytes(1 if value < 128 else 0 for value in range(256))
_NORTH = bytes(1 - bit for bit in _WEST)
# In 8 directions: bytes 0..84 west, 85..169 north, 170..254 north-west, a third each; 255 is redrawn.
_THIRD = bytes(min(value // 85, 3) for value in range(256))
_IS = tuple(bytes(1 if third == choice else 0 for third in range(256)) for choice in range(3))


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Open the top row's east walls, then toss a coin (or a three-sided die) per cell of every other row."""
    size = rows * cols
    walls = Walls.closed(size, directions)
    east, south = walls.east, walls.south
    east[0 : cols - 1] = b"\x01" * (cols - 1)
    if directions == 8:
        choices = bytes(_thirds(size, rng))
        west_of, north_of, northwest_of = (choices.translate(_IS[choice]) for choice in range(3))
    else:
        coins = rng.randbytes(size)
        west_of, north_of, northwest_of = coins.translate(_WEST), coins.translate(_NORTH), b""
    for r in range(1, rows):
        row = r * cols
        above = row - cols
        east[row : row + cols - 1] = west_of[row + 1 : row + cols]  # cell c opens west: c - 1 opens east
        south[above + 1 : above + cols] = north_of[row + 1 : row + cols]  # cell c opens north
        south[above] = 1  # the left column can only open north
        if directions == 8:  # cell c opens north-west: the cell up and left opens south-east
            walls.southeast[above : above + cols - 1] = northwest_of[row + 1 : row + cols]
    return walls


def _thirds(count: int, rng: random.Random) -> bytearray:
    """`count` values 0, 1 or 2, each exactly a third likely (a byte of 255 is drawn again)."""
    values = bytearray(rng.randbytes(count).translate(_THIRD))
    position = values.find(3)
    while position != -1:
        values[position] = int(rng.random() * 3)
        position = values.find(3, position + 1)
    return values
