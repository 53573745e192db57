"""HTTP routes: the pages, the room API and the health check. Errors become JSON at the edge."""

import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from server.game.errors import GameError
from server.game.settings import parse_settings
from server.keys import CONFIG, CREATE_LIMITER, GATEWAY, REGISTRY
from server.payloads import room_code

STATUS_BY_CODE = {"unknown_room": 404, "rate_limited": 429, "server_full": 503, "too_large": 413}

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def json_error(code: str, message: str, status: int | None = None) -> web.Response:
    """The error body every API route shares."""
    return web.json_response(
        {"error": {"code": code, "message": message}}, status=status or STATUS_BY_CODE.get(code, 400)
    )


@web.middleware
async def edge_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Domain errors and oversized bodies become JSON errors; every answer gets security headers."""
    try:
        response = await handler(request)
    except GameError as error:
        response = json_error(error.code, error.message)
    except web.HTTPRequestEntityTooLarge:
        response = json_error("too_large", "the request body is too large", 413)
    except web.HTTPNotFound:
        if not request.path.startswith("/api/"):
            raise
        response = json_error("not_found", "no such API route", 404)
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


async def lobby_page(request: web.Request) -> web.FileResponse:
    """The lobby: create, join and list rooms."""
    return web.FileResponse(request.app[CONFIG].web_dir / "index.html")


async def room_page(request: web.Request) -> web.FileResponse:
    """The room page; the script joins the room named in the path (and explains if it is gone)."""
    return web.FileResponse(request.app[CONFIG].web_dir / "room.html")


async def healthz(request: web.Request) -> web.Response:
    """Liveness, with a little load information."""
    registry = request.app[REGISTRY]
    return web.json_response(
        {"ok": True, "rooms": len(registry.rooms), "connections": request.app[GATEWAY].connections}
    )


async def _json_body(request: web.Request) -> Any:
    if not request.can_read_body:
        return {}
    try:
        return await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise GameError("the body must be JSON", code="bad_json") from None


async def create_room(request: web.Request) -> web.Response:
    """`POST /api/rooms`: a new room with the given settings."""
    address = request.remote or "unknown"
    if not request.app[CREATE_LIMITER].allow(address, time.monotonic()):
        raise GameError("too many rooms created; wait a little", code="rate_limited")
    settings = parse_settings(await _json_body(request))
    room = request.app[REGISTRY].create(settings, time.time())
    url = str(request.url.with_path(f"/r/{room.code}").with_query(None))
    return web.json_response({"code": room.code, "url": url}, status=201)


async def list_rooms(request: web.Request) -> web.Response:
    """`GET /api/rooms`: the public rooms."""
    rooms = request.app[REGISTRY].public_rooms()
    return web.json_response({"rooms": [room.summary() for room in rooms]})


async def room_summary(request: web.Request) -> web.Response:
    """`GET /api/rooms/{code}`: one room, public or private (the code is the secret)."""
    room = request.app[REGISTRY].get(room_code(request.match_info["code"]))
    return web.json_response(room.summary())


def add_routes(app: web.Application) -> None:
    """Register every HTTP route and the static files."""
    app.router.add_get("/", lobby_page)
    app.router.add_get("/r/{code}", room_page)
    app.router.add_get("/healthz", healthz)
    app.router.add_post("/api/rooms", create_room)
    app.router.add_get("/api/rooms", list_rooms)
    app.router.add_get("/api/rooms/{code}", room_summary)
    app.router.add_static("/static", app[CONFIG].web_dir, follow_symlinks=False)
