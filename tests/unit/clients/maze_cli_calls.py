"""`python -m server maze` called from the tests: the real command as a user runs it (`run`), or
in-process through `server.clients.maze_cli.main` for speed (`call`, `generated`, `solved`), and what
its JSON answers must hold."""

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from server.clients.maze_cli import main
from server.maze.model import Cell, Maze
from tests.unit.support import (
    LOOP,
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
