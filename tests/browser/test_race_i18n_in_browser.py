"""The race, its results, the race explained and the replay in the player's language, in Chromium.

A whole race in a zh-CN browser, from the front page: create a room, start, ask for a hint, walk to the
exit, read the results, the race explained and the replay. No visible text, aria-label, title or
live-region announcement holds a Latin word outside an allow-list (the player's and the room's names,
DFS / BFS / A*, the keys' letters, numbers and times). And in the pseudo-locale en-XA every visible
text of the race screen, the results and the replay is a catalogue's (inside ⟦ ⟧), with nothing wider
than its box, on a phone and on a desktop.
"""

import re
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, Page, expect

from tests.browser.conftest import Tab, arrive, keys_along, press_keys, room_of, visit, way_out
from tests.browser.rooms import post_room
from tests.browser.screens import SCREENS

NAME = "小明"

# Latin words a Chinese page may show: the hint searches' names and the keys a player presses.
ALLOWED = {"DFS", "BFS", "A", "WASD", "H", "Q", "E", "Z", "C", "F", "English"}


# Everything a player reads or hears in the page: visible text nodes (options of a select too), the
# aria-labels, titles, placeholders and alt texts of visible elements, the live regions' text, the
# document's title; each with the id of the nearest element that has one, to say where it is.
READABLE = """() => {
  const where = (node) => {
    const element = node.nodeType === 1 ? node : node.parentElement;
    const marked = element && element.closest('[id]');
    return marked ? marked.id : '';
  };
  const seen = (element) => element.checkVisibility({ visibilityProperty: true })
    || (element.closest('.sr-only') && element.getClientRects().length > 0);
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, .language-switch')) continue;
    const shown = parent.closest('option') ? seen(parent.closest('select')) : seen(parent);
    if (shown) found.push({ text, where: where(node) });
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (!(seen(element) || element.tagName === 'CANVAS')) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const text = (element.getAttribute(name) || '').trim();
      if (text) found.push({ text, where: where(element) + '@' + name });
    }
  }
  for (const live of document.querySelectorAll('[aria-live], [role=status], [role=alert]')) {
    const text = live.textContent.trim();
    if (text) found.push({ text, where: where(live) + '@live' });
  }
  return found;
}"""

LATIN = re.compile(
    r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]+"
)  # not the signs for times and divided by
INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")


def latin_words(text: str, allowed: set[str]) -> list[str]:
    """The Latin words of `text` that are not allowed (a name or a room code is allowed whole)."""
    for word in allowed:
        if len(word) > 1:
            text = text.replace(word, " ")
    return [word for word in LATIN.findall(text) if word not in allowed]


def outside_catalogue(text: str, allowed: set[str]) -> list[str]:
    """What of a pseudo-locale text is not inside ⟦ ⟧ (nested ones too) and not allowed."""
    rest = text
    while INNERMOST.search(rest):
        rest = INNERMOST.sub(" ", rest)
    return latin_words(rest, allowed)


async def readable(page: Page) -> list[dict[str, str]]:
    """The page's readable texts."""
    found: list[dict[str, str]] = await page.evaluate(READABLE)
    return found


async def english_in(page: Page, allowed: set[str]) -> list[str]:
    """Every readable text of the page that holds a Latin word not allowed, with where it is."""
    return [
        f"{item['where']}: {item['text']}"
        for item in await readable(page)
        if latin_words(item["text"], allowed)
    ]


async def not_translated_in(page: Page, allowed: set[str]) -> list[str]:
    """Every readable text of an en-XA page that did not come from the catalogue."""
    return [
        f"{item['where']}: {item['text']}"
        for item in await readable(page)
        if outside_catalogue(item["text"], allowed)
    ]


OVERFLOWING = """() => {
  const found = [];
  const inScroller = (element) => {  // what a box scrolls sideways is within reach, not cut or off the page
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  for (const element of document.body.querySelectorAll('*')) {
    if (!element.checkVisibility() || element.closest('canvas, select, .sr-only')) continue;
    if (inScroller(element)) continue;
    const style = getComputedStyle(element);
    if (style.position === 'fixed' || /(auto|scroll)/.test(style.overflowX + style.overflowY)) continue;
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    const box = element.getBoundingClientRect();
    const what = element.tagName.toLowerCase() + '#' + element.id + '.' + element.className;
    if (element.scrollWidth > element.clientWidth + 1 && clips && element.clientWidth > 1) {
      found.push(what + ': ' + element.scrollWidth + ' in ' + element.clientWidth);
    }
    if (box.width > 0 && box.right > document.documentElement.clientWidth + 1) {
      found.push(what + ' ends at ' + Math.round(box.right) + ' of ' + document.documentElement.clientWidth);
    }
  }
  return found;
}"""


async def overflowing(page: Page) -> list[str]:
    found: list[str] = await page.evaluate(OVERFLOWING)
    return found


def assert_none(found: list[str], where: str) -> None:
    assert not found, where + ":\n" + "\n".join(found)


OpenTab = Callable[..., Awaitable[Tab]]


