"""What the maze routes read from a request, each refused with a clear error naming what is wrong: a
format, a maze in wire form (within the room bounds, publishable), a walk, a title, an author.

A maze a client sends that cannot be read or may not be published is `invalid_maze` (the core's
`bad_maze` stays the code of the server's own files); a walk the clear check refuses is `bad_walk`.
"""

import unicodedata
from typing import Any

from server.errors import BadMaze, BadSettings, GameError
from server.maze.model import Cell, Maze
from server.maze.publishing import check_publishable, check_walk
from server.maze.wire import decode_maze
from server.room.names import check_visible, clean_name
from server.room.settings import ROOM_MAX_SIDE, ROOM_MIN_SIDE

TITLE_MAX = 60
"""Characters a published maze's title may have (after trimming)."""


def fields(data: Any, *names: str) -> list[Any]:
    """The values of `names` in a JSON object body (None where absent), or `bad_payload`."""
    if not isinstance(data, dict):
        raise GameError(f"the body must be a JSON object with {', '.join(names)}", code="bad_payload")
    return [data.get(name) for name in names]


def choice(value: Any, name: str, choices: tuple[str, ...]) -> str:
    """One of `choices`, or `bad_payload` listing them."""
    if not isinstance(value, str) or value not in choices:
        raise GameError(f"{name} must be one of {', '.join(choices)}", code="bad_payload")
    return value


def wire_maze(value: Any) -> Maze:
    """A maze in wire form within the room bounds (the editor's sizes), or `invalid_maze`.

    The sides are checked before the walls are decoded, on the event loop: the maze core takes sides up
    to 1,000, and a 1,000 x 1,000 maze of 8 directions fits a clear check's 1 MB body and takes some
    130 ms to decode, only to be refused for its size afterwards."""
    if not isinstance(value, dict):
        raise GameError(
            "maze must be a maze object (rows, cols, entrance, exit, directions, walls)", code="invalid_maze"
        )
    for name in ("rows", "cols"):
        side = value.get(name)
        if type(side) is not int:  # not 150.0, "150" or true
            raise GameError(f"malformed wire maze: {name} must be a whole number", code="invalid_maze")
        problem = _side_problem(name, side)
        if problem:  # before decoding: a side of up to 1,000 decodes, slowly, and is refused anyway
            raise GameError(problem, code="invalid_maze")
    try:
        return decode_maze(value)
    except (BadMaze, BadSettings) as error:
        raise GameError(error.message, code="invalid_maze") from None


def size_problem(maze: Maze) -> str | None:
    """What keeps `maze` out of the room bounds (the editor's and a room's sizes), or None. The maze
    library reads larger and smaller mazes (the CLI takes them), but nothing here can draw or race them."""
    return _side_problem("rows", maze.rows) or _side_problem("cols", maze.cols)


def _side_problem(name: str, side: int) -> str | None:
    if ROOM_MIN_SIDE <= side <= ROOM_MAX_SIDE:
        return None
    return f"a maze has {ROOM_MIN_SIDE} to {ROOM_MAX_SIDE} {name} here; this one has {side}"


def publishable(maze: Maze) -> Maze:
    """`maze` if it may be published (the room bounds, openings on the outer border, a way through),
    else `invalid_maze` saying what is wrong."""
    try:
        check_publishable(maze, ROOM_MIN_SIDE, ROOM_MAX_SIDE)
    except BadMaze as error:
        raise GameError(error.message, code="invalid_maze") from None
    return maze


def walk(value: Any, maze: Maze) -> list[Cell]:
    """A clear check's walk over `maze`: [[row, col], ...] from the entrance to the exit, each step to
    an open neighbour; else `bad_walk` naming the first bad step."""
    if not isinstance(value, list):
        raise GameError("walk must be a list of [row, col] cells", code="bad_walk")
    try:
        check_walk(maze, value)
    except BadMaze as error:
        raise GameError(error.message, code="bad_walk") from None
    return [(int(cell[0]), int(cell[1])) for cell in value]


def title(value: Any) -> str:
    """A published maze's title: text, trimmed (inner spaces folded), 1 to `TITLE_MAX` characters, no
    control or format characters (tabs and line breaks included), visible as a name is (`check_visible`:
    no blank letters, no marks-only title, no stack of marks); else `bad_title`."""
    if not isinstance(value, str):
        raise GameError("title must be text", code="bad_title")
    if len(value) > 4 * TITLE_MAX:
        raise GameError(f"the title must be at most {TITLE_MAX} characters", code="bad_title")
    if any(unicodedata.category(ch)[0] == "C" for ch in value):
        raise GameError("the title must not hold control characters", code="bad_title")
    text = " ".join(value.split())
    if not text:
        raise GameError("the maze needs a title", code="bad_title")
    if len(text) > TITLE_MAX:
        raise GameError(
            f"the title must be at most {TITLE_MAX} characters; it has {len(text)}", code="bad_title"
        )
    check_visible(text, "the title", "bad_title")  # it is listed under the author's name for everyone
    return text


def author(value: Any) -> str:
    """The author's name, by the rule of every player's name (`names.clean_name`: `bad_name`)."""
    return clean_name(value)
