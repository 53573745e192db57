"""Browser tabs at a phone's or a desktop's size, for the room page's layout tests: the four screens
the layout is designed for, and the `open_sized` fixture that opens a page in a context of that size
(phones touch, so the pad shows) and records its script errors like conftest.py's `open_tab`. A test
module imports the fixture by name (and lists it in `__all__`, so the import reads as used)."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, Page, expect

from tests.browser.conftest import Tab, close_contexts, visit

PHONES = {"phone on its side": (844, 390), "phone": (390, 844), "small phone": (360, 640)}
SCREENS = {"desktop": (1366, 768), **PHONES}
TABLET = (1024, 768)
"""A touch screen as wide as a small laptop's: the room page's wide layout, under a finger."""
TOUCH_SCREENS = (*PHONES.values(), TABLET)

TAP = 44
"""The smallest touch target, in CSS pixels (--tap, 2.75rem)."""

OpenSized = Callable[[str, int, int], Awaitable[Tab]]


class SizedTabs:
    """The tabs a test opened at given sizes; `close()` closes them and fails on any script error."""

    def __init__(self, browser: Browser, server: TestServer) -> None:
        self.browser = browser
        self.server = server
        self.tabs: list[Tab] = []

    async def open(self, path: str, width: int, height: int) -> Tab:
        """Open a path in a fresh context of the given size; phones and the tablet touch."""
        touch = (width, height) in TOUCH_SCREENS
        context = await self.browser.new_context(
            viewport={"width": width, "height": height}, is_mobile=touch, has_touch=touch
        )
        page = await context.new_page()
        tab = Tab(context, page)
        page.on("pageerror", lambda error: tab.errors.append(str(error)))
        page.on("console", lambda msg: tab.errors.append(msg.text) if msg.type == "error" else None)
        await visit(page, str(self.server.make_url(path)))
        self.tabs.append(tab)
        return tab

    async def close(self) -> None:
        await close_contexts(tab.context for tab in self.tabs)
        for tab in self.tabs:
            assert not tab.errors, f"script errors in the page: {tab.errors}"


@pytest_asyncio.fixture(loop_scope="session")
async def open_sized(browser: Browser, live_server: TestServer) -> AsyncIterator[OpenSized]:
    """Open pages at a screen's size; script errors in any fail the test."""
    tabs = SizedTabs(browser, live_server)
    yield tabs.open
    await tabs.close()


async def join_alone(open_sized: OpenSized, code: str, width: int, height: int) -> Tab:
    """Open `code`'s link at a size and join it as Ana, by the join form."""
    tab = await open_sized(f"/r/{code}", width, height)
    await tab.page.fill("#name", "Ana")
    await tab.page.click("#join-as-player")
    await expect(tab.page.locator("#lobby-panel")).to_be_visible()
    return tab


OVERFLOW = "(({ scrollWidth, clientWidth }) => scrollWidth - clientWidth)(document.documentElement)"
"""How many CSS px the page is wider than the layout viewport."""


PAST_THE_RIGHT_EDGE = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getClientRects().length
    && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .map((e) => `${e.tagName}#${e.id}.${e.className}: right ${Math.round(e.getBoundingClientRect().right)}`)
  .slice(0, 12)"""
"""The first elements that reach past the layout viewport's right edge, for a failure's message."""


async def page_overflow(page: Page) -> int:
    """How many CSS px the page is wider than its window (0 when nothing scrolls sideways). The window is
    the layout viewport (`clientWidth`): a phone's browser widens `innerWidth` to fit a page too wide."""
    width: int = await page.evaluate(OVERFLOW)
    return width


async def settled_overflow(page: Page, within: float = 5.0) -> int:
    """`page_overflow` once a window just resized has laid itself out (the canvas follows the window from
    its resize observer, a frame or more later on a busy machine): the overflow that lasts `within` s."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    overflow = await page_overflow(page)
    while overflow > 0 and loop.time() < deadline:
        await page.wait_for_timeout(50)
        overflow = await page_overflow(page)
    return overflow
