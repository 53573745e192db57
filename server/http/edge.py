"""What every HTTP answer passes through: errors become JSON, oversized or JSONP requests are refused
before any handler (or engine.io) sees them, large JSON is gzipped, and the security headers are set."""

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from urllib.parse import parse_qs

from aiohttp import web

from server.errors import ErrorCode, GameError
from server.http.body_limits import body_limit
from server.http.keys import CONFIG, STORE
from server.http.origins import from_another_site
from server.store.errors import one_line

log = logging.getLogger(__name__)

SOCKET_PREFIX = "/socket.io/"
COMPRESS_OVER = 1024
"""JSON answers larger than this many bytes are gzipped for clients that accept it."""

STATUS_BY_CODE = {
    "unknown_room": 404,
    "unknown_race": 404,
    "unknown_player": 404,
    "no_best": 404,
    "unknown_maze": 404,
    "not_found": 404,
    "bad_http_method": 405,
    "body_timeout": 408,
    "length_required": 411,
    "too_large": 413,
    "bad_origin": 403,
    "rate_limited": 429,
    "too_many_connections": 429,
    "too_many_rooms": 429,
    "too_many_downloads": 429,
    "too_many_mazes": 429,
    "server_full": 503,
    "no_store": 503,
    "server_unavailable": 503,
    "server_unsure": 503,
}

DOCUMENT_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
"""The headers of anything a browser may show as a page of its own: what it may load, run and embed."""

SUBRESOURCE_HEADERS = {"X-Content-Type-Options": "nosniff"}
"""The headers of a script, a style sheet or a JSON answer. A browser applies a page's policy (CSP,
framing, referrer) from the page's own answer and ignores it on what the page loads, so those ~300
bytes would only weigh on each of the room page's ~60 requests; nosniff stays, so that none of them is
ever read as another type."""

SUBRESOURCE_TYPES = ("text/javascript", "text/css", "application/json")

SERVER_NAME = "MazeRace"
"""The `Server` header, instead of aiohttp's Python and aiohttp versions: a stranger learns no version
to look up flaws of, and each of a page's requests carries 26 bytes fewer."""


def security_headers(content_type: str) -> dict[str, str]:
    """The security headers an answer of `content_type` needs."""
    return SUBRESOURCE_HEADERS if content_type in SUBRESOURCE_TYPES else DOCUMENT_HEADERS


def json_error(code: ErrorCode, message: str, status: int | None = None) -> web.Response:
    """The error body every API route shares."""
    return web.json_response(
        {"error": {"code": code, "message": message}}, status=status or STATUS_BY_CODE.get(code, 400)
    )


def _too_large() -> web.Response:
    response = json_error("too_large", "the request body is too large", 413)
    response.force_close()  # the unread rest of the body is not worth reading
    return response


def accepts_gzip(header: str) -> bool:
    """Whether an `Accept-Encoding` value admits gzip (q > 0 for gzip, x-gzip or *); garbage says no."""
    weights: dict[str, float] = {}
    for item in header.split(",")[:64]:
        coding, _, params = item.partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value.strip())
                except ValueError:
                    weight = 0.0
                if not (math.isfinite(weight) and 0.0 <= weight <= 1.0):
                    weight = 0.0
        weights[coding.strip().lower()] = weight
    for coding in ("gzip", "x-gzip", "*"):
        if coding in weights:
            return weights[coding] > 0.0
    return False


async def _body_longer_than(request: web.Request, limit: int) -> bool:
    """Read a body of unknown length (chunked) only as far as `limit` + 1 bytes."""
    seen = 0
    while seen <= limit:
        chunk = await request.content.read(limit + 1 - seen)
        if not chunk:
            return False
        seen += len(chunk)
    return True


def _body_too_slow() -> web.Response:
    response = json_error("body_timeout", "the request body did not arrive in time", 408)
    response.force_close()  # the connection is not worth keeping for the rest of it
    return response


