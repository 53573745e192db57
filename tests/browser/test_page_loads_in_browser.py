"""The browser tests' way into a page: the load event does not wait for a page's script, whose words
come from a catalogue fetched by a top-level `await`, so the tests go through `visit` and `arrive`,
which wait for the script's first run. Checked here with the catalogue held back on purpose, as a busy
machine holds it back by chance."""

import asyncio

from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, Route

from tests.browser.conftest import visit
from tests.browser.rooms import post_room

HOLD = 1.0
"""Seconds each catalogue is held back: far longer than the load event takes on a quiet machine."""


async def held_back(route: Route) -> None:
    await asyncio.sleep(HOLD)
    await route.continue_()


async def test_a_room_page_is_ready_for_the_test_only_once_its_script_has_run(
    browser: Browser, live_server: TestServer
) -> None:
    code = await post_room(live_server)
    context = await browser.new_context()
    await context.route("**/i18n/**", held_back)
    page = await context.new_page()

    await page.goto(str(live_server.make_url(f"/r/{code}")))
    assert await page.evaluate("window.mazerace === undefined"), "the load event waited for the catalogue"

    await visit(page, str(live_server.make_url(f"/r/{code}")))
    assert await page.evaluate("window.mazerace !== undefined"), "visit returned before the script ran"
    assert await page.evaluate("document.documentElement.lang") == "en"
