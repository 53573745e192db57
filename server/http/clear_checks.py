"""The clear check: before publishing, the author races the maze once in the editor's test mode.

`POST /api/clear-checks {maze}` starts it: the server notes the moment on its own clock in a signed
token bound to the maze's fingerprint (`server.http.check_tokens`). `POST /api/clear-checks/finish
{check, maze, walk}` ends it: the walk must go from the entrance to the exit by open passages
(`publishing.check_walk`), and not faster than the game lets a racer move (the move rate limit: a walk
sent at once by a script is no clear); the author's time is measured on the server's clock, from the
start to this request, and comes back in a second token that publishing takes.
"""

import time

from aiohttp import web

from server.errors import GameError
from server.http.check_tokens import Ticket, read, sign
from server.http.keys import CONFIG
from server.http.maze_input import fields, publishable, walk, wire_maze
from server.http.maze_state import MAZE_STATE, spend, work_off_loop
from server.http.request_body import json_body
from server.maze.share_code import fingerprint
from server.room.rate_limits import RateLimit


def fastest_ms(steps: int, limit: RateLimit) -> int:
    """The fewest milliseconds `steps` moves take under the move rate limit: a burst at once, the rest
    at its rate."""
    if limit.rate <= 0:
        return 0
    return max(0, round((steps - limit.burst) / limit.rate * 1000))


async def start_check(request: web.Request) -> web.Response:
    """`{maze}` -> `{check}`: a clear check started now on that maze (which must be publishable)."""
    state = request.app[MAZE_STATE]
    spend(request, state.work, "clear checks")
    (value,) = fields(await json_body(request), "maze")
    maze = await work_off_loop(request, publishable, wire_maze(value))
    key, _ = await state.keys(request)
    return web.json_response({"check": sign(key, Ticket("check", fingerprint(maze), time.time()))})


async def finish_check(request: web.Request) -> web.Response:
    """`{check, maze, walk}` -> `{cleared, clear_ms}`: the walk accepted, timed on the server's clock."""
    state = request.app[MAZE_STATE]
    spend(request, state.work, "clear checks")
    check, value, steps = fields(await json_body(request), "check", "maze", "walk")
    maze = wire_maze(value)
    key, _ = await state.keys(request)
    now = time.time()
    print_ = fingerprint(maze)
    ticket = read(key, check, "check", print_, now)
    cells = await work_off_loop(request, walk, steps, maze)
    clear_ms = round((now - ticket.at) * 1000)
    least = fastest_ms(len(cells) - 1, request.app[CONFIG].move_limit)
    if clear_ms < least:
        message = f"the walk took {clear_ms} ms; {len(cells) - 1} steps take at least {least} ms in a race"
        raise GameError(message, code="bad_walk")
    cleared = sign(key, Ticket("cleared", print_, now, clear_ms))
    return web.json_response({"cleared": cleared, "clear_ms": clear_ms})
