"""Hints (seed 000's help): a way on from where the player stands, without backing up.

The search starts at the player's room with every other trail room blocked. When it fails, the hint
names `back_to`: the nearest trail room, walking back, from which a way to the exit exists that does not
cross the rest of the trail, so the player knows how far to back up.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from server.game.errors import GameError
from server.game.maze import Cell, Maze
from server.game.solvers import SEARCH_METHODS, search

HINT_METHODS: tuple[str, ...] = (*SEARCH_METHODS, "random")


@dataclass(frozen=True)
class Hint:
    """A hint's answer. `method` is the search actually run (dfs or bfs when `random` was asked)."""

    method: str
    next: Cell | None
    path: tuple[Cell, ...] | None
    explored: int
    order: tuple[Cell, ...] | None
    back_to: Cell | None
    back_path: tuple[Cell, ...] | None

    @property
    def found(self) -> bool:
        """Whether there is a way on from the player's room."""
        return self.path is not None


def choose_method(method: str, rng: random.Random) -> str:
    """The search to run for a requested hint method; `random` is dfs or bfs, drawn from `rng`."""
    if method == "random":
        return "dfs" if rng.random() < 0.5 else "bfs"
    if method not in SEARCH_METHODS:
        raise GameError(f"hint method must be one of {', '.join(HINT_METHODS)}", code="bad_method")
    return method


def hint(
    maze: Maze,
    trail: Sequence[Cell],
    method: str,
    rng: random.Random,
    record_order: bool = False,
) -> Hint:
    """Search from the trail's last room with the rest of the trail blocked; say where to back up to."""
    return way_on(maze, trail, choose_method(method, rng), record_order)


def way_on(maze: Maze, trail: Sequence[Cell], search_method: str, record_order: bool = False) -> Hint:
    """`hint` with the search already chosen (dfs, bfs or astar): pure, so it can run off the loop."""
    if not trail:
        raise GameError("a hint needs the player's trail", code="bad_payload")
    here = trail[-1]
    result = search(maze, search_method, here, trail[:-1], record_order)
    if result.path is not None:
        following = result.path[1] if len(result.path) > 1 else None
        return Hint(search_method, following, result.path, result.explored, result.order, None, None)
    back = back_up_index(maze, trail)
    back_path = tuple(reversed(trail[back:])) if back is not None else None
    back_to = trail[back] if back is not None else None
    return Hint(search_method, None, None, result.explored, result.order, back_to, back_path)


def back_up_index(maze: Maze, trail: Sequence[Cell]) -> int | None:
    """Index of the nearest trail room (walking back) with a way on once the player backs up to it.

    Backing up to trail room k unblocks the rooms after it, so k has a way on exactly when it touches the
    set of rooms that reach the exit without crossing the trail. One BFS from the exit finds that set;
    then the trail is walked back once. (Rooms after k cannot touch the set, or they would have been
    found first, so unblocking them does not grow it.)
    """
    openings, steps = maze.openings, maze.steps
    reaches_exit = bytearray(maze.size)
    on_trail = bytearray(maze.size)
    for cell in trail:
        on_trail[maze.index(cell)] = 1
    goal = maze.index(maze.exit)
    if on_trail[goal]:  # standing on the exit is a way on; the rooms after it have it blocked
        return max(k for k, cell in enumerate(trail) if maze.index(cell) == goal)
    reaches_exit[goal] = 1
    queue = [goal]
    for room in queue:
        for step in steps[openings[room]]:
            neighbour = room + step
            if not reaches_exit[neighbour] and not on_trail[neighbour]:
                reaches_exit[neighbour] = 1
                queue.append(neighbour)
    for k in range(len(trail) - 1, -1, -1):
        if any(reaches_exit[n] for n in maze.neighbours(maze.index(trail[k]))):
            return k
    return None
