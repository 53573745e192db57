"""Depth-first search written as recursion: the function calls itself once per cell it enters.

The original exercise asks for a recursive search beside the non-recursive one (docs/origins.md). It
tries the neighbours in the order the stack `dfs` pops them (east, south, west, north), so it expands
the same cells in the same order and finds the same path; the tests hold the two to that.

Why a worker thread: the recursion is as deep as the longest path the search walks, which in a
1000 x 1000 maze can be most of its million cells. Python's default recursion limit (1000) stops it
far sooner, and the main thread's C stack (8 MB) is not meant for that depth either. So the search
runs in a thread started with a large stack (`threading.stack_size`) while the recursion limit is
raised above the maze's size. The limit is one value for the whole interpreter, so a lock lets one
recursive search at a time raise it and puts it back afterwards.
"""

import sys
import threading
from dataclasses import dataclass

STACK_BYTES = 512 * 1024 * 1024
"""The worker thread's stack: reserved address space, only the pages the recursion touches are used."""
FRAME_MARGIN = 200
"""Frames above the recursion itself: the caller's own, up to the thread's entry."""

_LIMIT_LOCK = threading.Lock()


@dataclass
class RecursiveRun:
    """Each cell's parent as found (`parent` is the caller's list, filled in), the expanded cells in
    order, and whether the goal was reached."""

    order: list[int]
    found: bool


def depth_first(
    open_sides: bytes,
    steps: tuple[tuple[int, ...], ...],
    parent: list[int],
    start: int,
    goal: int,
    unseen: int,
) -> RecursiveRun:
    """Recursive depth-first search from `start` to `goal`; `parent[cell] == unseen` marks a cell it may
    enter (blocked cells hold something else). Runs in its own thread, see the module docstring."""
    order: list[int] = []

    def visit(cell: int, came_from: int) -> bool:
        parent[cell] = came_from
        order.append(cell)
        if cell == goal:
            return True
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if parent[neighbour] == unseen and visit(neighbour, cell):
                return True
        return False

    outcome: list[bool] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(visit(start, start))
        except BaseException as error:  # handed to the caller's thread below
            failure.append(error)

    with _LIMIT_LOCK:
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, len(parent) + FRAME_MARGIN))
        old_stack = threading.stack_size(STACK_BYTES)
        try:
            worker = threading.Thread(target=run, name="dfs-recursive")
            worker.start()
        finally:
            threading.stack_size(old_stack)
        worker.join()
        sys.setrecursionlimit(old_limit)
    if failure:
        raise failure[0]
    return RecursiveRun(order, outcome[0])
