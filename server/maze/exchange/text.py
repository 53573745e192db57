"""What every text import shares: the size cap, the error that names a line and a column, and the rows of
an import's text with the way back from an entry to where it stood.

An error names the place in the text the player wrote (1-based line and column, counting the blank lines
and the spaces they typed), so a 301-line matrix with one stray character can be fixed without counting.
"""

from collections.abc import Callable
from dataclasses import dataclass

from server.errors import BadMaze

MAX_IMPORT_CHARS = 600_000
"""The longest import read: a 150 x 150 maze's 0/1 matrix with spaces is about 182,000 characters and its
8-direction blocks with spaces about 405,000."""

Place = tuple[int, int] | None
"""(line, column), 1-based, or None when no single place is wrong."""


class BadImport(BadMaze):
    """An import that cannot be read, with where it goes wrong: `line` and `column` are 1-based, or None
    when the whole input is wrong (empty, too long, too few rows)."""

    def __init__(self, message: str, place: Place = None) -> None:
        line, column = place if place is not None else (None, None)
        super().__init__(message if line is None else f"line {line}, column {column}: {message}")
        self.line: int | None = line
        self.column: int | None = column


@dataclass(frozen=True)
class Rows:
    """The rows of entries an import holds, and `where`, which maps (row, entry index) back to its
    (line, column) in the text (an index one past the end points just after the row's last entry)."""

    lines: list[str]
    where: Callable[[int, int], Place]

    def error(self, message: str, row: int, index: int) -> BadImport:
        """The error for a wrong entry."""
        return BadImport(message, self.where(row, index))

    def close(self, row: int, index: int, wall: str) -> None:
        """Write `wall` over one entry (a gap taken out of the outer wall)."""
        line = self.lines[row]
        self.lines[row] = line[:index] + wall + line[index + 1 :]


def text_rows(text: object, spaced: bool) -> Rows:
    """The non-blank rows of `text` (CRLF or LF, blank lines at either end ignored); with `spaced`, the
    spaces and tabs between entries are dropped, otherwise only the trailing ones."""
    if not isinstance(text, str):
        raise BadImport("the import must be text")
    if len(text) > MAX_IMPORT_CHARS:
        raise BadImport(f"the import is {len(text):,} characters; at most {MAX_IMPORT_CHARS:,} are read")
    raw = [line.removesuffix("\r") for line in text.split("\n")]
    filled = [number for number, line in enumerate(raw) if line.strip(" \t")]
    if not filled:
        raise BadImport("the import is empty")
    first, last = filled[0], filled[-1]
    originals = raw[first : last + 1]
    for offset, line in enumerate(originals):
        if not line.strip(" \t"):
            raise BadImport("a blank line inside the maze", (first + offset + 1, 1))
    if spaced:
        lines = [line.replace(" ", "").replace("\t", "") for line in originals]
    else:
        lines = [line.rstrip(" \t") for line in originals]

    def where(row: int, index: int) -> Place:
        original = originals[row]
        if not spaced:
            return first + row + 1, index + 1
        seen = -1
        for position, char in enumerate(original):
            if char not in " \t":
                seen += 1
                if seen == index:
                    return first + row + 1, position + 1
        return first + row + 1, len(original.rstrip(" \t")) + 1

    return Rows(lines, where)


def check_entries(rows: Rows, allowed: str, described: str) -> None:
    """Refuse a character outside `allowed` and rows of different lengths, naming the first."""
    width = len(rows.lines[0])
    for row, line in enumerate(rows.lines):
        if line.strip(allowed):
            index = next(i for i, char in enumerate(line) if char not in allowed)
            raise rows.error(f"{line[index]!r} is not {described}", row, index)
        if len(line) != width:
            raise rows.error(
                f"this row has {len(line)} entries where the first has {width}", row, min(len(line), width)
            )


def check_side(rows: Rows, count: int, name: str, unit: int, extra: int, low: int, high: int) -> int:
    """The number of cells along one side of a matrix `count` entries long, where R cells take
    `unit` * R + `extra` entries; refuses a count that fits no whole number of cells or is out of
    `low`..`high` cells, naming the first entry too many where there is one."""
    shape = f"{unit}R+{extra}" if extra else f"{unit}R"
    if count > unit * high + extra:
        place = (unit * high + extra, 0) if name == "rows" else (0, unit * high + extra)
        raise rows.error(f"the maze has more than {high} {name} of cells ({shape} entries for R)", *place)
    if (count - extra) % unit:
        place = (count - 1, 0) if name == "rows" else (0, count - 1)
        raise rows.error(f"{count} {name} of entries fit no maze: it takes {shape} for R cells", *place)
    cells = (count - extra) // unit
    if cells < low:
        raise BadImport(f"the maze has {max(cells, 0)} {name} of cells; at least {low} are needed")
    return cells
