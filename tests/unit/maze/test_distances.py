"""Breadth-first distances to the exit, against networkx as an oracle."""

import networkx as nx
from hypothesis import given, settings

from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.solvers import search
from tests.unit.support import graph, serpentine, specs


@settings(max_examples=80, deadline=None)
@given(specs())
def test_distances_to_exit_against_networkx(spec: MazeSpec) -> None:
    maze = generate(spec)
    expected = nx.single_source_shortest_path_length(graph(maze), maze.exit)
    distances = distances_to_exit(maze)
    assert len(distances) == maze.size
    for i, distance in enumerate(distances):
        assert distance == expected.get(maze.cell(i), -1)
    assert distances[maze.index(maze.exit)] == 0
    assert distances[maze.index(maze.entrance)] == len(search(maze, "bfs").path or ()) - 1


def test_distances_unreachable_rooms_are_minus_one() -> None:
    maze = Maze.from_matrix(["11111", "10001", "10111", "10101", "11111"], (0, 0), (1, 0))
    assert distances_to_exit(maze) == [1, 2, 0, -1]


def test_distances_in_a_corridor() -> None:
    maze = serpentine(3, 4)
    # cells along the snake: row 0 left to right, row 1 right to left, row 2 left to right
    assert distances_to_exit(maze) == [11, 10, 9, 8, 4, 5, 6, 7, 3, 2, 1, 0]
