"""Seed 000's random fill on maze cells: every inner wall stands with probability 1/3.

The result has loops and open areas; it is redrawn until the exit can be reached from the entrance.
"""

import random
from collections import deque

from server.game.maze import Maze
from server.game.solvers import search

# A random byte 0..84 stands for a wall, 85..254 for a passage: exactly 1/3 and 2/3. 255 is redrawn.
_REDRAW = 255
_BYTE_TO_OPEN = bytes(0 if value < 85 else 1 for value in range(255)) + bytes((_REDRAW,))
MAX_ATTEMPTS = 10_000


def _random_walls(count: int, rng: random.Random) -> bytearray:
    """`count` flags, each 1 (open) with probability exactly 2/3."""
    flags = bytearray(rng.randbytes(count).translate(_BYTE_TO_OPEN))
    position = flags.find(_REDRAW)
    while position != -1:
        flags[position] = 0 if rng.random() < 1 / 3 else 1
        position = flags.find(_REDRAW, position + 1)
    return flags


def _reachable(east: bytearray, south: bytearray, cols: int, start: int, goal: int) -> bool:
    """Whether `goal` can be reached from `start`, by the solvers' own breadth-first search."""
    maze = Maze(len(east) // cols, cols, bytes(east), bytes(south), divmod(start, cols), divmod(goal, cols))
    return search(maze, "bfs").path is not None


def _open_fewest_walls(east: bytearray, south: bytearray, cols: int, start: int, goal: int) -> None:
    """Open the fewest closed walls that join `start` to `goal` (0-1 BFS: an open wall costs nothing)."""
    size = len(east)
    cost = [size] * size
    came_from = [-1] * size
    cost[start] = 0
    queue = deque([start])
    while queue:
        i = queue.popleft()
        r, c = divmod(i, cols)
        for j, is_open, possible in (
            (i + 1, east[i], c + 1 < cols),
            (i + cols, south[i], i + cols < size),
            (i - 1, east[i - 1], c > 0),
            (i - cols, south[i - cols], r > 0),
        ):
            step = cost[i] + (0 if is_open else 1)
            if possible and step < cost[j]:
                cost[j] = step
                came_from[j] = i
                if is_open:
                    queue.appendleft(j)
                else:
                    queue.append(j)
    cell = goal
    while cell != start:
        before = came_from[cell]
        low, high = min(cell, before), max(cell, before)
        (east if high - low == 1 else south)[low] = 1
        cell = before


def carve(rows: int, cols: int, rng: random.Random, entrance: int, exit: int) -> tuple[bytearray, bytearray]:
    """Draw every inner wall at random; draw again until `exit` is reachable from `entrance`."""
    size = rows * cols
    east = south = bytearray()
    for _ in range(MAX_ATTEMPTS):
        east = _random_walls(size, rng)
        east[cols - 1 :: cols] = bytes(rows)
        south = _random_walls(size, rng)
        south[size - cols :] = bytes(cols)
        if _reachable(east, south, cols, entrance, exit):
            return east, south
    # Long thin mazes are almost never joined by chance (2 x 40: about one draw in 1,000; 3 x 100 or
    # 6 x 1000: practically never), so keep the last draw and open the fewest walls that join the two.
    _open_fewest_walls(east, south, cols, entrance, exit)
    return east, south
