"""The maze CLI's JSON maze object (docs/maze-cli.md): the closed 0/1 grid (blocks in 8 directions), the
entrance and exit as [row, col], and, from a generator, the settings that made it (optional on import and
ignored there: the grid is the maze). The CLI prints and reads this shape, so it lives here, below both.

An error inside the JSON names the line and column of the key or grid row it is about, found again in the
text (a JSON reader keeps no positions once it has read).
"""

import json
import re
from typing import Any, NotRequired, TypedDict, cast

from server.errors import BadMaze, BadSettings
from server.maze.exchange.blocks import blocks_walls
from server.maze.exchange.gaps import check_border_openings
from server.maze.exchange.matrix import grid_walls
from server.maze.exchange.text import MAX_IMPORT_CHARS, BadImport, Place, Rows
from server.maze.generation import MazeSpec
from server.maze.model import Cell, Maze

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


class MazeObject(TypedDict):
    """The JSON maze object the CLI prints and reads (the generator's settings only when a generator
    made it; `bias` only for the growing tree)."""

    rows: int
    cols: int
    algorithm: NotRequired[str]
    seed: NotRequired[int]
    braid: NotRequired[float]
    openings: NotRequired[str]
    bias: NotRequired[str]
    directions: int
    grid: list[str]
    entrance: list[int]
    exit: list[int]


def maze_object(maze: Maze, spec: MazeSpec | None = None) -> MazeObject:
    """The JSON maze object of `maze`, with the generator's settings when `spec` made it."""
    made: dict[str, object] = {}
    if spec is not None:
        made = {
            "algorithm": spec.algorithm,
            "seed": spec.seed,
            "braid": spec.braid,
            "openings": spec.openings,
        }
        if spec.algorithm == "growing-tree":
            made["bias"] = spec.bias
    return cast(
        MazeObject,
        {  # a cast for the key order printed: the settings before the maze
            "rows": maze.rows,
            "cols": maze.cols,
            **made,
            "directions": maze.directions,
            "grid": maze.to_matrix(),
            "entrance": list(maze.entrance),
            "exit": list(maze.exit),
        },
    )


def write_json(maze: Maze) -> str:
    """The JSON maze object on one line (openings on the outer border, as every exchange form has them)."""
    check_border_openings(maze)
    return json.dumps(maze_object(maze)) + "\n"


def read_json(text: str) -> Maze:
    """A maze from a JSON maze object."""
    if not isinstance(text, str):
        raise BadImport("the import must be text")
    if len(text) > MAX_IMPORT_CHARS:
        raise BadImport(f"the import is {len(text):,} characters; at most {MAX_IMPORT_CHARS:,} are read")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadImport(f"not JSON: {error.msg}", (error.lineno, error.colno)) from None
    except RecursionError:
        raise BadImport("JSON nested too deeply to be a maze object") from None
    except ValueError:  # a number of more than 4,300 digits, which Python refuses to convert
        raise BadImport("JSON with a number too long to be part of a maze") from None
    if not isinstance(data, dict):
        raise BadImport("the JSON must be one maze object, {...}", (1, 1) if text.strip() else None)
    for key in ("grid", "entrance", "exit"):
        if key not in data:
            raise BadImport(f"the maze object has no {key!r}")
    grid, directions = data["grid"], data.get("directions", 4)
    if type(directions) is not int or directions not in (4, 8):  # not 8.0, not True
        raise BadImport("'directions' must be 4 or 8", _key_place(text, "directions"))
    if not isinstance(grid, list) or not grid or not all(isinstance(row, str) for row in grid):
        raise BadImport("'grid' must be a list of strings of 0 and 1", _key_place(text, "grid"))
    rows_of_grid = Rows(list(grid), lambda row, index: _grid_place(text, row, index))
    read = blocks_walls if directions == 8 else grid_walls
    rows, cols, walls, _, _ = read(rows_of_grid, True)
    for key, size in (("rows", rows), ("cols", cols)):
        if key in data and data[key] != size:
            raise BadImport(f"{key!r} is {data[key]!r} but the grid has {size}", _key_place(text, key))
    entrance, exit = _cell(text, data, "entrance"), _cell(text, data, "exit")
    try:
        maze = Maze.from_walls(rows, cols, walls, entrance, exit)
        check_border_openings(maze)
    except (BadMaze, BadSettings) as error:
        raise BadImport(
            str(error), _key_place(text, "exit" if "exit" in str(error) else "entrance")
        ) from None
    return maze


def _cell(text: str, data: dict[str, Any], key: str) -> Cell:
    value = data[key]
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return value[0], value[1]
    raise BadImport(f"{key!r} must be [row, col]", _key_place(text, key))


def _place(text: str, offset: int) -> Place:
    """(line, column) of a character offset."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _key_place(text: str, key: str) -> Place:
    """Where `"key":` first stands in the text, or None."""
    found = re.search(rf'"{re.escape(key)}"\s*:', text)
    return _place(text, found.start()) if found else None


def _grid_place(text: str, row: int, index: int) -> Place:
    """Where entry `index` of grid row `row` stands: the row is the (row+1)-th string after `"grid":`."""
    found = re.search(r'"grid"\s*:\s*\[', text)
    if found is None:
        return None
    strings = _STRING.finditer(text, found.end())
    for _ in range(row):
        if next(strings, None) is None:
            return None
    string = next(strings, None)
    return None if string is None else _place(text, string.start() + 1 + index)
