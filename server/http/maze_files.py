"""`POST /api/mazes/import` and `POST /api/mazes/export`: maze files in and out for the editor, in the
formats the maze CLI reads and writes (`server.maze.exchange`). Parsing a large import, building a PNG
and computing the card run off the event loop; both routes count against the maze work limit.
"""

from aiohttp import web

from server.errors import BadMaze, BadSettings, GameError
from server.http.maze_input import choice, fields, size_problem, wire_maze
from server.http.maze_state import MAZE_STATE, spend, work_off_loop
from server.http.request_body import json_body
from server.maze.exchange import EXPORT_FORMATS, IMPORT_FORMATS, MAX_IMPORT_CHARS, export_maze, import_maze
from server.maze.maze_card import MazeCard, maze_card
from server.maze.model import Maze
from server.maze.wire import encode_maze

FILE_NAMES = {
    "matrix": "maze-matrix.txt",
    "blocks": "maze-blocks.txt",
    "ascii": "maze-ascii.txt",
    "json": "maze.json",
    "png": "maze.png",
}


def _read(text: str, fmt: str) -> tuple[Maze, MazeCard]:
    """The file's maze and its card; a maze outside the room bounds is refused before its card is made
    (the file may hold one of up to 1,000 a side, which nothing here could draw or race)."""
    maze = import_maze(text, fmt)
    problem = size_problem(maze)
    if problem:
        raise BadMaze(problem)
    return maze, maze_card(maze)


def _import_refused(error: BadMaze | BadSettings) -> web.Response:
    """`bad_import`, with the line and column where the text goes wrong (null when no one place is)."""
    line = getattr(error, "line", None)
    column = getattr(error, "column", None)
    problem = {"code": "bad_import", "message": error.message, "line": line, "column": column}
    return web.json_response({"error": problem}, status=400)


async def import_file(request: web.Request) -> web.Response:
    """`{format, text}` -> `{maze, card}`: the maze a file holds, and its card."""
    spend(request, request.app[MAZE_STATE].work, "maze files")
    fmt, text = fields(await json_body(request), "format", "text")
    fmt = choice(fmt, "format", IMPORT_FORMATS)
    if not isinstance(text, str):
        raise GameError("text must be the file's text", code="bad_import")
    if len(text) > MAX_IMPORT_CHARS:
        message = f"the file is {len(text):,} characters; at most {MAX_IMPORT_CHARS:,} are read"
        raise GameError(message, code="too_large")
    try:
        maze, card = await work_off_loop(request, _read, text, fmt)
    except (BadMaze, BadSettings) as error:  # BadImport, or read but no maze (a side out of range)
        return _import_refused(error)
    return web.json_response({"maze": encode_maze(maze), "card": card})


async def export_file(request: web.Request) -> web.Response:
    """`{format, maze}` -> the file, as an attachment."""
    spend(request, request.app[MAZE_STATE].work, "maze files")
    fmt, value = fields(await json_body(request), "format", "maze")
    fmt = choice(fmt, "format", EXPORT_FORMATS)
    maze = wire_maze(value)
    try:
        data = await work_off_loop(request, export_maze, maze, fmt)
    except BadMaze as error:  # the format cannot show this maze (a diagonal in a 4-direction form)
        raise GameError(error.message, code="invalid_maze") from None
    disposition = {"Content-Disposition": f'attachment; filename="{FILE_NAMES[fmt]}"'}
    if fmt == "png":
        return web.Response(body=data, content_type="image/png", headers=disposition)
    return web.Response(body=data, content_type="text/plain", charset="utf-8", headers=disposition)
