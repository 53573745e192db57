"""The original exercise's random fill on maze cells: every inner wall stands with probability 1/3.

The result has loops and open areas; it is redrawn until the exit can be reached from the entrance.
"""

import random
from collections import deque

from server.maze.model import Maze
from server.maze.solvers import search
from server.maze.walls import Walls, inner_sides, opening_steps, owner_and_kind, side_masks

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


def _reachable(walls: Walls, cols: int, start: int, goal: int) -> bool:
    """Whether `goal` can be reached from `start`, by the solvers' own breadth-first search."""
    maze = Maze.from_walls(len(walls.east) // cols, cols, walls, divmod(start, cols), divmod(goal, cols))
    return search(maze, "bfs").path is not None


def _open_fewest_walls(walls: Walls, cols: int, start: int, goal: int) -> None:
    """Open the fewest closed walls that join `start` to `goal` (0-1 BFS: an open wall costs nothing)."""
    size = len(walls.east)
    kinds = walls.kinds()
    sides = 2 * len(kinds)  # 4 or 8
    every_side = opening_steps(cols)[(1 << sides) - 1]  # the step of each side, in mask order
    inside = inner_sides(size, cols, sides)
    open_sides = side_masks(kinds, cols)
    cost = [size] * size
    came_from = [-1] * size
    cost[start] = 0
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for bit, step in enumerate(every_side):
            if not inside[i] >> bit & 1:
                continue
            j = i + step
            is_open = open_sides[i] >> bit & 1
            through = cost[i] + (0 if is_open else 1)
            if through < cost[j]:
                cost[j] = through
                came_from[j] = i
                if is_open:
                    queue.appendleft(j)
                else:
                    queue.append(j)
    cell = goal
    while cell != start:
        before = came_from[cell]
        passage = owner_and_kind(cell, before, cols)
        if passage is not None:  # always: `before` is a neighbour
            owner, kind = passage
            kinds[kind][owner] = 1
        cell = before


def carve(rows: int, cols: int, rng: random.Random, entrance: int, exit: int, directions: int = 4) -> Walls:
    """Draw every inner wall at random; draw again until `exit` is reachable from `entrance`.

    In 8 directions the diagonal passages are drawn the same way, so all 8 kinds of wall stand with
    probability 1/3."""
    size = rows * cols
    walls = Walls.closed(size, directions)
    for _ in range(MAX_ATTEMPTS):
        east, south = _random_walls(size, rng), _random_walls(size, rng)
        if directions == 8:
            walls = Walls(east, south, _random_walls(size, rng), _random_walls(size, rng))
        else:
            walls = Walls(east, south, bytearray(), bytearray())
        walls.close_outer_walls(cols)
        if _reachable(walls, cols, entrance, exit):
            return walls
    # Long thin mazes are almost never joined by chance (2 x 40: about one draw in 1,000; 3 x 100 or
    # 6 x 1000: practically never), so keep the last draw and open the fewest walls that join the two.
    _open_fewest_walls(walls, cols, entrance, exit)
    return walls
