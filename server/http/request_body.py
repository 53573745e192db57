"""What a request carries, read the same way by every API route: its JSON body and its `limit`."""

import asyncio
import json
from typing import Any

from aiohttp import web

from server.errors import GameError
from server.http.keys import CONFIG

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
        return json.loads(body)
    except (ValueError, RecursionError):  # bad JSON or text, huge integers, absurd nesting
        raise GameError("the body must be JSON", code="bad_json") from None


def query_limit(text: str) -> int:
    """A `limit` query value: a whole number from 1 to 100, or `bad_query`."""
    if text.isascii() and text.isdecimal() and len(text) <= LIMIT_DIGITS and 1 <= int(text) <= 100:
        return int(text)
    raise GameError("limit must be a whole number from 1 to 100", code="bad_query")
