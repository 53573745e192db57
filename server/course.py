"""Preparing a race's maze off the event loop: generation, open-sides masks, the distance field and (for a
perfect maze) the tree that answers hints."""

import asyncio

from server.game.generation import MazeSpec, generate
from server.game.maze import Maze
from server.game.solvers import distances_to_exit
from server.game.tree_hints import tree_of


def build_course(spec: MazeSpec) -> tuple[Maze, list[int]]:
    """The maze of `spec`, its open-sides masks cached, and every cell's distance to the exit."""
    maze = generate(spec)
    distances = distances_to_exit(maze)  # also caches maze.open_sides, which hints reuse
    tree_of(maze)  # a perfect maze's tree answers its dfs and bfs hints on the loop, in microseconds
    return maze, distances


async def build_course_in_thread(spec: MazeSpec) -> tuple[Maze, list[int]]:
    """`build_course` in a worker thread, so a 100 x 100 maze does not stall the loop."""
    return await asyncio.to_thread(build_course, spec)
