"""The room page in the player's language, in Chromium: the join page (with the room's preview), the
lobby (a host with a bot and a second player, the settings card) and the preferences dialog.

In the pseudo-locale en-XA every visible text and aria-label is inside ⟦ ⟧ (so it came from the
catalogue), but for names, room codes, numbers, the method names and key caps, and nothing overflows at
a phone's and a desktop's size (the page, and no button or tag cuts its text). In a zh-CN browser the
same screens show no Latin word but those, and the live region speaks Chinese.
"""

import re
from collections.abc import AsyncIterator

import aiohttp
import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, Page, expect

from tests.browser.conftest import Tab

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
BOT_NAME = "DFS bot"  # the server names its bots in English: a name, like a player's
NAMES = {"Ana", "Bo", "Cy", BOT_NAME}
METHODS = {"DFS", "BFS", "A*"}
KEY_CAPS = {"Shift", "W", "A", "S", "D", "H", "F"}  # as printed on the keys, in any language
CJK = re.compile(r"[\u4e00-\u9fff]")

# Every visible text node and every aria-label or placeholder of a visible element under `root`, with
# what it is on: [{text, where}] (screen-reader-only text counts where its box shows). Options show
# only in their select (the language switch names each language in itself).
TEXTS = """(root) => {
  const found = [];
  const scope = document.querySelector(root);
  const shown = (el) =>
    el.checkVisibility({ visibilityProperty: true })
    || !!el.closest('.sr-only')?.parentElement?.checkVisibility();
  const skip = (el) => el.closest('option, .language-switch');
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.trim();
    if (text && !skip(el) && shown(el)) found.push({ text, where: el.id || el.className || el.tagName });
  }
  for (const select of scope.querySelectorAll('select')) {
    const text = select.selectedOptions[0]?.textContent.trim();
    if (text && !skip(select) && shown(select)) found.push({ text, where: select.id });
  }
  for (const el of scope.querySelectorAll('[aria-label], [placeholder]')) {
    if (skip(el) || !shown(el)) continue;
    for (const name of ['aria-label', 'placeholder']) {
      const text = (el.getAttribute(name) || '').trim();
      if (text) found.push({ text, where: (el.id || el.tagName) + ' @' + name });
    }
  }
  return found;
}"""

# What does not fit: the page wider than the window, or a visible button, tag or pill whose text is
# cut (its content wider or taller than its box).
OVERFLOW = """() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > innerWidth) out.push('the page: ' + doc.scrollWidth + ' > ' + innerWidth);
  for (const el of document.querySelectorAll('button, a.button, .tag, .pill, h2, th')) {
    if (!el.checkVisibility() || el.closest('.sr-only')) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      out.push((el.id || el.className || el.tagName) + ': ' + JSON.stringify(el.textContent.trim()));
    }
  }
  return out;
}"""


class Tabs:
    """Tabs of one browser, each in its own context (its own localStorage) at a size and a locale."""

    def __init__(self, browser: Browser, server: TestServer) -> None:
        self.browser = browser
        self.server = server
        self.tabs: list[Tab] = []

    async def open(self, path: str, size: tuple[int, int], locale: str = "en-US") -> Tab:
        width, height = size
        context = await self.browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        page = await context.new_page()
        tab = Tab(context, page)
        page.on("pageerror", lambda error: tab.errors.append(str(error)))
        warned = ("error", "warning")  # a missing key warns
        page.on("console", lambda msg: tab.errors.append(msg.text) if msg.type in warned else None)
        await page.goto(str(self.server.make_url(path)))
        self.tabs.append(tab)
        return tab


@pytest_asyncio.fixture(loop_scope="session")
async def tabs(browser: Browser, live_server: TestServer) -> AsyncIterator[Tabs]:
    opened = Tabs(browser, live_server)
    yield opened
    for tab in opened.tabs:
        await tab.context.close()
    for tab in opened.tabs:
        assert not tab.errors, f"script errors or missing keys in the page: {tab.errors}"


async def new_room(server: TestServer) -> str:
    async with (
        aiohttp.ClientSession() as session,
        session.post(server.make_url("/api/rooms"), json={"max_players": 4}) as response,
    ):
        code: str = (await response.json())["code"]
    return code


