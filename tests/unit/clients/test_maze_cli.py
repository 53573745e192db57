"""`python -m server maze generate|solve|show`: JSON shapes, round trips, trails, and one-line errors.

Most cases run in-process through `server.clients.maze_cli.main` for speed; a few run the real command.
"""

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.clients.maze_cli import main
from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.maze.model import Cell, Maze
from server.maze.render import render_text
from server.maze.solvers import SEARCH_METHODS, search
from tests.unit.support import (
    LOOP,
    SEEDS,
    assert_valid_path,
    brute_back_to,
    looped_specs,
    oracle_distance,
    random_trail,
)

ROOT = Path(__file__).resolve().parents[3]
MAZE_KEYS = {
    "rows",
    "cols",
    "algorithm",
    "seed",
    "braid",
    "openings",
    "directions",
    "grid",
    "entrance",
    "exit",
}
SOLVE_KEYS = {"method", "path", "explored", "back_to"}

# The loop maze of the trail tests, exit bottom-right.
LOOP_JSON = json.dumps({"grid": list(LOOP), "entrance": [0, 0], "exit": [2, 2]})


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The real command, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "server", "maze", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def call(args: list[str], stdin: str = "") -> tuple[int, str]:
    """The command in-process: (status, stdout). stderr goes to sys.stderr (capsys reads it)."""
    out = io.StringIO()
    status = main(args, stdin=io.StringIO(stdin), out=out)
    return status, out.getvalue()


def generated(args: list[str]) -> dict[str, Any]:
    status, out = call(["generate", *args])
    assert status == 0
    assert out.endswith("\n")
    assert out.count("\n") == 1
    data: dict[str, Any] = json.loads(out)
    return data


def solved(maze_json: str, args: list[str]) -> dict[str, Any]:
    status, out = call(["solve", *args], maze_json)
    assert status == 0
    data: dict[str, Any] = json.loads(out)
    return data


def maze_of(data: dict[str, Any]) -> Maze:
    return Maze.from_matrix(data["grid"], tuple(data["entrance"]), tuple(data["exit"]))


def cells(path: list[list[int]] | None) -> tuple[Cell, ...] | None:
    return None if path is None else tuple((r, c) for r, c in path)


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


# --- bad arguments and input -----------------------------------------------------------------------------

GEN = ["generate", "--rows", "5", "--cols", "5"]

