"""Every malformed import is a `BadImport` (a `BadMaze`) naming the line and column where it goes wrong,
or no place when the whole input is wrong."""

import json

import pytest

from server.errors import BadMaze
from server.maze.exchange import MAX_IMPORT_CHARS, BadImport, import_maze

GOOD = ["111111111", "100000101", "111110101", "100010001", "101011101", "101000001", "111111111"]
"""The golden 3 x 4 maze's matrix (tests/cases/mazes/exercise.txt)."""
ART = ["#########", "#S    # #", "##### # #", "#   #   #", "# # ### #", "# #    E#", "#########"]
BLOCKS = ["101111111", "100001101", "101110011", "101110011", "100001101", "111111101"]


def edit(lines: list[str], *changes: tuple[int, int, str]) -> str:
    """The text of `lines` with entries changed: (row, index, new character) each."""
    changed = list(lines)
    for row, index, char in changes:
        changed[row] = changed[row][:index] + char + changed[row][index + 1 :]
    return "\n".join(changed) + "\n"


def at(text: str, part: str) -> int:
    """The 1-based column of `part` in one-line `text`."""
    return text.index(part) + 1


INSIDE = "#######\n#     #\n# # # #\n#  S  #\n# # # #\n#    E#\n#######\n"
NO_ROWS = json.dumps({"rows": 4, "grid": GOOD, "entrance": [0, 0], "exit": [2, 3]})
INSIDE_JSON = json.dumps({"grid": GOOD, "entrance": [1, 1], "exit": [2, 3]})
OUTSIDE_JSON = json.dumps({"grid": GOOD, "entrance": [0, 0], "exit": [7, 3]})
SHORT_CELL = json.dumps({"grid": GOOD, "entrance": [0], "exit": [2, 3]})


