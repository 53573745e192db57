"""`GET /api/mazes/generate?algorithm=&rows=&cols=&seed=&directions=&braid=&openings=`: a generator's maze
for the editor to start from, in the wire form.

The maze is the one a room with these settings and this seed races, so an author can start from any
generator's maze and say which it was. Sizes are the room bounds (a drawn maze is raced in a room). A
150 x 150 maze takes up to a tenth of a second to generate (aldous-broder), so it is built in a thread,
one address at most GENERATE_LIMIT's pace: the API's own limit (20 a second) would let one address keep
two cores busy.
"""

import time
from collections.abc import Mapping

from aiohttp import web

from server.errors import GameError
from server.http.limits import client_address, retry_after
from server.http.maze_state import work_off_loop
from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.maze.openings import OPENINGS
from server.maze.wire import MazeJson, encode_maze
from server.room.rate_limits import KeyedLimiter, RateLimit
from server.room.settings import DIRECTION_CHOICES, WHOLE_BOUNDS

GENERATE_LIMIT = RateLimit(2.0, 6.0)
"""Mazes an address may have generated: two a second, six at once."""
SEED_DIGITS = len(str(MAX_SEED))
NUMBER_CHARS = 8
"""`braid` is written in at most this many characters ("0.333333"): no long strings reach float()."""


def _whole(query: Mapping[str, str], key: str, low: int, high: int, default: int, digits: int = 3) -> int:
    text = query.get(key, "")
    if text == "":
        return default
    if text.isascii() and text.isdecimal() and len(text) <= digits and low <= int(text) <= high:
        return int(text)
    raise GameError(f"{key} must be a whole number from {low} to {high}", code="bad_query")


def _one_of(query: Mapping[str, str], key: str, choices: tuple[str, ...], default: str) -> str:
    value = query.get(key, "") or default
    if value not in choices:
        raise GameError(f"{key} must be one of {', '.join(choices)}", code="bad_query")
    return value


def _braid(query: Mapping[str, str]) -> float:
    text = query.get("braid", "")
    if text == "":
        return 0.0
    try:
        value = float(text) if len(text) <= NUMBER_CHARS else -1.0
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:  # NaN fails this too
        raise GameError("braid must be a number from 0 to 1", code="bad_query")
    return value


def parse_generate_query(query: Mapping[str, str]) -> MazeSpec:
    """The maze spec a query names (defaults: backtracker, 10 x 10, seed 0, 4 directions, no braid,
    openings at the corners); a clear `bad_query` or `bad_settings` for anything out of bounds."""
    rows = _whole(query, "rows", *WHOLE_BOUNDS["rows"], default=10)
    cols = _whole(query, "cols", *WHOLE_BOUNDS["cols"], default=10)
    directions = _whole(query, "directions", min(DIRECTION_CHOICES), max(DIRECTION_CHOICES), 4, 1)
    if directions not in DIRECTION_CHOICES:
        raise GameError("directions must be 4 or 8", code="bad_query")
    return MazeSpec(  # MazeSpec refuses a generator without 8 directions as bad_settings, by name
        algorithm=_one_of(query, "algorithm", ALGORITHMS, "backtracker"),
        rows=rows,
        cols=cols,
        seed=_whole(query, "seed", 0, MAX_SEED, 0, SEED_DIGITS),
        braid=_braid(query),
        openings=_one_of(query, "openings", OPENINGS, "corners"),
        directions=directions,
    )


GENERATE_LIMITER = web.AppKey("generate_limiter", KeyedLimiter)


async def generated_maze(request: web.Request) -> web.Response:
    """The maze of the query's spec, `{"maze": MazeJson}`. A bad query costs only the API's limit; a
    maze generated counts against GENERATE_LIMIT too."""
    spec = parse_generate_query(request.query)
    limiter = request.app[GENERATE_LIMITER]
    if not limiter.allow(client_address(request), time.monotonic()):
        raise web.HTTPTooManyRequests(
            text='{"error": {"code": "rate_limited", "message": "too many mazes asked for; wait a little"}}',
            content_type="application/json",
            headers={"Retry-After": retry_after(GENERATE_LIMIT)},
        )
    maze: MazeJson = encode_maze(await work_off_loop(request, generate, spec))
    return web.json_response({"maze": maze})


def add_generate_route(app: web.Application) -> None:
    """Register the route (before any `/api/mazes/{code}` route: "generate" reads as a share code)."""
    app[GENERATE_LIMITER] = KeyedLimiter(GENERATE_LIMIT)
    app.router.add_get("/api/mazes/generate", generated_maze)
