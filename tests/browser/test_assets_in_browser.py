"""The web client's assets in a real browser: every script and style sheet loads from its versioned URL
under the strict Content-Security-Policy (the fixture fails a test on any console error, CSP violations
included), gzipped, and a second visit takes them from the browser's cache instead of the network."""

import re

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.conftest import visit
from tests.browser.rooms import post_room

VERSIONED = re.compile(r"/static/[0-9a-f]{12}/")
RESOURCES = """performance.getEntriesByType('resource')
  .filter((e) => new URL(e.name).pathname.startsWith('/static/'))
  .map((e) => ({ path: new URL(e.name).pathname, transfer: e.transferSize, body: e.decodedBodySize }))"""


async def test_pages_load_versioned_assets_and_reuse_them_from_the_cache(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer
) -> None:
    code = await post_room(live_server)  # a room that exists: the join page asks for its preview
    tab = await open_tab(f"/r/{code}")
    await expect(tab.page.locator("#join-panel")).to_be_visible()
    first = await tab.page.evaluate(RESOURCES)
    paths = {entry["path"] for entry in first}
    assert paths, "no static assets loaded"
    assert all(VERSIONED.match(path) for path in paths), paths
    assert any(path.endswith("/js/pages/room.js") for path in paths)
    # imported by pages/room.js: inherits the version
    assert any(path.endswith("/js/net/socket.js") for path in paths)
    assert any(path.endswith("/vendor/socket.io.min.js") for path in paths)
    assert all(entry["transfer"] > 0 for entry in first), first  # a fresh browser fetched them
    room_js = next(entry for entry in first if entry["path"].endswith("/js/pages/room.js"))
    assert room_js["transfer"] < room_js["body"] / 2, room_js  # gzipped on the way

    await visit(tab.page, str(live_server.make_url(f"/r/{code}")))  # the next visit
    await expect(tab.page.locator("#join-panel")).to_be_visible()
    again = await tab.page.evaluate(RESOURCES)
    assert {entry["path"] for entry in again} == paths
    assert all(entry["transfer"] == 0 for entry in again), again  # all from the cache, none re-asked


async def test_the_lobby_loads_its_versioned_assets(open_tab) -> None:  # type: ignore[no-untyped-def]
    tab = await open_tab("/")
    await expect(tab.page.locator("#create-form")).to_be_visible()
    paths = {entry["path"] for entry in await tab.page.evaluate(RESOURCES)}
    assert any(path.endswith("/js/pages/lobby.js") for path in paths), paths
    assert all(VERSIONED.match(path) for path in paths), paths
