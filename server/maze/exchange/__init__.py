"""Mazes in and out as files: the original exercise's 0/1 matrix, the 3 x 3 blocks of 8-direction mazes,
ASCII art, the maze CLI's JSON object, and a PNG picture (export only). One module a format; this one
picks the module by name, so the editor's HTTP endpoints and the maze CLI read and write the same files.

Every import error is a `BadImport` naming the line and column where the text goes wrong. Every form but
JSON says which cells open by gaps or marks on the outer border, so an exported maze must open there.
"""

from collections.abc import Callable

from server.errors import BadMaze
from server.maze.exchange.ascii_art import read_ascii, write_ascii
from server.maze.exchange.blocks import read_blocks, write_blocks
from server.maze.exchange.json_form import read_json, write_json
from server.maze.exchange.matrix import read_matrix, write_matrix
from server.maze.exchange.png import write_png
from server.maze.exchange.text import MAX_IMPORT_CHARS, BadImport
from server.maze.model import Maze

IMPORT_FORMATS: tuple[str, ...] = ("matrix", "blocks", "ascii", "json")
EXPORT_FORMATS: tuple[str, ...] = (*IMPORT_FORMATS, "png")

_READERS: dict[str, Callable[[str], Maze]] = {
    "matrix": read_matrix,
    "blocks": read_blocks,
    "ascii": read_ascii,
    "json": read_json,
}
_WRITERS: dict[str, Callable[[Maze], str]] = {
    "matrix": write_matrix,
    "blocks": write_blocks,
    "ascii": write_ascii,
    "json": write_json,
}


def import_maze(text: str, fmt: str) -> Maze:
    """The maze `text` holds in format `fmt` (one of IMPORT_FORMATS); `BadImport` says what is wrong."""
    reader = _READERS.get(fmt) if isinstance(fmt, str) else None
    if reader is None:
        raise BadImport(f"the import format must be one of {', '.join(IMPORT_FORMATS)}")
    return reader(text)


def export_maze(maze: Maze, fmt: str) -> bytes:
    """`maze` as a file in format `fmt` (one of EXPORT_FORMATS): UTF-8 text, or PNG bytes; `BadMaze` when
    the format cannot show it (a diagonal passage in a 4-direction form, an opening inside the maze)."""
    if fmt == "png":
        return write_png(maze)
    writer = _WRITERS.get(fmt) if isinstance(fmt, str) else None
    if writer is None:
        raise BadMaze(f"the export format must be one of {', '.join(EXPORT_FORMATS)}")
    return writer(maze).encode("utf-8")


__all__ = ["EXPORT_FORMATS", "IMPORT_FORMATS", "MAX_IMPORT_CHARS", "BadImport", "export_maze", "import_maze"]
