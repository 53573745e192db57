"""`python -m server maze`: bad arguments and bad input get a one-line error and a usage status,
in-process and through the real command (non-UTF-8 input, deeply nested JSON included)."""

import json
import subprocess
import sys

import pytest

from server.maze.generation import MAX_SEED
from tests.unit.clients.maze_cli_calls import LOOP_JSON, ROOT, call, run
from tests.unit.support import (
    LOOP,
)

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
