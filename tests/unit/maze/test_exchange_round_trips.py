"""Every generator's mazes, in both topologies, written in every exchange format and read back give the
same maze; the PNG shows the matrix entry for entry."""

import random

import pytest

from server.errors import BadMaze
from server.maze.exchange import EXPORT_FORMATS, IMPORT_FORMATS, export_maze, import_maze
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS
from server.maze.model import Maze
from tests.unit.maze.exchange_support import gap_candidates, read_png, swapped

FOUR_FORMATS = ("matrix", "ascii", "json")
EIGHT_FORMATS = ("blocks", "json")


def specs_of(directions: int) -> list[MazeSpec]:
    """A few specs of every generator with that topology: corners and edges openings, braided or not,
    square and oblong."""
    algorithms = ALGORITHMS if directions == 4 else EIGHT_DIRECTION_ALGORITHMS
    found = []
    for algorithm in algorithms:
        for seed, (rows, cols), openings, braid in (
            (1, (2, 2), "corners", 0.0),
            (2, (7, 11), "edges", 0.0),
            (3, (12, 5), "edges", 0.5),
            (4, (9, 9), "corners", 1.0),
            (5, (6, 8), "edges", 0.0),
        ):
            found.append(MazeSpec(algorithm, rows, cols, seed, braid, openings, directions=directions))
    return found


def expected_back(maze: Maze, fmt: str) -> Maze:
    """What a format gives back: the maze itself, except that the 0/1 forms read the first gap as the
    entrance, so a maze whose entrance cannot come first in reading order comes back swapped."""
    if fmt in ("matrix", "blocks"):
        unit = 2 if fmt == "matrix" else 3
        ins, outs = gap_candidates(maze.entrance, maze, unit), gap_candidates(maze.exit, maze, unit)
        if min(ins) > max(outs):
            return swapped(maze)
    return maze


@pytest.mark.parametrize(("directions", "formats"), [(4, FOUR_FORMATS), (8, EIGHT_FORMATS)])
def test_export_then_import_gives_the_same_maze(directions: int, formats: tuple[str, ...]) -> None:
    specs = specs_of(directions)
    assert {spec.algorithm for spec in specs} == set(
        ALGORITHMS if directions == 4 else EIGHT_DIRECTION_ALGORITHMS
    )
    swaps = 0
    for spec in specs:
        maze = generate(spec)
        for fmt in formats:
            text = export_maze(maze, fmt).decode("utf-8")
            back = import_maze(text, fmt)
            assert back == expected_back(maze, fmt), (spec, fmt)
            swaps += back != maze
            assert export_maze(back, fmt).decode("utf-8") == text or back != maze
    assert swaps < len(specs)  # most openings can be written entrance first


def test_spaces_crlf_and_blank_lines_at_the_ends_read_the_same() -> None:
    for directions, fmt in ((4, "matrix"), (8, "blocks")):
        maze = generate(MazeSpec("wilson", 6, 9, 11, openings="edges", directions=directions))
        text = export_maze(maze, fmt).decode()
        spaced = "\r\n".join(" ".join(line) + "  " for line in text.splitlines())
        assert import_maze("\n\n  \n" + spaced + "\r\n\r\n", fmt) == import_maze(text, fmt)
    maze = generate(MazeSpec("prim", 5, 5, 3))
    art = export_maze(maze, "ascii").decode()
    assert import_maze(art.replace(" ", ".").replace("\n", "\r\n"), "ascii") == maze


@pytest.mark.parametrize("fmt", ["matrix", "ascii"])
def test_four_direction_forms_refuse_diagonals_and_blocks_refuse_four_directions(fmt: str) -> None:
    eight = generate(MazeSpec("backtracker", 4, 4, 1, directions=8))
    with pytest.raises(BadMaze, match="8-direction"):
        export_maze(eight, fmt)
    with pytest.raises(BadMaze, match="4-direction"):
        export_maze(generate(MazeSpec("backtracker", 4, 4, 1)), "blocks")


def test_no_form_but_png_writes_an_opening_inside_the_maze() -> None:
    for directions, formats in ((4, FOUR_FORMATS), (8, EIGHT_FORMATS)):
        maze = generate(MazeSpec("kruskal", 5, 5, 2, directions=directions))
        inside = Maze.from_walls(5, 5, maze.walls(), (4, 4), (2, 2))
        for fmt in formats:
            with pytest.raises(BadMaze, match=r"the exit \[2, 2\] is an opening inside the maze"):
                export_maze(inside, fmt)
        assert export_maze(inside, "png").startswith(b"\x89PNG")


def test_unknown_formats_are_refused() -> None:
    maze = generate(MazeSpec("kruskal", 5, 5, 2))
    with pytest.raises(BadMaze, match="one of matrix, blocks, ascii, json, png"):
        export_maze(maze, "svg")
    with pytest.raises(BadMaze, match=r"one of matrix, blocks, ascii, json$"):
        import_maze("11111", "png")
    assert (*IMPORT_FORMATS, "png") == EXPORT_FORMATS


@pytest.mark.parametrize("directions", [4, 8])
def test_the_png_shows_every_matrix_entry_with_the_openings_coloured(directions: int) -> None:
    rng = random.Random(directions)
    for algorithm in ("classic", "backtracker"):
        maze = generate(
            MazeSpec(
                algorithm, rng.randint(2, 30), rng.randint(2, 30), 5, 0.3, "edges", directions=directions
            )
        )
        matrix_fmt = "matrix" if directions == 4 else "blocks"
        lines = export_maze(maze, matrix_fmt).decode().split()
        width, height, palette, pixels = read_png(export_maze(maze, "png"))
        scale = width // len(lines[0])
        assert (width, height) == (scale * len(lines[0]), scale * len(lines))
        assert palette[:6] == bytes((255, 255, 255, 0, 0, 0))
        unit = 3 if directions == 8 else 2
        marked = {(unit * maze.entrance[0] + 1, unit * maze.entrance[1] + 1): 2}
        marked[(unit * maze.exit[0] + 1, unit * maze.exit[1] + 1)] = 3
        for row, line in enumerate(lines):
            for index, char in enumerate(line):
                pixel = pixels[row * scale + scale // 2][index * scale + scale // 2]
                if (row, index) in marked:
                    assert pixel == marked[(row, index)]
                elif char == "1":
                    assert pixel == 1, (row, index)
                else:
                    assert pixel in (0, 2, 3), (row, index)  # a gap beside an opening takes its colour
