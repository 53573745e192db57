"""The aiohttp application factory: wiring only."""

from aiohttp import web


async def _placeholder(request: web.Request) -> web.Response:
    return web.Response(text="MazeRace is coming soon.", content_type="text/plain")


def create_app() -> web.Application:
    """Build the web application."""
    app = web.Application()
    app.router.add_get("/", _placeholder)
    return app
