"""`python -m server maze solve`: round trips with generate, every method, the order explored, from a
room, with a trail (the rooms behind it blocked, or how far to back up), against brute force."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.maze.model import Maze
from server.maze.solvers import SEARCH_METHODS, search
from tests.unit.clients.maze_cli_calls import LOOP_JSON, SOLVE_KEYS, cells, generated, maze_of, run, solved
from tests.unit.support import (
    LOOP,
    SEEDS,
    assert_valid_path,
    brute_back_to,
    looped_specs,
    oracle_distance,
    random_trail,
)

# --- solve ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_generate_pipe_solve_real_command(method: str) -> None:
    maze_json = run(["generate", "--rows", "7", "--cols", "5", "--seed", "3", "--braid", "1"]).stdout
    done = run(["solve", "--method", method], maze_json)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert set(answer) == SOLVE_KEYS
    maze = maze_of(json.loads(maze_json))
    expected = search(maze, method)
    assert answer["method"] == method
    assert cells(answer["path"]) == expected.path
    assert answer["explored"] == expected.explored
    assert answer["back_to"] is None


@pytest.mark.parametrize("method", SEARCH_METHODS)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_generate_then_solve(algorithm: str, method: str) -> None:
    args = ["--rows", "9", "--cols", "6", "--algorithm", algorithm, "--seed", "17", "--braid", "0.5"]
    maze_json = json.dumps(generated(args))
    maze = maze_of(json.loads(maze_json))
    answer = solved(maze_json, ["--method", method])
    assert set(answer) == SOLVE_KEYS
    path = cells(answer["path"])
    assert_valid_path(maze, path, maze.entrance)
    assert path is not None
    if method in ("bfs", "astar"):
        assert len(path) - 1 == oracle_distance(maze, maze.entrance)
    assert answer["back_to"] is None
    assert 1 <= answer["explored"] <= maze.size


def test_solve_default_method_is_bfs() -> None:
    assert solved(LOOP_JSON, [])["method"] == "bfs"
    assert cells(solved(LOOP_JSON, [])["path"]) == ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2))


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_solve_explored_adds_the_order(method: str) -> None:
    answer = solved(LOOP_JSON, ["--method", method, "--explored"])
    assert set(answer) == SOLVE_KEYS | {"order"}
    order = cells(answer["order"])
    assert order is not None
    assert len(order) == answer["explored"]
    assert len(set(order)) == len(order)
    assert order[0] == (0, 0)
    assert order[-1] == (2, 2)
    assert order == search(Maze.from_matrix(LOOP, (0, 0), (2, 2)), method, record_order=True).order


def test_solve_explored_when_stuck() -> None:
    answer = solved(LOOP_JSON, ["--trail", "0,0 1,0 1,1 0,1", "--explored"])
    assert answer["path"] is None
    assert answer["order"] == [[0, 1]]
    assert answer["explored"] == 1


def test_solve_from_a_room() -> None:
    answer = solved(LOOP_JSON, ["--from", "2,0", "--method", "astar"])
    assert cells(answer["path"]) == ((2, 0), (1, 0), (1, 1), (1, 2), (2, 2))
    assert answer["back_to"] is None
    assert solved(LOOP_JSON, ["--from", "2,2"])["path"] == [[2, 2]]


def test_solve_trail_blocks_the_rooms_behind() -> None:
    # the way on from the end of the trail, never through the rooms already walked
    answer = solved(LOOP_JSON, ["--trail", "0,0 0,1 1,1 1,2"])
    assert cells(answer["path"]) == ((1, 2), (2, 2))
    assert answer["back_to"] is None
    answer = solved(LOOP_JSON, ["--trail", "0,0 1,0"])
    assert cells(answer["path"]) == ((1, 0), (1, 1), (1, 2), (2, 2))


def test_solve_trail_stuck_names_back_to() -> None:
    answer = solved(LOOP_JSON, ["--trail", "0,0 1,0 1,1 0,1"])
    assert answer == {"method": "bfs", "path": None, "explored": 1, "back_to": [1, 1]}
    answer = solved(LOOP_JSON, ["--trail", "0,0 1,0 2,0 2,1", "--method", "dfs"])
    assert answer["path"] is None
    assert answer["back_to"] == [1, 0]


def test_solve_from_a_cut_off_room_has_no_back_to() -> None:
    walled_in = json.dumps(
        {"grid": ["11111", "10001", "10111", "10101", "11111"], "entrance": [0, 0], "exit": [1, 1]}
    )
    answer = solved(walled_in, [])
    assert answer["path"] is None
    assert answer["back_to"] is None


@settings(max_examples=40, deadline=None)
@given(looped_specs, SEEDS, st.integers(0, 60), st.sampled_from(SEARCH_METHODS))
def test_solve_trail_against_search_and_brute_force(
    spec: MazeSpec, seed: int, steps: int, method: str
) -> None:
    maze = generate(spec)
    trail = random_trail(maze, random.Random(seed), steps).cells
    maze_json = json.dumps(
        {
            "grid": maze.to_matrix(),
            "entrance": list(maze.entrance),
            "exit": list(maze.exit),
            "directions": maze.directions,
        }
    )
    answer = solved(maze_json, ["--method", method, "--trail", " ".join(f"{r},{c}" for r, c in trail)])
    expected = search(maze, method, trail[-1], trail[:-1])
    assert cells(answer["path"]) == expected.path
    assert answer["explored"] == expected.explored
    if expected.path is None:
        k = brute_back_to(maze, trail)
        assert answer["back_to"] == (None if k is None else list(trail[k]))
    else:
        assert answer["back_to"] is None
