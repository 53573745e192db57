"""The pages of published mazes: `/m/{code}`, one maze with its card, best times and a Race button,
and `/mazes`, the list of them (newest and most raced). Both are static pages whose scripts ask the
API (`/api/mazes...`) for what they show; only the one-maze page looks its code up first, so that a
mistyped or unknown code gets the game's 404 page with a 404 status rather than an empty shell. Being
a database read, a maze page counts against an address's API bucket (server/http/limits.py), not the
cheaper pages' one."""

from aiohttp import web

from server.http.keys import STORE
from server.http.not_found import not_found_page
from server.http.static_assets import page_response
from server.maze.share_code import SHARE_CODE


async def maze_page(request: web.Request) -> web.Response:
    """`/m/{code}`: the published maze's page, or the 404 page when no maze has that code (or the
    server keeps no records). A code is lowercase; one typed in capitals is the same code."""
    code = request.match_info["code"].lower()
    store = request.app.get(STORE)
    if SHARE_CODE.match(code) is None or store is None or await store.published_maze(code) is None:
        return not_found_page(request)
    return page_response(request, "maze.html")


async def mazes_page(request: web.Request) -> web.Response:
    """`/mazes`: the published mazes; its script lists them (and says so when there is no database)."""
    return page_response(request, "mazes.html")


def add_maze_page_routes(app: web.Application) -> None:
    """Register the two pages (their API is the publishing routes')."""
    app.router.add_get("/m/{code}", maze_page)
    app.router.add_get("/mazes", mazes_page)
