"""A plain reference implementation to measure the game core against, in the manner of the
original exercise (docs/origins.md).

The exercise keeps the maze as a 0/1 matrix (0 passage, 1 wall), draws it cell by cell and checks it with a
search that marks visited cells in a second matrix. Here the same is done on rooms: a maze of R x C rooms
is a (2R+1) x (2C+1) list of lists, room (r, c) sits at (2r+1, 2c+1), the cell between two neighbouring
rooms is their wall, the (even, even) cells are posts that always stand, and the border is closed. This is
exactly the exchange form of `server.maze.model.Maze.to_matrix`, with ints instead of characters.

Everything is written the obvious way on purpose (tuples, lists, dicts, paths copied at every step, a
seeded `random.Random`): it is a correct baseline, not a fast one. Entrance top-left, exit bottom-right.

The rooms matrix lives in `tests.bench.reference_grid` and the generators in
`tests.bench.reference_generators`; this module names them and holds the searches.
"""

import heapq
import random
from collections import deque
from collections.abc import Callable, Iterable

from tests.bench.reference_generators import (
    aldous_broder,
    backtracker,
    binary_tree,
    classic,
    division,
    eller,
    growing_tree,
    hunt_and_kill,
    kruskal,
    prim,
    sidewinder,
    wilson,
)
from tests.bench.reference_grid import Matrix, Room, open_neighbours, size_of

# Generators ------------------------------------------------------------------------------------------


GENERATORS: dict[str, Callable[[int, int, random.Random], Matrix]] = {
    "classic": classic,
    "backtracker": backtracker,
    "prim": prim,
    "kruskal": kruskal,
    "division": division,
    "wilson": wilson,
    "aldous-broder": aldous_broder,
    "hunt-and-kill": hunt_and_kill,
    "growing-tree": growing_tree,
    "sidewinder": sidewinder,
    "binary-tree": binary_tree,
    "eller": eller,
}


def generate(algorithm: str, rows: int, cols: int, seed: int) -> Matrix:
    """The reference maze of `algorithm` for a seed (not the same maze as the core's for that seed)."""
    return GENERATORS[algorithm](rows, cols, random.Random(seed))


# Solvers ---------------------------------------------------------------------------------------------


def bfs(matrix: Matrix, start: Room, goal: Room, blocked: Iterable[Room] = ()) -> list[Room] | None:
    """Breadth-first search with a queue of (room, path so far); the path is copied at every step."""
    seen = set(blocked)
    seen.add(start)
    queue = deque([(start, [start])])
    while queue:
        room, path = queue.popleft()
        if room == goal:
            return path
        for nxt in open_neighbours(matrix, room):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, [*path, nxt]))
    return None


def dfs(matrix: Matrix, start: Room, goal: Room, blocked: Iterable[Room] = ()) -> list[Room] | None:
    """Depth-first search with a stack of (room, path so far); the path is copied at every step."""
    done = set(blocked)
    stack = [(start, [start])]
    while stack:
        room, path = stack.pop()
        if room in done:
            continue
        done.add(room)
        if room == goal:
            return path
        for nxt in reversed(open_neighbours(matrix, room)):  # east is tried first
            if nxt not in done:
                stack.append((nxt, [*path, nxt]))
    return None


def astar(matrix: Matrix, start: Room, goal: Room, blocked: Iterable[Room] = ()) -> list[Room] | None:
    """A* with the Manhattan distance; the heap holds (f, tie, room, path so far), paths copied."""

    def manhattan(room: Room) -> int:
        return abs(room[0] - goal[0]) + abs(room[1] - goal[1])

    done = set(blocked)
    best = {start: 0}
    tie = 0
    heap = [(manhattan(start), tie, start, [start])]
    while heap:
        _, _, room, path = heapq.heappop(heap)
        if room in done:
            continue
        done.add(room)
        if room == goal:
            return path
        for nxt in open_neighbours(matrix, room):
            cost = len(path)  # steps to nxt along this path
            if nxt not in done and cost < best.get(nxt, cost + 1):
                best[nxt] = cost
                tie += 1
                heapq.heappush(heap, (cost + manhattan(nxt), tie, nxt, [*path, nxt]))
    return None


SOLVERS: dict[str, Callable[..., list[Room] | None]] = {"dfs": dfs, "bfs": bfs, "astar": astar}


def hint(matrix: Matrix, trail: list[Room], method: str) -> list[Room] | None:
    """The exercise's help: a way from the trail's last room to the exit without stepping back on the
    trail."""
    rows, cols = size_of(matrix)
    return SOLVERS[method](matrix, trail[-1], (rows - 1, cols - 1), trail[:-1])


def to_strings(matrix: Matrix) -> list[str]:
    """The exchange form `Maze.from_matrix` reads."""
    return ["".join(map(str, line)) for line in matrix]


def from_strings(lines: list[str]) -> Matrix:
    """The list-of-lists form of an exchange-form matrix (e.g. from `Maze.to_matrix`)."""
    return [[int(ch) for ch in line] for line in lines]
