"""Per-address rate limits on every HTTP request, before any work is done for it.

Three buckets an address: pages and static files (cheap, generous), the Socket.IO endpoint (handshakes
and polling, generous: a room of polling players may share an address), and everything else, the API
and the health check (reads, 20 a second). Making rooms (`POST /api/rooms`, `POST /api/daily`,
`POST /api/ghost-rooms`) is limited more tightly by the room-creation limiter in the handlers and does
not count here as well.
Behind a reverse proxy every client shares the proxy's address, unless the proxy is trusted
(`--trusted-proxy`): then server/http/client_address.py has already put the client's address in `remote`.
"""

import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from server.config import AppConfig
from server.http.edge import SOCKET_PREFIX, json_error
from server.room.rate_limits import KeyedLimiter, RateLimit

PAGE_PREFIXES = ("/static/", "/r/", "/replay/", "/editor")
ROOM_MAKING = frozenset({("POST", "/api/rooms"), ("POST", "/api/daily"), ("POST", "/api/ghost-rooms")})


@dataclass(frozen=True)
class HttpLimiters:
    """The buckets of each request class, keyed by client address."""

    pages: KeyedLimiter
    sockets: KeyedLimiter
    api: KeyedLimiter

    @classmethod
    def from_config(cls, config: AppConfig) -> "HttpLimiters":
        """Fresh limiters with the configured rates."""
        pages, sockets = KeyedLimiter(config.page_limit), KeyedLimiter(config.socket_limit)
        return cls(pages, sockets, KeyedLimiter(config.read_limit))

    def for_request(self, request: web.Request) -> KeyedLimiter | None:
        """The limiter a request counts against; None for room making (limited in its handler)."""
        path = request.path
        if path == "/" or path.startswith(PAGE_PREFIXES):
            return self.pages
        if path.startswith(SOCKET_PREFIX):
            return self.sockets
        if (request.method, path.rstrip("/")) in ROOM_MAKING:
            return None
        return self.api


HTTP_LIMITERS = web.AppKey("http_limiters", HttpLimiters)


def client_address(request: web.Request) -> str:
    """The key of a client: its IP address (the connection's peer, or the client a trusted proxy names)."""
    return request.remote or "unknown"


def retry_after(limit: RateLimit) -> str:
    """Whole seconds until one more request fits, for the `Retry-After` header."""
    return str(max(1, math.ceil(1.0 / limit.rate))) if limit.rate > 0 else "60"


@web.middleware
async def rate_limit_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Refuse a request over its address's limit with a 429 before the handler runs."""
    limiter = request.app[HTTP_LIMITERS].for_request(request)
    if limiter is not None and not limiter.allow(client_address(request), time.monotonic()):
        response = json_error("rate_limited", "too many requests from here; wait a little", 429)
        response.headers["Retry-After"] = retry_after(limiter.limit)
        return response
    return await handler(request)
