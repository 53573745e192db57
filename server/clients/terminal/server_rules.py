"""What the terminal asks of a server before it joins a room: its rules (`GET /api/rules`), checked for a
protocol this client speaks, and `LiveError`, the error a live room or a fetched maze ends in.

Its own module so that fetching a published maze for a solo race needs aiohttp only, not socket.io.
"""

from typing import Any

import aiohttp

from server.room.protocol import PROTOCOL_VERSION
from server.room.rate_limits import RateLimit


class LiveError(Exception):
    """The room could not be played: the server is unreachable, the join was refused, the server left."""


async def fetch_rules(server: str) -> dict[str, Any]:  # JSON as it arrives; `live_rules` reads two rules
    """The server's `GET /api/rules`."""
    try:
        async with (
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http,
            http.get(f"{server}/api/rules") as response,
        ):
            if response.status != 200:
                raise LiveError(
                    f"{server} answered {response.status} for its rules: is it a MazeRace server?"
                )
            rules = await response.json()
    except (aiohttp.ClientError, TimeoutError, ValueError) as error:
        raise LiveError(f"cannot reach {server}: {error or type(error).__name__}") from None
    if not isinstance(rules, dict):
        raise LiveError(f"{server} sent rules that are not an object")
    return rules


async def live_rules(server: str) -> tuple[RateLimit, list[str]]:
    """The server's move limit and hint methods, once its protocol is known to be this client's."""
    rules = await fetch_rules(server)
    if rules.get("protocol") != PROTOCOL_VERSION:
        raise LiveError(
            f"{server} speaks protocol {rules.get('protocol', 1)}; this client speaks {PROTOCOL_VERSION}:"
            " update one of them"
        )
    try:
        move = rules["rate_limits"]["move"]
        move_limit = RateLimit(float(move["rate"]), float(move["burst"]))
        methods = [str(m) for m in rules["hint_methods"]]
    except (KeyError, TypeError, ValueError):
        raise LiveError(f"{server} sent rules without the move limit or the hint methods") from None
    return move_limit, methods
