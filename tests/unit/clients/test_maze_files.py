"""`python -m server maze import|export` through the real command: every format to JSON and back, files
and stdin, PNG to a file, and one-line errors with exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from server.maze.exchange import export_maze, import_maze
from server.maze.generation import MazeSpec, generate

ROOT = Path(__file__).resolve().parents[3]
CASES = ROOT / "tests" / "cases" / "mazes"
GOLDEN_JSON = (CASES / "maze.json").read_text(encoding="utf-8")
EIGHT = ["generate", "--rows", "4", "--cols", "5", "--seed", "4", "--directions", "8"]


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    """The real command, as a user runs it (bytes: a PNG may come out)."""
    return subprocess.run(
        [sys.executable, "-m", "server", "maze", *args],
        input=stdin.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("exercise_spaced.txt", "matrix"),
        ("ascii.txt", "ascii"),
        ("blocks_spaced.txt", "blocks"),
        ("maze.json", "json"),
    ],
)
def test_import_prints_the_json_maze_object_of_a_file(name: str, fmt: str) -> None:
    done = run(["import", "--format", fmt, str(CASES / name)])
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    printed = json.loads(done.stdout)
    assert set(printed) == {"rows", "cols", "directions", "grid", "entrance", "exit"}
    source = (CASES / name).read_text(encoding="utf-8")
    assert import_maze(done.stdout.decode(), "json") == import_maze(source, fmt)


def test_generate_import_and_export_share_the_formats_through_pipes() -> None:
    generated = run(["generate", "--rows", "9", "--cols", "13", "--seed", "4", "--algorithm", "wilson"])
    maze_json = generated.stdout.decode()
    maze = generate(MazeSpec("wilson", 9, 13, 4))
    for fmt in ("matrix", "ascii", "json"):
        exported = run(["export", "--format", fmt], maze_json)
        assert exported.returncode == 0, exported.stderr
        assert exported.stdout == export_maze(maze, fmt)
        back = run(["import", "--format", fmt], exported.stdout.decode())
        assert import_maze(back.stdout.decode(), "json") == maze
    eight = run(
        ["generate", "--rows", "4", "--cols", "5", "--seed", "4", "--directions", "8"]
    ).stdout.decode()
    blocks = run(["export", "--format", "blocks"], eight)
    assert blocks.stdout == export_maze(import_maze(eight, "json"), "blocks")


def test_png_goes_to_a_file_with_o(tmp_path: Path) -> None:
    target = tmp_path / "maze.png"
    done = run(["export", "--format", "png", "-o", str(target), str(CASES / "maze.json")])
    assert done.returncode == 0, done.stderr
    assert done.stdout == b""
    assert target.read_bytes() == export_maze(import_maze((CASES / "maze.json").read_text(), "json"), "png")
    piped = run(["export", "--format", "png", str(CASES / "maze.json")])
    assert piped.stdout == target.read_bytes()  # stdout is a pipe here, not a terminal


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["import", "--format", "matrix"], "111\n1x1\n111\n", "error: line 2, column 2: 'x' is not 0 or 1"),
        (["import", "--format", "svg"], "", "error: argument --format: invalid choice: 'svg'"),
        (
            ["import", "--format", "ascii", "/no/such/file"],
            "",
            "error: cannot read /no/such/file: No such file",
        ),
        (["export", "--format", "ascii"], '{"grid": [', "error: line 1, column 11: not JSON"),
        (
            ["export", "--format", "matrix"],
            json.dumps({"grid": ["1" * 9] * 9, "entrance": [0, 0], "exit": [3, 3], "directions": 8}),
            "error: line 1, column 26: cell [0, 0] is marked as a wall (its block's centre is 1)",
        ),
        (
            ["export", "--format", "png", "-o", "/no/such/dir/m.png"],
            (CASES / "maze.json").read_text(),
            "cannot write",
        ),
        (
            ["import", "--format", "matrix"],
            "1" * 600_001,
            "error: the import is 600,001 characters; at most 600,000",
        ),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(args: list[str], stdin: str, message: str) -> None:
    done = run(args, stdin)
    assert done.returncode == 2
    assert done.stdout == b""
    error = done.stderr.decode()
    assert error.count("\n") == 1
    assert message in error


def test_an_eight_direction_maze_has_no_ascii_art() -> None:
    eight = run(
        ["generate", "--rows", "4", "--cols", "5", "--seed", "4", "--directions", "8"]
    ).stdout.decode()
    done = run(["export", "--format", "ascii"], eight)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("error: ASCII art shows 4-direction mazes only")


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "maze.txt"
    source.write_bytes(b"\xff\xfe1\n")
    done = run(["import", "--format", "matrix", str(source)])
    assert done.returncode == 2
    assert done.stderr.decode() == f"error: {source} is not UTF-8 text\n"
