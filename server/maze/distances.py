"""Breadth-first distances over a whole maze: from a set of cells, or to the exit, for every cell.

Unlike the searches (`server.maze.solvers`), which stop at the exit, these visit every cell once.
"""

from collections.abc import Iterable

from server.maze.model import Maze


def distances_from(maze: Maze, starts: Iterable[int]) -> list[int]:
    """Breadth-first steps from the nearest of the cells `starts` to every cell (-1 where none reaches).

    The one BFS over the whole maze that the race's progress, the difficulty card and the analysis share.
    """
    open_sides, steps = maze.open_sides, maze.steps
    distance = [-1] * maze.size
    queue = list(starts)
    for cell in queue:
        distance[cell] = 0
    push = queue.append
    for cell in queue:
        further = distance[cell] + 1
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if distance[neighbour] < 0:
                distance[neighbour] = further
                push(neighbour)
    return distance


def distances_to_exit(maze: Maze) -> list[int]:
    """Steps from every cell to the exit by the shortest way (-1 where the exit cannot be reached).

    One BFS per maze; the race uses it for progress bars and for path efficiency.
    """
    return distances_from(maze, [maze.index(maze.exit)])
