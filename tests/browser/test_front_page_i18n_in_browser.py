"""The front page in the player's language, in Chromium, with everything a player can open shown: More
settings and the bot options open, a public room listed, a leaderboard row, a recent race and today's
best. In the pseudo-locale every visible text (and every option, aria-label, title and placeholder)
comes from the catalogue, and nothing overflows at a phone's and a laptop's size; in Chinese no Latin
word shows outside names, codes and the search methods' names, in the screen reader's texts too."""

import json
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, ConsoleMessage, Page, Route, expect

from tests.browser.conftest import visit
from tests.browser.rooms import post_joined_room
from tests.browser.screens import PAST_THE_RIGHT_EDGE, page_overflow
from tests.integration.conftest import Client

PHONE = (390, 844)
LAPTOP = (1366, 768)
PLAYER = "Ann"
ROW = {
    "place": 1, "name": PLAYER, "race": "r1", "rows": 10, "cols": 10, "algorithm": "prim",
    "time": 41234, "penalty": 5000, "total": 46234, "moves": 1234, "hints": 1, "daily": "2026-03-05",
}  # fmt: skip
RACE = {"id": "r1", "preset": "easy", "rows": 10, "cols": 10, "algorithm": "backtracker", "daily": None}
METHODS_AND_LANGUAGE = {"DFS", "BFS", "A", "English"}
LATIN_NAMES = METHODS_AND_LANGUAGE | {
    "Prim",
    "Kruskal",
    "Wilson",
    "Aldous",
    "Broder",
    "Eller",
    "Sidewinder",
    "Trémaux",
}
"""Words that stay Latin in Chinese: the search methods, the language switch's own name, and the
generators named after people (or, Sidewinder, known by its name)."""

TEXTS = """() => {
  const seen = (node) => node && node.checkVisibility({ visibilityProperty: true });
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (text && !parent.closest('option, svg, .language-switch') && seen(parent)) found.push(text);
  }
  for (const option of document.querySelectorAll('select:not(#language-switch) option')) {
    if (seen(option.closest('select'))) found.push(option.textContent.trim());
  }
  for (const node of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!seen(node) && !node.closest('select')) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = (node.getAttribute(name) || '').trim();
      if (value) found.push(value);
    }
  }
  found.push(document.title);
  return found;
}"""

CUT = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.checkVisibility() && !e.closest('.sr-only') && e.scrollWidth > e.clientWidth + 1)
  .filter((e) => e.matches('button, summary') || getComputedStyle(e).overflowX !== 'visible')
  .map((e) => (e.id || e.tagName) + ': ' + e.textContent.trim().slice(0, 40)
    + ', ' + e.scrollWidth + ' > ' + e.clientWidth)"""
"""The elements a selector finds whose text is cut: a button or a summary wider inside than out, or a
box that hides what runs past it."""

OpenFront = Callable[[str, tuple[int, int]], Awaitable[Page]]


async def fake_records(route: Route) -> None:
    """The records as a server with a database answers: one leaderboard row, one recent race."""
    if "/api/leaderboard" in route.request.url:
        body: object = {"leaderboard": [ROW]}
    else:
        body = {"races": [{**RACE, "ended_at": time.time() - 600}]}
    await route.fulfill(status=200, content_type="application/json", body=json.dumps(body))


@pytest_asyncio.fixture(loop_scope="session")
async def open_front(browser: Browser, live_server: TestServer) -> AsyncIterator[OpenFront]:
    """Open the front page in a language at a size, with a public room, records and everything folded
    opened; script errors and missing keys fail the test."""
    errors: list[str] = []
    contexts = []

    def console(msg: ConsoleMessage) -> None:
        if msg.type in ("error", "warning"):
            errors.append(msg.text)

    async def open_front(query: str, size: tuple[int, int], locale: str = "en-GB") -> Page:
        context = await browser.new_context(locale=locale, viewport={"width": size[0], "height": size[1]})
        contexts.append(context)
        page = await context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", console)
        await page.route(re.compile(r"/api/(leaderboard|races)(\?|$)"), fake_records)
        await visit(page, str(live_server.make_url(f"/{query}")))
        await page.fill("#name", PLAYER)
        await expect(page.locator("#create-hard")).to_be_enabled()
        await expect(page.locator("#race-bot-go")).to_be_enabled()
        await expect(page.locator("#room-list li")).to_have_count(1)
        await expect(page.locator("#lb-rows tr")).to_have_count(1)
        await expect(page.locator("#recent-races li")).to_have_count(1)
        await expect(page.locator("#daily-best-buttons button").first).to_be_visible()
        for details in ("#more-settings", "#race-bot-options"):
            await page.locator(f"{details} > summary").click()
            await expect(page.locator(details)).to_have_attribute("open", "")
        return page

    yield open_front
    for context in contexts:
        await context.close()
    assert not errors, f"errors or missing keys in the page: {errors}"


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_in_the_pseudo_locale_every_word_is_from_the_catalogue_and_fits(
    open_front: OpenFront, live_server: TestServer, size: tuple[int, int], socket_clients: list[Client]
) -> None:
    code = await post_joined_room(live_server, socket_clients, preset="medium", public=True, fog=True)
    page = await open_front("?lang=en-XA", size)
    await expect(page.locator("html")).to_have_attribute("lang", "en-XA")
    texts = await page.evaluate(TEXTS)
    assert len(texts) > 80, texts

    def from_catalogue(text: str) -> bool:
        if text.startswith("⟦") and text.endswith("⟧"):
            return True
        rest = text.replace(code, "").replace(PLAYER, "")
        return not re.search(r"[A-Za-z]", rest)  # numbers, sizes, punctuation

    assert [text for text in texts if not from_catalogue(text)] == []

    overflow = await page_overflow(page)
    assert overflow <= 0, ("the page scrolls sideways", await page.evaluate(PAST_THE_RIGHT_EDGE))
    assert await page.evaluate(CUT, "button, summary") == [], "a button's text is cut"
    assert await page.evaluate(CUT, "a.button, label, th, td, h1, h2, p") == [], "a box cuts its text"


async def test_in_chinese_no_latin_word_shows_not_even_to_a_screen_reader(
    open_front: OpenFront, live_server: TestServer, socket_clients: list[Client]
) -> None:
    code = await post_joined_room(live_server, socket_clients, preset="easy", public=True)
    page = await open_front("", PHONE, locale="zh-CN")
    await expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    await expect(page.locator("#race-bot-summary")).to_have_text(
        "没人一起玩？DFS 机器人马上和你比赛：每秒 5 步，简单 10 \N{MULTIPLICATION SIGN} 10 的迷宫。"
    )
    await expect(page.get_by_role("button", name=f"加入房间 {code}")).to_be_visible()
    texts = await page.evaluate(TEXTS)
    assert len(texts) > 80, texts
    latin = {
        word
        for text in texts
        for word in re.findall(r"[A-Za-zÀ-ÖØ-öø-ÿ]+\*?", text.replace(code, "").replace(PLAYER, ""))
        if word.rstrip("*") not in LATIN_NAMES
    }
    assert latin == set(), [t for t in texts if re.search(r"[A-Za-z]", t)]
    overflow = await page_overflow(page)
    assert overflow <= 0, "the page scrolls sideways"
    assert await page.evaluate(CUT, "button, summary") == [], "a button's text is cut"
