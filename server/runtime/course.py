"""Preparing a race's maze off the event loop: generation, open-sides masks, the distance field, (for a
perfect maze) the tree that answers hints, and the difficulty card."""

import asyncio

from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.race_card import card_of
from server.maze.tree_hints import tree_of


def build_course(spec: MazeSpec) -> tuple[Maze, list[int]]:
    """The maze of `spec`, its open-sides masks cached, and every cell's distance to the exit; its hint
    tree and difficulty card are built and kept with it, so the event loop only looks them up."""
    maze = generate(spec)
    distances = distances_to_exit(maze)  # also caches maze.open_sides, which hints reuse
    tree_of(maze)  # a perfect maze's tree answers its dfs and bfs hints on the loop, in microseconds
    card_of(maze)  # the difficulty card the race's start and results carry (0.1 s at 150 x 150)
    return maze, distances


async def build_course_in_thread(spec: MazeSpec) -> tuple[Maze, list[int]]:
    """`build_course` in a worker thread: a 150 x 150 maze takes up to half a second, never on the loop."""
    return await asyncio.to_thread(build_course, spec)
