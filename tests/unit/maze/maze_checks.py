"""Assertions about a maze's shape shared by the generator tests: walled, solvable, perfect."""

import networkx as nx

from server.maze.model import Maze
from tests.unit.support import graph


def assert_outer_walls_closed(maze: Maze) -> None:
    cols = maze.cols
    assert not any(maze.east[cols - 1 :: cols]), "the last column opens east"
    assert not any(maze.south[maze.size - cols :]), "the last row opens south"


def assert_solvable(maze: Maze) -> None:
    assert nx.has_path(graph(maze), maze.entrance, maze.exit)


def assert_perfect(maze: Maze) -> None:
    assert maze.open_wall_count() == maze.size - 1
    g = graph(maze)
    assert g.number_of_nodes() == maze.size
    assert nx.is_connected(g), "some room cannot be reached"
    assert nx.is_tree(g)
