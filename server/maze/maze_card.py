"""The editor's live card: what a drawn maze is like, measured from the entrance to the exit.

Unlike the race's difficulty card (`race_card`), which a race computes once, this one is recomputed after
every edit and for every published maze's page, so it keeps to what two breadth-first passes give:
`paths.count_shortest` for the shortest way and how many there are, and one pass over every cell for the
connected components that the loop count needs. Degrees come from the open-sides masks in one
`translate`. 10 to 25 ms at 150 x 150 on a busy 2-core machine (`make bench ARGS=editor`).
"""

from typing import TypedDict

from server.maze.model import Cell, Maze
from server.maze.paths import count_shortest
from server.maze.race_card import Count, count_json
from server.maze.solvers import search
from server.maze.walls import SIDE_COUNT

_AT_LEAST_THREE = bytes(1 if count >= 3 else 0 for count in SIDE_COUNT)


class MazeCard(TypedDict):
    """Solvable or not; the shortest way's steps and how many distinct shortest ways (None when there is
    no way); dead ends (one open side, the entrance and the exit aside) and decision points (three or
    more); loops, the independent cycles: open passages - cells + connected components (0 for a perfect
    maze)."""

    solvable: bool
    shortest: int | None
    shortest_routes: Count | None
    dead_ends: int
    decision_points: int
    loops: int


def components(maze: Maze) -> int:
    """How many connected parts the cells form (a walled-in cell is one on its own)."""
    open_sides, steps = maze.open_sides, maze.steps
    seen = bytearray(maze.size)
    count = 0
    for start in range(maze.size):
        if seen[start]:
            continue
        count += 1
        seen[start] = 1
        queue = [start]
        push = queue.append
        for cell in queue:
            for step in steps[open_sides[cell]]:
                neighbour = cell + step
                if not seen[neighbour]:
                    seen[neighbour] = 1
                    push(neighbour)
    return count


def maze_card(maze: Maze) -> MazeCard:
    """Measure `maze`."""
    shortest = count_shortest(maze, maze.index(maze.entrance))
    solvable = shortest.length is not None
    return {
        "solvable": solvable,
        "shortest": shortest.length,
        "shortest_routes": count_json(shortest.count) if solvable else None,
        "dead_ends": maze.dead_end_count(excluding_the_ends=True),
        "decision_points": maze.open_sides.translate(_AT_LEAST_THREE).count(1),
        "loops": maze.open_wall_count() - maze.size + components(maze),
    }


def shortest_way(maze: Maze) -> list[Cell] | None:
    """One shortest way from the entrance to the exit, both included (breadth-first), or None."""
    path = search(maze, "bfs").path
    return None if path is None else list(path)
