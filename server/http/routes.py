"""HTTP routes: the pages and the room API (the health check is server/http/healthz.py). Errors become JSON
at the edge (server/http/edge.py); rate limits (server/http/limits.py) apply before any of these run."""

import datetime
import json
import time

from aiohttp import web

from server.errors import GameError
from server.http.ghost_rooms import ghost_room_plan, parse_daily_ghost, parse_ghost_request, todays_best
from server.http.keys import CONFIG, DIRECTORY, GATEWAY, REGISTRY, store_of
from server.http.limits import client_address, retry_after
from server.http.maze_generate import add_generate_route
from server.http.public_rooms import PUBLIC_ROOMS, PublicRooms
from server.http.replays import REPLAYS
from server.http.request_body import json_body, query_limit
from server.http.room_links import room_link
from server.http.room_quota import RoomQuota
from server.http.static_assets import ASSETS, StaticAssets, page_response, static_file
from server.maze.generators import ALGORITHMS
from server.maze.share_code import SHARE_CODE
from server.room.settings import PRESETS, parse_settings
from server.sockets.payloads import room_code

ROOM_QUOTA = web.AppKey("room_quota", RoomQuota)


async def lobby_page(request: web.Request) -> web.Response:
    """The lobby: create, join and list rooms."""
    return page_response(request, "index.html")


async def room_page(request: web.Request) -> web.Response:
    """The room page; the script joins the room named in the path (and explains if it is gone)."""
    return page_response(request, "room.html")


async def editor_page(request: web.Request) -> web.Response:
    """The maze editor: draw, test and publish a maze (its script does all of it through the API)."""
    return page_response(request, "editor.html")


async def _room_is_open(request: web.Request, code: str) -> bool:
    try:
        await request.app[DIRECTORY].summary(code)
    except GameError:
        return False
    return True


def _too_many(code: str, message: str, retry: str) -> web.HTTPTooManyRequests:
    error = {"code": code, "message": message}
    return web.HTTPTooManyRequests(
        text=json.dumps({"error": error}), content_type="application/json", headers={"Retry-After": retry}
    )


async def _limit_room_making(request: web.Request) -> None:
    """Rooms cost memory until they close: each address may make (or ask for) only so many, and hold
    only so many open at once. The 429 carries `Retry-After`, as every 429 does."""
    address = client_address(request)
    try:
        await request.app[ROOM_QUOTA].check(address, lambda code: _room_is_open(request, code))
    except GameError as error:
        raise _too_many(error.code, error.message, "60") from None
    if not await request.app[DIRECTORY].allow_making(address):
        message = "too many rooms made from here; wait a little"
        raise _too_many("rate_limited", message, retry_after(request.app[CONFIG].create_limit))


async def _made(request: web.Request, code: str) -> None:
    """Count a room made (or handed out) against its address's open rooms."""
    address = client_address(request)
    await request.app[ROOM_QUOTA].note(address, code, lambda known: _room_is_open(request, known))


def _today() -> datetime.date:
    """The UTC date, which names the daily maze."""
    return datetime.datetime.now(datetime.UTC).date()


async def create_room(request: web.Request) -> web.Response:
    """`POST /api/rooms`: a new room with the given settings (`"maze": code` races a published maze)."""
    await _limit_room_making(request)
    data = await json_body(request)
    settings = parse_settings(data, layout=await request.app[GATEWAY].layouts.named_by(data))
    room = request.app[REGISTRY].create(settings, time.time())
    await request.app[DIRECTORY].publish(room)
    await _made(request, room.code)
    return web.json_response({"code": room.code, "url": room_link(request, room.code)}, status=201)


async def list_rooms(request: web.Request) -> web.Response:
    """`GET /api/rooms`: the public rooms, without the preview's roster and settings (one room's own
    summary has them), so the list stays small; built at most once a second (`server.http.public_rooms`)."""
    return await request.app[PUBLIC_ROOMS].answer(request)


async def room_summary(request: web.Request) -> web.Response:
    """`GET /api/rooms/{code}`: one room, public or private (the code is the secret), with the join
    page's preview (`server.room.preview`: the settings and the players, never the maze or positions)."""
    return web.json_response(await request.app[DIRECTORY].summary(room_code(request.match_info["code"])))


def _choice(request: web.Request, key: str, choices: tuple[str, ...]) -> str | None:
    value = request.query.get(key)
    if value is None or value == "":
        return None
    if value not in choices:
        raise GameError(f"{key} must be one of {', '.join(choices)}", code="bad_query")
    return value


def _date(value: str | None) -> str | None:
    if value is None or value == "":
        return None
    if value == "today":
        return _today().isoformat()
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        raise GameError("daily must be a date like 2026-11-30, or today", code="bad_query") from None


