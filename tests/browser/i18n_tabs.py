"""Pages read in both languages at the screen sizes players use: a tab a language and size, the texts
shown on it, and what counts as Chinese or as sticking out past the page edge."""

import json
import re
from collections.abc import AsyncIterator

import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, Page

from server.config import WEB_DIR
from tests.browser.conftest import Tab, visit

CJK = re.compile(r"[\u4e00-\u9fff]")
CHINESE = json.loads((WEB_DIR / "i18n" / "zh-CN.json").read_text(encoding="utf-8"))
"""The main catalogue's Chinese, for a test that reads what a Chinese page says."""


# What does not fit: the page wider than the window, or a visible button, tag or pill whose text is
# cut (its content wider or taller than its box).
OVERFLOW = """() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) out.push('the page: ' + doc.scrollWidth + ' > ' + doc.clientWidth);
  for (const el of document.querySelectorAll('button, a.button, .tag, .pill, h2, th')) {
    if (!el.checkVisibility() || el.closest('.sr-only')) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      out.push((el.id || el.className || el.tagName) + ': ' + JSON.stringify(el.textContent.trim()));
    }
  }
  return out;
}"""


SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


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
        await visit(page, str(self.server.make_url(path)))
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


async def texts(page: Page, root: str) -> list[dict[str, str]]:
    found: list[dict[str, str]] = await page.evaluate(TEXTS, root)
    assert found, f"{root} shows some text"
    return found


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
