"""Preparing a race's maze off the event loop: generation, open-sides masks, the distance field, (for a
perfect maze) the tree that answers hints, and the difficulty card.

A 150 x 150 maze is a tenth of a second to half a second of pure Python. In a thread it holds the GIL
against the event loop, and ten rooms starting at once stalled every other room's moves for a quarter of
a second; so builds run in a small pool of worker processes of their own (`COURSE_WORKERS`), and the
loop only unpacks the answer (about a millisecond). A room builds one maze at a time: a second start
while its maze is being built waits for the first and shares its outcome (`OneStartARoom`).
"""

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.race_card import DifficultyCard, card_of, keep_card
from server.maze.tree_hints import TreeIndex, keep_tree, tree_of
from server.runtime.worker_pools import WorkerPool, spare_cores

COURSE_WORKERS = WorkerPool("maze builds", spare_cores(2))
"""The maze builds' own worker processes: one a spare core, at most two (more rooms starting at once
wait their turn, never the event loop)."""


def build_course(spec: MazeSpec) -> tuple[Maze, list[int]]:
    """The maze of `spec`, its open-sides masks cached, and every cell's distance to the exit; its hint
    tree and difficulty card are built and kept with it, so the event loop only looks them up."""
    maze = generate(spec)
    distances = distances_to_exit(maze)  # also caches maze.open_sides, which hints reuse
    tree_of(maze)  # a perfect maze's tree answers its dfs and bfs hints on the loop, in microseconds
    card_of(maze)  # the difficulty card the race's start and results carry (0.1 s at 150 x 150)
    return maze, distances


@dataclass(frozen=True)
class BuiltCourse:
    """What a worker process sends back: the maze (its open sides cached inside it), the distances,
    and the tree and card that the parent keeps beside the maze."""

    maze: Maze
    distances: list[int]
    tree: TreeIndex | None
    card: DifficultyCard


def _build_in_worker(spec: MazeSpec) -> BuiltCourse:
    maze, distances = build_course(spec)
    return BuiltCourse(maze, distances, tree_of(maze), card_of(maze))


async def build_course_off_loop(spec: MazeSpec) -> tuple[Maze, list[int]]:
    """`build_course` in a maze-build worker process; the tree and card are kept beside the maze here."""
    built = await COURSE_WORKERS.run(_build_in_worker, spec)
    keep_tree(built.maze, built.tree)
    keep_card(built.maze, built.card)
    return built.maze, built.distances


class OneStartARoom:
    """At most one start of each room in progress: a start that comes while the room's maze is being
    built joins that start (and gets its answer, or its refusal) instead of building another maze."""

    def __init__(self) -> None:
        self._starting: dict[str, asyncio.Task[None]] = {}

    async def start(self, code: str, begin: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run `begin()` unless a start of room `code` is already running; either way, await that
        start. The start runs to its end even if every caller stops waiting (a dropped connection)."""
        running = self._starting.get(code)
        if running is None:
            running = asyncio.create_task(begin())
            self._starting[code] = running
            running.add_done_callback(lambda done: self._forget(code, done))
        await asyncio.shield(running)

    def _forget(self, code: str, done: "asyncio.Task[None]") -> None:
        if self._starting.get(code) is done:
            del self._starting[code]
        if not done.cancelled():
            done.exception()  # read, so an outcome nobody awaited any more is not logged as lost