CASES: list[tuple[str, str, str, int | None, int | None]] = [
    # (format, text, part of the message, line, column)
    ("matrix", "", "empty", None, None),
    ("matrix", " \n\t\r\n", "empty", None, None),
    ("matrix", "1" * (MAX_IMPORT_CHARS + 1), "at most 600,000", None, None),
    ("matrix", "\n".join([*GOOD[:3], "", *GOOD[3:]]), "blank line inside", 4, 1),
    ("matrix", edit(GOOD, (1, 4, "x")), "'x' is not 0 or 1", 2, 5),
    ("matrix", edit(GOOD, (1, 4, "2")), "'2' is not 0 or 1", 2, 5),
    (
        "matrix",
        "\n".join([*GOOD[:2], GOOD[2] + "1", *GOOD[3:]]),
        "has 10 entries where the first has 9",
        3,
        10,
    ),
    ("matrix", "\n".join([*GOOD[:2], GOOD[2][:7], *GOOD[3:]]), "has 7 entries where the first has 9", 3, 8),
    ("matrix", "\n".join(GOOD[:6]), "6 rows of entries fit no maze", 6, 1),
    ("matrix", "\n".join(line[:8] for line in GOOD), "8 columns of entries fit no maze", 1, 8),
    ("matrix", "111\n101\n111", "1 rows of cells; at least 2", None, None),
    ("matrix", "\n".join(["1" * 2003] * 5), "more than 1000 columns of cells", 1, 2002),
    ("matrix", "\n".join(["1" * 5] * 2003), "more than 1000 rows of cells", 2002, 1),
    ("matrix", edit(GOOD, (3, 3, "1")), "cell [1, 1] is marked as a wall", 4, 4),
    ("matrix", edit(GOOD, (4, 4, "0")), "a wall corner between four cells must be 1", 5, 5),
    ("matrix", edit(GOOD, (0, 0, "0")), "open at the end of a wall, beside no cell", 1, 1),
    ("matrix", edit(GOOD, (2, 8, "0")), "open at the end of a wall, beside no cell", 3, 9),
    ("matrix", edit(GOOD, (3, 0, "0")), "the outer wall has one gap", 4, 1),
    (
        "matrix",
        edit(GOOD, (0, 1, "0"), (3, 8, "0"), (6, 3, "0")),
        "a third gap in the outer wall",
        7,
        4,
    ),
    ("matrix", edit(GOOD, (0, 1, "0"), (1, 0, "0")), "both gaps open cell [0, 0]", 2, 1),
    ("matrix", "1 1 1 1 1\n1 0 0 0 1\n1 0 1 0 1\n1 0 0 0 1\n1 1 1 1 x\n", "'x' is not 0 or 1", 5, 9),
    (
        "matrix",
        "\r\n\r\n1 1 1 1 1\r\n1 1 0 0 1\r\n1 0 1 0 1\r\n1 0 0 0 1\r\n1 1 1 1 1\r\n",
        "cell [0, 0] is marked as a wall",
        4,
        3,
    ),
    ("blocks", edit(BLOCKS, (1, 1, "1")), "cell [0, 0] is marked as a wall (its block's centre is 1)", 2, 2),
    ("blocks", edit(BLOCKS, (1, 3, "1")), "cells [0, 0] and [0, 1] disagree", 2, 4),
    ("blocks", edit(BLOCKS, (3, 6, "1")), "cells [0, 1] and [1, 2] disagree", 4, 7),
    ("blocks", edit(BLOCKS, (0, 0, "0")), "opens out of the maze at a corner or diagonal entry", 1, 1),
    ("blocks", edit(BLOCKS, (2, 0, "0")), "opens out of the maze at a corner or diagonal entry", 3, 1),
    ("blocks", "\n".join(BLOCKS[:5]), "5 rows of entries fit no maze", 5, 1),
    ("blocks", edit(BLOCKS, (4, 0, "0")), "a third gap", 6, 8),
    ("ascii", edit(ART, (3, 2, "o")), "'o' is not '#', a space, '.', 'S' or 'E'", 4, 3),
    ("ascii", edit(ART, (0, 3, " ")), "the outer wall must be '#' all round", 1, 4),
    ("ascii", edit(ART, (3, 8, ".")), "the outer wall must be '#' all round", 4, 9),
    ("ascii", edit(ART, (1, 1, " ")), "no S: mark the entrance", None, None),
    ("ascii", edit(ART, (5, 7, " ")), "no E: mark the exit", None, None),
    ("ascii", edit(ART, (1, 3, "S")), "a second S", 2, 4),
    ("ascii", edit(ART, (3, 3, "E")), "a second E", 6, 8),
    ("ascii", edit(ART, (1, 2, "E"), (5, 7, " ")), "E must be on a cell's own spot", 2, 3),
    ("ascii", INSIDE, "the entrance S is an opening inside the maze", 4, 4),
    ("ascii", edit(ART, (3, 5, "#")), "cell [1, 2] is marked as a wall", 4, 6),
    ("ascii", edit(ART, (4, 2, " ")), "a wall corner between four cells must be 1", 5, 3),
    ("json", '{"grid": ["111"', "not JSON", 1, 16),
    ("json", "[1, 2]", "one maze object", 1, 1),
    ("json", '{"entrance": [0, 0], "exit": [1, 1]}', "no 'grid'", None, None),
    (
        "json",
        '{"grid": ["11111"],\n "directions": 6, "entrance": [0, 0], "exit": [1, 1]}',
        "'directions' must be 4 or 8",
        2,
        2,
    ),
    (
        "json",
        '{"grid": "11111", "entrance": [0, 0], "exit": [1, 1]}',
        "'grid' must be a list of strings",
        1,
        2,
    ),
    (
        "json",
        json.dumps(
            {
                "grid": [*GOOD[:3], GOOD[3][:3] + "1" + GOOD[3][4:], *GOOD[4:]],
                "entrance": [0, 0],
                "exit": [2, 3],
            },
            indent=1,
        ),
        "cell [1, 1] is marked as a wall",
        6,
        7,
    ),
    (
        "json",
        json.dumps(
            {"grid": [GOOD[0][:1] + "0" + GOOD[0][2:], *GOOD[1:]], "entrance": [0, 0], "exit": [2, 3]}
        ),
        "the outer wall must be closed",
        1,
        13,
    ),
    ("json", NO_ROWS, "'rows' is 4 but the grid has 3", 1, at(NO_ROWS, '"rows"')),
    ("json", SHORT_CELL, "'entrance' must be [row, col]", 1, at(SHORT_CELL, '"entrance"')),
    ("json", INSIDE_JSON, "an opening inside the maze", 1, at(INSIDE_JSON, '"entrance"')),
    ("json", OUTSIDE_JSON, "exit [7, 3] is outside the maze", 1, at(OUTSIDE_JSON, '"exit"')),
    ("json", "[" * 100_000, "nested too deeply", None, None),
]


@pytest.mark.parametrize(("fmt", "text", "message", "line", "column"), CASES)
def test_a_bad_import_names_what_is_wrong_and_where(
    fmt: str, text: str, message: str, line: int | None, column: int | None
) -> None:
    with pytest.raises(BadImport) as caught:
        import_maze(text, fmt)
    error = caught.value
    assert isinstance(error, BadMaze)
    assert message in str(error)
    if line is not None:
        assert (error.line, error.column) == (line, column)
        assert str(error).startswith(f"line {line}, column {column}: ")
    else:
        assert (error.line, error.column) == (None, None)
        assert not str(error).startswith("line ")