@pytest_asyncio.fixture(loop_scope="session")
async def open_in(browser: Browser, live_server: TestServer) -> AsyncIterator[OpenTab]:
    """Open a path in a fresh context with a locale and a screen size; script errors and missing
    catalogue keys (a console warning) fail the test."""
    tabs: list[Tab] = []

    async def open_in(path: str, locale: str = "zh-CN", width: int = 1100, height: int = 800) -> Tab:
        phone = (width, height) != SCREENS["desktop"] and width < 900
        context = await browser.new_context(
            locale=locale, viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
        )
        page = await context.new_page()
        tab = Tab(context, page)
        page.on("pageerror", lambda error: tab.errors.append(str(error)))
        page.on(
            "console",
            lambda msg: tab.errors.append(msg.text) if msg.type == "error" or "i18n" in msg.text else None,
        )
        await visit(page, str(live_server.make_url(path)))
        tabs.append(tab)
        return tab

    yield open_in
    for tab in tabs:
        await tab.context.close()
    for tab in tabs:
        assert not tab.errors, f"script errors or missing keys in the page: {tab.errors}"


async def walk_out(tab: Tab, live_server: TestServer, code: str) -> None:
    await tab.page.focus("#race-canvas")
    await press_keys(tab.page, keys_along(way_out(room_of(live_server, code))))


async def replay_at_the_end(page: Page) -> None:
    await page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    await page.evaluate(
        """() => {
            const s = document.getElementById('replay-scrubber');
            s.value = s.max;
            s.dispatchEvent(new Event('input'));
        }"""
    )
    await expect(page.locator("#replay-analysis")).to_have_attribute("data-state", "ready", timeout=15_000)


async def test_a_whole_race_in_chinese(open_in: OpenTab, live_server: TestServer) -> None:
    tab = await open_in("/")
    page = tab.page
    await expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    await page.fill("#name", NAME)
    await page.click("#create-easy")
    await arrive(page, re.compile(r"/r/[0-9a-z]{10}$"))
    code = page.url.rsplit("/", 1)[1]
    allowed = ALLOWED | {code}
    await expect(page.locator("#lobby-panel")).to_be_visible()
    await page.click("#start-button")
    await page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)

    await page.click("#hint-button")
    await page.wait_for_function("() => window.mazerace.state.me().hints === 1")
    await expect(page.locator("#message")).to_contain_text("提示")
    await expect(page.locator("#hud-hints")).to_contain_text("已用 1 次")
    await expect(page.locator("#where")).to_contain_text("你在格子")
    assert "迷宫" in (await page.locator("#race-canvas").get_attribute("aria-label") or "")
    assert_none(await english_in(page, allowed), "the race screen")

    await walk_out(tab, live_server, code)
    await expect(page.locator("#results")).to_be_visible(timeout=10_000)
    analysis = page.locator("#results-analysis")
    await expect(analysis).to_have_attribute("data-state", "ready", timeout=15_000)
    await expect(page.locator("#results-winner")).to_have_text("你赢了！")
    await expect(analysis.locator(".analysis-summary")).to_contain_text(f"{NAME}用时")  # no space
    await expect(analysis.locator(".analysis-hints li")).to_contain_text("它让总用时多了 0:05.0")
    assert_none(await english_in(page, allowed), "the results and the race explained")

    await page.click("#replay-link")
    await arrive(page, re.compile(r"/replay/"))
    await replay_at_the_end(page)
    await expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    await expect(page.locator("#replay-players li .status")).to_contain_text("获得第 1 名")
    title = re.compile(
        r"^简单 \d+ \u00d7 \d+ · 又长又弯的走廊$"
    )  # the maze in plain words, as the settings word it
    await expect(page.locator("#replay-title")).to_have_text(title)
    await expect(page.locator("#replay-hints li")).to_contain_text("它指出了前进的路")  # the way on, not out
    await expect(page.get_by_role("combobox", name="语言")).to_have_value("zh-CN")
    assert latin_words(await page.title(), allowed) == [], await page.title()
    await page.click("#replay-play")  # from the start again: the hint is announced as it plays
    await expect(page.locator("#live")).to_contain_text("用了一次提示", timeout=15_000)
    assert_none(await english_in(page, allowed), "the replay")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
async def test_the_race_results_and_replay_in_the_pseudo_locale(
    open_in: OpenTab, live_server: TestServer, screen: str
) -> None:
    width, height = SCREENS[screen]
    code = await post_room(live_server, preset="custom", rows=8, cols=8, algorithm="backtracker")
    allowed = ALLOWED | {code, "Ana"}
    tab = await open_in(f"/r/{code}?lang=en-XA", "en-US", width, height)
    page = tab.page
    await page.fill("#name", "Ana")
    await page.click("#join-as-player")
    await page.click("#start-button")
    await page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await page.click("#hint-button")
    await page.wait_for_function("() => window.mazerace.state.me().hints === 1")
    await expect(page.locator("#message")).to_contain_text("⟦")
    assert_none(await not_translated_in(page, allowed), "the race screen")
    assert_none(await overflowing(page), "the race screen")

    await walk_out(tab, live_server, code)
    await expect(page.locator("#results")).to_be_visible(timeout=10_000)
    await expect(page.locator("#results-analysis")).to_have_attribute("data-state", "ready", timeout=15_000)
    assert_none(await not_translated_in(page, allowed), "the results")
    assert_none(await overflowing(page), "the results")

    href = await page.get_attribute("#replay-link", "href")
    assert href is not None
    await visit(page, str(live_server.make_url(href + "?lang=en-XA")))
    await replay_at_the_end(page)
    assert_none(await not_translated_in(page, allowed), "the replay")
    assert (await page.title()).startswith("⟦")
    assert_none(await overflowing(page), "the replay")
