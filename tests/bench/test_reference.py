"""Smoke test of the benchmark baseline: the reference makes proper, solvable mazes and finds the same
shortest ways as the core, so the comparison tables compare like with like."""

import itertools

import pytest

from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS, PERFECT
from server.maze.model import Maze
from server.maze.solvers import search
from tests.bench import reference, reference_grid

SHAPES = ((2, 2), (5, 7), (12, 9))


def as_maze(matrix: reference.Matrix) -> Maze:
    rows, cols = reference_grid.size_of(matrix)
    return Maze.from_matrix(reference.to_strings(matrix), (0, 0), (rows - 1, cols - 1))


def test_every_core_algorithm_has_a_reference() -> None:
    assert set(reference.GENERATORS) == set(ALGORITHMS)


@pytest.mark.parametrize("algorithm", sorted(reference.GENERATORS))
@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_reference_mazes_are_well_formed_and_solvable(algorithm: str, rows: int, cols: int) -> None:
    for seed in range(3):
        matrix = reference.generate(algorithm, rows, cols, seed)
        assert len(matrix) == 2 * rows + 1
        assert all(len(line) == 2 * cols + 1 for line in matrix)
        for i, line in enumerate(matrix):
            for j, value in enumerate(line):
                assert value in (0, 1)
                if i % 2 and j % 2:
                    assert value == 0, "a room is walled"
                elif not (i % 2 or j % 2):
                    assert value == 1, "a post is missing"
        maze = as_maze(matrix)  # also checks the closed border
        assert reference_grid.reachable(matrix, maze.entrance, maze.exit)
        assert search(maze, "bfs").path is not None
        if algorithm in PERFECT:
            assert maze.open_wall_count() == rows * cols - 1
            assert min(distances_to_exit(maze)) >= 0, "a perfect maze connects every room"


@pytest.mark.parametrize("algorithm", sorted(reference.GENERATORS))
def test_reference_searches_match_the_core(algorithm: str) -> None:
    mazes = [reference.generate(algorithm, 15, 11, seed) for seed in range(2)]
    mazes.append(reference.from_strings(generate(MazeSpec(algorithm, 15, 11, 7)).to_matrix()))
    for matrix in mazes:
        maze = as_maze(matrix)
        shortest = search(maze, "bfs").path
        assert shortest is not None
        for method in ("bfs", "astar"):
            path = reference.hint(matrix, [maze.entrance], method)
            assert path is not None
            assert len(path) == len(shortest), method
        for method in reference.SOLVERS:
            path = reference.hint(matrix, [maze.entrance], method)
            assert path is not None
            assert path[0] == maze.entrance
            assert path[-1] == maze.exit
            assert all(maze.is_open(a, b) for a, b in itertools.pairwise(path))


def test_reference_hint_respects_the_trail() -> None:
    matrix = reference.from_strings(generate(MazeSpec("backtracker", 8, 8, 3)).to_matrix())
    maze = as_maze(matrix)
    path = search(maze, "bfs").path
    assert path is not None
    # standing on the second room of the way with the entrance behind: the way on skips the entrance
    on = reference.hint(matrix, [path[0], path[1]], "bfs")
    assert on == list(path[1:])
    # with the room ahead on the trail, a perfect maze has no way on
    assert reference.hint(matrix, [path[2], path[1]], "bfs") is None
