"""`python -m server maze generate|show`: JSON shapes, every algorithm, seeds, the text picture.

Most cases run in-process for speed; a few run the real command."""

import json

import pytest

from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.maze.model import Maze
from server.maze.render import render_text
from tests.unit.clients.maze_cli_calls import LOOP_JSON, MAZE_KEYS, call, generated, maze_of, run
from tests.unit.support import (
    LOOP,
)

# --- generate ------------------------------------------------------------------------------------------


def test_generate_json_shape_real_command() -> None:
    done = run(["generate", "--rows", "4", "--cols", "6", "--algorithm", "prim", "--seed", "42"])
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    data = json.loads(done.stdout)
    assert set(data) == MAZE_KEYS
    maze = generate(MazeSpec("prim", 4, 6, 42))
    assert data == {
        "rows": 4,
        "cols": 6,
        "algorithm": "prim",
        "seed": 42,
        "braid": 0.0,
        "openings": "corners",
        "directions": 4,
        "grid": maze.to_matrix(),
        "entrance": [0, 0],
        "exit": [3, 5],
    }


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_generate_every_algorithm(algorithm: str) -> None:
    data = generated(
        [
            "--rows",
            "5",
            "--cols",
            "3",
            "--algorithm",
            algorithm,
            "--seed",
            "9",
            "--braid",
            "0.5",
            "--openings",
            "edges",
        ]
    )
    assert set(data) == MAZE_KEYS | ({"bias"} if algorithm == "growing-tree" else set())
    spec = MazeSpec(algorithm, 5, 3, 9, braid=0.5, openings="edges")
    maze = generate(spec)
    assert (data["algorithm"], data["seed"], data["braid"], data["openings"]) == (algorithm, 9, 0.5, "edges")
    assert (data["rows"], data["cols"]) == (5, 3)
    assert data["grid"] == maze.to_matrix()
    assert data["entrance"] == list(maze.entrance)
    assert data["exit"] == list(maze.exit)
    assert maze_of(data) == maze


def test_generate_defaults() -> None:
    data = generated(["--rows", "3", "--cols", "3", "--seed", "0"])
    assert data["algorithm"] == "backtracker"
    assert data["braid"] == 0.0
    assert data["openings"] == "corners"


def test_generate_without_seed_picks_one_and_prints_it() -> None:
    first = generated(["--rows", "6", "--cols", "6"])
    second = generated(["--rows", "6", "--cols", "6"])
    assert isinstance(first["seed"], int)
    assert 0 <= first["seed"] <= MAX_SEED
    assert first["seed"] != second["seed"]
    again = generated(["--rows", "6", "--cols", "6", "--seed", str(first["seed"])])
    assert again == first


def test_generate_text_format() -> None:
    status, out = call(["generate", "--rows", "3", "--cols", "4", "--seed", "5", "--format", "text"])
    assert status == 0
    assert out == render_text(generate(MazeSpec("backtracker", 3, 4, 5))) + "\n"
    lines = out.splitlines()
    assert len(lines) == 7
    assert all(len(line) == 9 for line in lines)


def test_generate_text_format_real_command() -> None:
    done = run(["generate", "--rows", "3", "--cols", "4", "--seed", "5", "--format", "text"])
    assert done.returncode == 0
    assert done.stdout == render_text(generate(MazeSpec("backtracker", 3, 4, 5))) + "\n"
    assert done.stdout.splitlines()[1].startswith("■◎")


# --- show ----------------------------------------------------------------------------------------------


def test_show_real_command() -> None:
    maze_json = run(["generate", "--rows", "4", "--cols", "5", "--algorithm", "wilson", "--seed", "7"]).stdout
    done = run(["show"], maze_json)
    assert done.returncode == 0, done.stderr
    assert done.stdout == render_text(generate(MazeSpec("wilson", 4, 5, 7))) + "\n"
    assert done.stdout.count("◎") == done.stdout.count("★") == 1


def test_show_with_trail() -> None:
    status, out = call(["show", "--trail", "0,0 1,0 1,1 0,1"], LOOP_JSON)
    assert status == 0
    maze = Maze.from_matrix(LOOP, (0, 0), (2, 2))
    assert out == render_text(maze, [(0, 0), (1, 0), (1, 1), (0, 1)]) + "\n"
    lines = out.splitlines()
    assert lines[1] == "■◎□△■□■", "(0,0) and (0,1) are not consecutive on the trail"
    assert lines[2] == "■·■·■□■"
    assert lines[3] == "■···□□■"


def test_show_without_trail() -> None:
    status, out = call(["show"], LOOP_JSON)
    assert status == 0
    assert out == render_text(Maze.from_matrix(LOOP, (0, 0), (2, 2))) + "\n"