async def leaderboard(request: web.Request) -> web.Response:
    """`GET /api/leaderboard?preset=&algorithm=&name=&daily=&fog=&maze=&limit=`: best times, fastest first
    (fog races have boards of their own: `fog=true`; a published maze has its own: `maze=CODE`)."""
    maze = request.query.get("maze") or None
    if maze is not None and not SHARE_CODE.match(maze):
        raise GameError("maze must be a share code of 8 to 16 letters and digits", code="bad_query")
    name = request.query.get("name") or None
    if name is not None and len(name) > 20:
        raise GameError("name is at most 20 characters", code="bad_query")
    preset = _choice(request, "preset", (*PRESETS, "custom"))
    algorithm = _choice(request, "algorithm", ALGORITHMS)
    daily = _date(request.query.get("daily"))
    fog = _choice(request, "fog", ("true", "false")) == "true"
    limit = query_limit(request.query.get("limit", "20"))  # all checked first: a 400 with or without a store
    board = await store_of(request).leaderboard(
        preset=preset, algorithm=algorithm, name=name, daily=daily, limit=limit, fog=fog, maze=maze
    )
    return web.json_response({"leaderboard": board})


async def recent_races(request: web.Request) -> web.Response:
    """`GET /api/races`: the latest finished races."""
    return web.json_response({"races": await store_of(request).recent_races()})


async def stored_race(request: web.Request) -> web.StreamResponse:
    """`GET /api/races/{id}`: a finished race with its maze, results and log, for replays
    (`server.http.replays`: built off the loop, compressed, cached, rate limited; daily races sealed)."""
    store_of(request)  # no database, no replays
    return await request.app[REPLAYS].answer(request)


async def race_analysis(request: web.Request) -> web.StreamResponse:
    """`GET /api/races/{id}/analysis`: each racer's race explained, built and cached like the replay."""
    store_of(request)  # no database, no analyses
    return await request.app[REPLAYS].answer(request, "analysis")


async def replay_page(request: web.Request) -> web.Response:
    """The replay player; its script loads `/api/races/{id}`."""
    return page_response(request, "replay.html")


async def daily_room(request: web.Request) -> web.Response:
    """`POST /api/daily {"preset", "ghost"?}`: a room on today's daily maze that can still be joined;
    with `"ghost": "best"`, raced against today's fastest finisher."""
    await _limit_room_making(request)
    data = await json_body(request)
    preset = data.get("preset", "easy") if isinstance(data, dict) else None
    if not isinstance(preset, str) or preset not in PRESETS:
        raise GameError(f"the daily maze comes in {', '.join(PRESETS)}", code="bad_settings")
    today = _today()
    ghosts = [await todays_best(store_of(request), today, preset)] if parse_daily_ghost(data) else []
    room = await request.app[REGISTRY].daily_room(today, preset, time.time(), ghosts=ghosts)
    await request.app[DIRECTORY].publish(room)
    await _made(request, room.code)
    return web.json_response(
        {"code": room.code, "url": room_link(request, room.code), "daily": today.isoformat()}
    )


async def create_ghost_room(request: web.Request) -> web.Response:
    """`POST /api/ghost-rooms {"race", "player"}`: a new room racing that stored race's player as a
    ghost, on that race's maze and settings (`server.http.ghost_rooms`)."""
    await _limit_room_making(request)
    race_id, player_id = parse_ghost_request(await json_body(request))
    now = datetime.datetime.now(datetime.UTC)
    plan = await ghost_room_plan(store_of(request), request.app[GATEWAY].layouts, race_id, player_id, now)
    room = request.app[REGISTRY].create(
        plan.settings, time.time(), daily=plan.daily, fixed_seed=plan.seed, ghosts=[plan.ghost]
    )
    await request.app[DIRECTORY].publish(room)
    await _made(request, room.code)
    return web.json_response({"code": room.code, "url": room_link(request, room.code)}, status=201)


def add_routes(app: web.Application) -> None:
    """Register every HTTP route and the static files (read once, here)."""
    app[ASSETS] = StaticAssets(app[CONFIG].web_dir)
    app[ROOM_QUOTA] = RoomQuota(app[CONFIG].rooms_per_address)
    app[PUBLIC_ROOMS] = PublicRooms(lambda: app[DIRECTORY].public(), app[CONFIG].rooms_list_ttl)
    app.router.add_get("/", lobby_page)
    app.router.add_get("/r/{code}", room_page)
    app.router.add_get("/editor", editor_page)
    add_generate_route(app)
    app.router.add_post("/api/rooms", create_room)
    app.router.add_get("/api/rooms", list_rooms)
    app.router.add_get("/api/rooms/{code}", room_summary)
    app.router.add_post("/api/daily", daily_room)
    app.router.add_post("/api/ghost-rooms", create_ghost_room)
    app.router.add_get("/api/leaderboard", leaderboard)
    app.router.add_get("/api/races", recent_races)
    app.router.add_get("/api/races/{race_id}", stored_race)
    app.router.add_get("/api/races/{race_id}/analysis", race_analysis)
    app.router.add_get("/replay/{race_id}", replay_page)
    app.router.add_get("/static/{tail:.+}", static_file)