BAD: dict[str, tuple[list[str], str]] = {
    "no command": ([], ""),
    "unknown command": (["frobnicate"], ""),
    "unknown option": ([*GEN, "--bogus"], ""),
    "size too small": (["generate", "--rows", "1", "--cols", "5"], ""),
    "size too large": (["generate", "--rows", "5", "--cols", "1001"], ""),
    "size not a number": (["generate", "--rows", "x", "--cols", "5"], ""),
    "size missing": (["generate", "--rows", "5"], ""),
    "bad algorithm": ([*GEN, "--algorithm", "nope"], ""),
    "braid too big": ([*GEN, "--braid", "2"], ""),
    "braid negative": ([*GEN, "--braid", "-0.5"], ""),
    "braid nan": ([*GEN, "--braid", "nan"], ""),
    "braid not a number": ([*GEN, "--braid", "lots"], ""),
    "seed negative": ([*GEN, "--seed", "-1"], ""),
    "seed too big": ([*GEN, "--seed", str(MAX_SEED + 1)], ""),
    "seed not a number": ([*GEN, "--seed", "abc"], ""),
    "bad openings": ([*GEN, "--openings", "middle"], ""),
    "bad format": ([*GEN, "--format", "xml"], ""),
    "non-JSON stdin": (["solve"], "this is not json"),
    "empty stdin": (["solve"], ""),
    "JSON list": (["solve"], "[1, 2]"),
    "no grid": (["solve"], '{"entrance": [0, 0], "exit": [1, 1]}'),
    "no exit": (["solve"], json.dumps({"grid": LOOP, "entrance": [0, 0]})),
    "grid not a list": (["solve"], json.dumps({"grid": "1111", "entrance": [0, 0], "exit": [1, 1]})),
    "grid empty": (["solve"], json.dumps({"grid": [], "entrance": [0, 0], "exit": [1, 1]})),
    "directions not whole": (
        ["solve"],
        json.dumps({"grid": list(LOOP), "entrance": [0, 0], "exit": [2, 2], "directions": 4.0}),
    ),
    "directions six": (
        ["solve"],
        json.dumps({"grid": list(LOOP), "entrance": [0, 0], "exit": [2, 2], "directions": 6}),
    ),
    "grid ragged": (
        ["solve"],
        json.dumps({"grid": [*LOOP[:3], "10", *LOOP[4:]], "entrance": [0, 0], "exit": [2, 2]}),
    ),
    "grid of numbers": (["solve"], json.dumps({"grid": [[1, 1, 1]] * 5, "entrance": [0, 0], "exit": [1, 1]})),
    "grid open border": (
        ["solve"],
        json.dumps({"grid": ["0" + LOOP[0][1:], *LOOP[1:]], "entrance": [0, 0], "exit": [2, 2]}),
    ),
    "entrance wrong shape": (["solve"], json.dumps({"grid": LOOP, "entrance": [0], "exit": [2, 2]})),
    "entrance not numbers": (["solve"], json.dumps({"grid": LOOP, "entrance": ["0", "0"], "exit": [2, 2]})),
    "entrance booleans": (["solve"], json.dumps({"grid": LOOP, "entrance": [False, False], "exit": [2, 2]})),
    "entrance outside": (["solve"], json.dumps({"grid": LOOP, "entrance": [3, 0], "exit": [2, 2]})),
    "entrance is exit": (["solve"], json.dumps({"grid": LOOP, "entrance": [2, 2], "exit": [2, 2]})),
    "bad method": (["solve", "--method", "greedy"], LOOP_JSON),
    "from outside": (["solve", "--from", "3,3"], LOOP_JSON),
    "from negative": (["solve", "--from=-1,0"], LOOP_JSON),
    "from one number": (["solve", "--from", "1"], LOOP_JSON),
    "from three numbers": (["solve", "--from", "1,1,1"], LOOP_JSON),
    "from letters": (["solve", "--from", "a,b"], LOOP_JSON),
    "trail garbage": (["solve", "--trail", "0,0 x"], LOOP_JSON),
    "trail empty": (["solve", "--trail", ""], LOOP_JSON),
    "trail not from the entrance": (["solve", "--trail", "0,1 1,1"], LOOP_JSON),
    "trail repeats a room": (["solve", "--trail", "0,0 0,1 0,0"], LOOP_JSON),
    "trail through a wall": (["solve", "--trail", "0,0 0,1 0,2"], LOOP_JSON),
    "trail jumps": (["solve", "--trail", "0,0 1,1"], LOOP_JSON),
    "trail outside": (["solve", "--trail", "0,0 0,-1"], LOOP_JSON),
    "show non-JSON stdin": (["show"], "{"),
    "show bad trail": (["show", "--trail", "0,0 2,2"], LOOP_JSON),
    "show trail garbage": (["show", "--trail", "0;0"], LOOP_JSON),
}


@pytest.mark.parametrize(("args", "stdin"), list(BAD.values()), ids=list(BAD))
def test_bad_arguments_and_input(capsys: pytest.CaptureFixture[str], args: list[str], stdin: str) -> None:
    status, out = call(args, stdin)
    captured = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert captured.out == ""
    assert captured.err.startswith("error: ")
    assert captured.err.endswith("\n")
    assert captured.err.count("\n") == 1, captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize(
    "name",
    [
        "size too small",
        "size not a number",
        "bad algorithm",
        "non-JSON stdin",
        "trail garbage",
        "from outside",
    ],
)
def test_bad_arguments_real_command(name: str) -> None:
    args, stdin = BAD[name]
    done = run(args, stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: ")
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr


def test_non_utf8_stdin_real_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "server", "maze", "solve"],
        input=b"\xff\xfe\x00garbage",
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    assert done.stderr.count(b"\n") == 1


def test_deeply_nested_json_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = call(["solve"], "[" * 100_000)
    assert status == 2
    assert capsys.readouterr().err.count("\n") == 1
