"""The hand-written golden files of every exchange format (tests/cases/mazes/README.md) read as the mazes
written out below, and the exports write them back byte for byte (the PNG pixel for pixel)."""

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from server.maze.exchange import export_maze, import_maze
from server.maze.model import Maze
from server.maze.walls import Walls
from tests.unit.maze.exchange_support import read_png

CASES = Path(__file__).resolve().parents[2] / "cases" / "mazes"


def four() -> Maze:
    """The 3 x 4 maze of the golden files, passage by passage."""
    walls = Walls.closed(12)
    for r, c in ((0, 0), (0, 1), (1, 0), (1, 2), (2, 1), (2, 2)):
        walls.east[r * 4 + c] = 1
    for r, c in ((0, 2), (0, 3), (1, 0), (1, 1), (1, 3)):
        walls.south[r * 4 + c] = 1
    return Maze.from_walls(3, 4, walls, (0, 0), (2, 3))


def eight() -> Maze:
    """The 2 x 3 8-direction maze: (0,0)-(0,1), (0,0)-(1,0), (1,0)-(1,1), and the crossing diagonals."""
    walls = Walls.closed(6, 8)
    walls.east[0] = walls.south[0] = walls.east[3] = 1
    walls.southeast[1] = 1  # (0, 1) to (1, 2)
    walls.southwest[2] = 1  # (0, 2) to (1, 1)
    return Maze.from_walls(2, 3, walls, (0, 0), (1, 2))


def read(name: str) -> str:
    return (CASES / name).read_text(encoding="utf-8")  # universal newlines: CRLF reads as LF


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("exercise.txt", "matrix"),
        ("exercise_spaced.txt", "matrix"),
        ("matrix.txt", "matrix"),
        ("ascii.txt", "ascii"),
        ("ascii_dots.txt", "ascii"),
        ("maze.json", "json"),
    ],
)
def test_each_golden_file_is_the_four_direction_maze(name: str, fmt: str) -> None:
    assert import_maze(read(name), fmt) == four()


def test_the_first_gap_in_reading_order_is_the_entrance() -> None:
    maze = import_maze(read("matrix_edges.txt"), "matrix")
    assert (maze.entrance, maze.exit) == ((0, 3), (1, 0))
    assert maze.walls() == four().walls()


def test_the_blocks_with_and_without_spaces_are_the_eight_direction_maze() -> None:
    raw = (CASES / "blocks_spaced.txt").read_bytes().decode("utf-8")
    assert "\r\n" in raw
    assert import_maze(read("blocks.txt"), "blocks") == eight()
    assert import_maze(raw, "blocks") == eight()


def test_exports_write_the_golden_files() -> None:
    assert export_maze(four(), "matrix").decode() == read("matrix.txt")
    assert export_maze(four(), "ascii").decode() == read("ascii.txt")
    assert export_maze(eight(), "blocks").decode() == read("blocks.txt")
    written = json.loads(export_maze(four(), "json"))
    golden = json.loads(read("maze.json"))
    assert written == {key: golden[key] for key in ("rows", "cols", "directions", "grid", "entrance", "exit")}


@pytest.mark.parametrize(("name", "maze"), [("maze.png", four), ("blocks.png", eight)])
def test_the_png_is_the_golden_picture(name: str, maze: Callable[[], Maze]) -> None:
    golden = read_png((CASES / name).read_bytes())
    assert read_png(export_maze(maze(), "png")) == golden
    width, height, _, pixels = golden
    assert (width, height) == ((144, 112) if name == "maze.png" else (144, 96))
    assert pixels[0][:16] == b"\x01" * 16  # the top-left wall post is black
