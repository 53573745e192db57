"""The room page in the player's language, in Chromium: the join page (with the room's preview), the
lobby (a host with a bot and a second player, the settings card) and the preferences dialog.

In the pseudo-locale en-XA every visible text and aria-label is inside ⟦ ⟧ (so it came from the
catalogue), but for names, room codes, numbers, the method names and key caps, and nothing overflows at
a phone's and a desktop's size (the page, and no button or tag cuts its text). In a zh-CN browser the
same screens show no Latin word but those, and the live region speaks Chinese.
"""

import re

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Page, expect

from tests.browser.conftest import Tab
from tests.browser.i18n_tabs import CJK, OVERFLOW, SIZES, Tabs, tabs, texts

__all__ = ["tabs"]  # the fixture, used by name

BOT_NAME = "DFS bot"  # the server names its bots in English: a name, like a player's
NAMES = {"Ana", "Bo", "Cy", BOT_NAME}
METHODS = {"DFS", "BFS", "A*"}
KEY_CAPS = {"Shift", "W", "A", "S", "D", "H", "F"}  # as printed on the keys, in any language


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


LINES_OF_KEY_BUTTONS = """() => [...document.querySelectorAll('#keys-body [data-bind]')].map((button) => {
  const range = document.createRange();
  range.selectNodeContents(button);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
})"""
"""How many lines the words of each "add a key" button of the preferences take: Chinese has no spaces
to break at, so a narrow cell would break between any two characters."""


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
    lines = await host.page.evaluate(LINES_OF_KEY_BUTTONS)
    assert lines, "no add-a-key buttons"
    assert set(lines) == {1}, f"a button's words broke at {size}: {lines}"
    await host.page.click("#prefs-close")
    await expect(host.page.locator("#start-note")).to_have_text(CJK)  # what Start waits for, in Chinese