async def join(tab: Tab, name: str) -> None:
    await tab.page.fill("#name", name)
    await tab.page.click("#join-as-player")
    await expect(tab.page.locator("#lobby-panel")).to_be_visible()


async def lobby_of_three(tabs: Tabs, query: str, size: tuple[int, int], locale: str) -> tuple[Tab, Tab, str]:
    """Ana hosts with a DFS bot and Bo; Cy has the link and has not joined. Returns Ana's and Cy's tabs."""
    code = await new_room(tabs.server)
    host = await tabs.open(f"/r/{code}{query}", size, locale)
    await join(host, "Ana")
    await host.page.select_option("#bot-kind", "dfs")
    await host.page.fill("#bot-speed", "5")
    await host.page.click("#add-bot")
    await expect(host.page.locator("#players li")).to_have_count(2)
    second = await tabs.open(f"/r/{code}{query}", size, locale)
    await join(second, "Bo")
    await expect(host.page.locator("#players li")).to_have_count(3)
    visitor = await tabs.open(f"/r/{code}{query}", size, locale)
    await expect(visitor.page.locator("#room-preview [data-part=players] li")).to_have_count(3)
    return host, visitor, code


async def texts(page: Page, root: str) -> list[dict[str, str]]:
    found: list[dict[str, str]] = await page.evaluate(TEXTS, root)
    assert found, f"{root} shows some text"
    return found


def allowed(text: str, code: str) -> bool:
    """Text that is the same in every language: no Latin letter, or a name, a code, a method, a key."""
    return not re.search(r"[A-Za-z]", text) or text in NAMES | METHODS | KEY_CAPS | {code}


async def screens(host: Tab, visitor: Tab) -> list[tuple[Page, str]]:
    """The screens to read, each (page, root), the preferences dialog opened last."""
    await host.page.click("#prefs-button")
    await expect(host.page.locator("#prefs-dialog")).to_be_visible()
    return [(visitor.page, "body"), (host.page, "body")]


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
async def test_every_word_of_the_join_page_lobby_and_preferences_comes_from_the_catalogue_and_fits(
    tabs: Tabs, size: tuple[int, int]
) -> None:
    host, visitor, code = await lobby_of_three(tabs, "?lang=en-XA", size, "en-US")
    await expect(host.page.locator("html")).to_have_attribute("lang", "en-XA")
    assert (await host.page.title()).startswith("⟦")
    for page in (visitor.page, host.page):
        assert await page.evaluate(OVERFLOW) == [], f"overflow at {size} before the dialog"
    for page, root in await screens(host, visitor):
        found = await texts(page, root)
        bare = [f for f in found if not (allowed(f["text"], code) or re.fullmatch(r"⟦.*⟧", f["text"], re.S))]
        assert bare == [], f"text not from the catalogue at {size}"
        assert await page.evaluate(OVERFLOW) == [], f"overflow at {size}"


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
async def test_the_join_page_lobby_and_preferences_in_chinese_have_no_latin_words_and_speak_chinese(
    tabs: Tabs, size: tuple[int, int]
) -> None:
    host, visitor, code = await lobby_of_three(tabs, "", size, "zh-CN")
    await expect(host.page.locator("html")).to_have_attribute("lang", "zh-CN")
    await expect(host.page.locator("#live")).to_have_text(CJK)  # Bo's arrival, said in Chinese
    assert CJK.search(await host.page.title())
    for page, root in await screens(host, visitor):
        words = [
            (word, f["where"])
            for f in await texts(page, root)
            for word in re.findall(r"[A-Za-z]+\*?", f["text"])
            if not allowed(f["text"], code) and not allowed(word, code) and word not in BOT_NAME.split()
        ]
        assert words == [], f"Latin words in the Chinese page at {size}"
        assert await page.evaluate(OVERFLOW) == [], f"overflow at {size}"
    await host.page.click("#prefs-close")
    await expect(host.page.locator("#start-note")).to_have_text(CJK)  # what Start waits for, in Chinese
