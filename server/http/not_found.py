"""The page for an address with nothing at it: the game's own page with a link home, status 404.

A mistyped or stale link (`/nope`, `/r/code/extra`) gets a page a player can read and leave by, in the
game's header and colours, instead of a bare "404: Not Found". The API keeps its JSON errors
(server/http/edge.py): a script asking `/api/...` wants a body it can parse, not a page.
"""

from collections.abc import Awaitable, Callable

from aiohttp import web

from server.http.edge import accepts_gzip
from server.http.static_assets import ASSETS

PAGE = "not-found.html"
PAGE_METHODS = ("GET", "HEAD")
"""Only what a browser navigates with; other methods keep aiohttp's plain answer."""
API_PREFIX = "/api/"


def not_found_page(request: web.Request) -> web.Response:
    """The 404 page, gzipped for clients that take it; never cached, so a page made later shows."""
    asset = request.app[ASSETS].page(PAGE)
    headers = {"Cache-Control": "no-cache", "Content-Type": asset.content_type}
    body = asset.body
    if asset.gzipped is not None:
        headers["Vary"] = "Accept-Encoding"
        if accepts_gzip(request.headers.get("Accept-Encoding", "")):
            body = asset.gzipped
            headers["Content-Encoding"] = "gzip"
    return web.Response(status=404, body=body, headers=headers)


@web.middleware
async def not_found_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """A 404 outside the API, for a browser's GET or HEAD, becomes the game's page."""
    try:
        return await handler(request)
    except web.HTTPNotFound:
        if request.method not in PAGE_METHODS or request.path.startswith(API_PREFIX):
            raise
        return not_found_page(request)