async def refusal(request: web.Request) -> web.Response | None:
    """An answer for a request no handler should see, or None.

    A declared body over the limit (16 KB, or a route's own: `server.http.body_limits`) is a 413 at
    once, on every route; a declared body of up to 16 KB that does not arrive in full within
    `body_timeout` is a 408 (so a client announcing a body it never sends holds its connection that
    long, not forever; a larger one, which would not fit the read buffer, has as long to arrive when
    its handler reads it). On the Socket.IO endpoint, JSONP polling (`j` in the
    query, parsed exactly as engine.io parses it) is refused, and a chunked POST, which engine.io would
    read as empty, is a 413 when too large and a 411 otherwise.
    """
    config = request.app[CONFIG]
    if from_another_site(request, config.public_url):
        return json_error("bad_origin", "this server takes changes only from its own pages", 403)
    max_body = body_limit(request, config.max_body)
    length = request.content_length
    if length is not None and length > max_body:
        return _too_large()
    if length and length <= config.max_body and request.body_exists:  # it fits the read buffer: wait
        try:
            await asyncio.wait_for(request.content.wait_eof(), config.body_timeout)
        except TimeoutError:
            return _body_too_slow()
    if not request.path.startswith(SOCKET_PREFIX):
        return None
    if "j" in parse_qs(request.query_string, keep_blank_values=True):
        return json_error("bad_query", "JSONP polling is off: use XHR polling or WebSocket")
    if request.method == "POST" and length is None and request.body_exists:
        try:
            too_long = await asyncio.wait_for(_body_longer_than(request, max_body), config.body_timeout)
        except TimeoutError:
            return _body_too_slow()
        if too_long:
            return _too_large()
        return json_error("length_required", "send the body with a Content-Length")
    return None


def _compress_large_json(request: web.Request, response: web.StreamResponse) -> None:
    if not isinstance(response, web.Response) or response.prepared:
        return
    if response.content_type != "application/json" or "Content-Encoding" in response.headers:
        return
    body = response.body
    if not isinstance(body, bytes) or len(body) <= COMPRESS_OVER:
        return
    response.headers["Vary"] = "Accept-Encoding"
    if accepts_gzip(request.headers.get("Accept-Encoding", "")):
        response.enable_compression(web.ContentCoding.gzip)


def _failed(request: web.Request, error: Exception) -> web.Response:
    """A handler's unexpected failure: `server_unavailable` (503, one line in the log) when it is the
    database failing, which a client may retry; else `internal` (500) with the traceback, a bug."""
    store = request.app.get(STORE)
    if store is not None and store.is_storage_error(error):
        log.warning("%s %s: the database failed: %s", request.method, request.path[:200], one_line(error))
        message = "the server's records cannot be read just now: try again"
        return json_error("server_unavailable", message, 503)
    log.exception("%s %s failed", request.method, request.path[:200])
    return json_error("internal", "the server could not handle that; nothing changed", 500)


@web.middleware
async def edge_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Domain errors and refused requests become JSON errors; every answer gets security headers."""
    try:
        refused_early = await refusal(request)
        limit = body_limit(request, request.app[CONFIG].max_body)
        if limit != request.app[CONFIG].max_body:  # a route of larger bodies reads up to its own cap
            request = request.clone(client_max_size=limit)
        response = refused_early if refused_early is not None else await handler(request)
    except GameError as error:
        response = json_error(error.code, error.message)
    except web.HTTPRequestEntityTooLarge:
        response = _too_large()
    except web.HTTPException as refused:
        if not request.path.startswith("/api/"):
            refused.headers.update(security_headers(refused.content_type))
            raise
        if refused.status == 404:
            response = json_error("not_found", "no such API route", 404)
        elif refused.status == 405:
            response = json_error("bad_http_method", f"{request.method} is not allowed here", 405)
            response.headers["Allow"] = refused.headers.get("Allow", "")
        else:
            refused.headers.update(security_headers(refused.content_type))
            raise
    except Exception as error:
        response = _failed(request, error)
    _compress_large_json(request, response)
    for name, value in security_headers(response.content_type).items():
        response.headers.setdefault(name, value)
    return response


async def name_the_server(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer (refusals, static files and Socket.IO's included) names the game, not its stack."""
    response.headers["Server"] = SERVER_NAME
