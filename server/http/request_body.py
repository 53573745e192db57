"""What a request carries, read the same way by every API route: its JSON body and its `limit`."""

import asyncio
import json
from typing import Any

from aiohttp import web

from server.errors import GameError
from server.http.keys import CONFIG
from server.http.maze_state import work_off_loop

PARSE_ON_THE_LOOP = 64 * 1024
"""Bodies up to this many bytes are parsed on the event loop; larger ones (a maze file, a clear check's
walk: a 900 KB walk takes 30 ms to parse) in a worker thread, so the rooms' clock does not wait, one at
a time with the maze routes' other work (`maze_state.work_off_loop`): json.loads holds the GIL for a whole
parse, so parses side by side in threads would keep the loop waiting for one after another."""
LIMIT_DIGITS = 3
"""`limit` is 1..100: longer digit strings are refused before Python is asked to convert them."""


async def json_body(request: web.Request) -> Any:
    """The body as JSON (UTF-8, -16 or -32, whatever charset the header names); none is `{}`."""
    if not request.can_read_body:
        return {}
    try:  # a declared body of up to 16 KB is read already (server.http.edge); others have this long
        body = await asyncio.wait_for(request.read(), request.app[CONFIG].body_timeout)
    except TimeoutError:
        raise GameError("the request body did not arrive in time", code="body_timeout") from None
    try:
        if len(body) > PARSE_ON_THE_LOOP:  # only the maze routes take such bodies: with their work
            return await work_off_loop(request, json.loads, body)
        return json.loads(body)
    except (ValueError, RecursionError):  # bad JSON or text, huge integers, absurd nesting
        raise GameError("the body must be JSON", code="bad_json") from None


def query_limit(text: str) -> int:
    """A `limit` query value: a whole number from 1 to 100, or `bad_query`."""
    if text.isascii() and text.isdecimal() and len(text) <= LIMIT_DIGITS and 1 <= int(text) <= 100:
        return int(text)
    raise GameError("limit must be a whole number from 1 to 100", code="bad_query")
