"""The published mazes' pages in the player's language, in Chromium, at a phone's and a laptop's size:
a maze's page (its shortest way shown) and the list. In the pseudo-locale every visible text, option,
aria-label and placeholder comes from the catalogue but the maze's title, its author and its code, and
nothing overflows; in Chinese no Latin word shows but those."""

import json
import re
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from tests.browser.editor_page import READY, clear_a_snake
from tests.browser.i18n_tabs import CJK, OVERFLOW, SIZES, Tabs, tabs, texts
from tests.browser.published import TITLE, publish_by_http
from tests.hand_mazes import looped_maze

__all__ = ["tabs"]  # the fixture, used by name

CATALOGUES = Path(__file__).resolve().parents[2] / "web" / "i18n"
ZH = {
    **json.loads((CATALOGUES / "zh-CN.json").read_text()),
    **json.loads((CATALOGUES / "makers" / "zh-CN.json").read_text()),
}
"""The Chinese words of the pages and of the maze makers' pages."""


def same_in_every_language(text: str, code: str) -> bool:
    """No Latin letter, or the maze's title, its author or its code."""
    return not re.search(r"[A-Za-z]", text) or text in {TITLE, "Ann", code}


async def read_both_pages(
    tabs: Tabs, query: str, size: tuple[int, int], locale: str
) -> list[tuple[Page, str]]:
    """The maze's page and the list, loaded and showing the maze; each (page, code)."""
    code = await publish_by_http(tabs.server, looped_maze())
    maze = await tabs.open(f"/m/{code}{query}", size, locale)
    await expect(maze.page.locator("#maze-main")).to_have_attribute("data-state", "ready")
    await maze.page.check("#show-way")
    listing = await tabs.open(f"/mazes{query}", size, locale)
    await expect(listing.page.locator(f"#maze-list li[data-code='{code}']")).to_be_visible()
    return [(maze.page, code), (listing.page, code)]


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
async def test_every_word_of_the_maze_pages_comes_from_the_catalogue_and_fits(
    tabs: Tabs, size: tuple[int, int]
) -> None:
    for page, code in await read_both_pages(tabs, "?lang=en-XA", size, "en-US"):
        assert (await page.title()).startswith("⟦")
        found = await texts(page, "body")
        bare = [
            f
            for f in found
            if not (same_in_every_language(f["text"], code) or re.fullmatch(r"⟦.*⟧", f["text"], re.S))
        ]
        assert bare == [], f"text not from the catalogue at {size}"
        assert await page.evaluate(OVERFLOW) == [], f"overflow at {size}"


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
async def test_the_maze_pages_in_chinese_have_no_latin_words(tabs: Tabs, size: tuple[int, int]) -> None:
    for page, code in await read_both_pages(tabs, "", size, "zh-CN"):
        await expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
        assert CJK.search(await page.title())
        words = [
            (word, f["where"])
            for f in await texts(page, "body")
            for word in re.findall(r"[A-Za-z]+", f["text"])
            if not same_in_every_language(f["text"], code) and word not in {"Ann", code}
        ]
        assert words == [], f"Latin words in the Chinese page at {size}"
        assert await page.evaluate(OVERFLOW) == [], f"overflow at {size}"


async def test_a_refused_publication_is_said_in_the_pages_language_alone(tabs: Tabs) -> None:
    """An empty name is asked for before anything is sent; a name too wide gets the catalogue's words
    alone, without the server's English detail after them, on a Chinese page."""
    tab = await tabs.open("/editor", SIZES["phone"], "zh-CN")
    page = tab.page
    await page.wait_for_selector(READY)
    published: list[str] = []
    page.on(
        "request",
        lambda r: published.append(r.url) if r.method == "POST" and r.url.endswith("/api/mazes") else None,
    )
    await page.fill("#publish-title", "蛇形走廊")
    await page.click("#publish")
    note = page.locator("#publish-note")
    await expect(note).to_have_text(ZH["editor.publish.needs_author"])
    await expect(page.locator("#publish-author")).to_be_focused()
    assert published == []
    await clear_a_snake(page)  # a maze the server would take
    await page.fill("#publish-author", "王" * 11)  # 22 columns: the server refuses it
    await page.click("#publish")
    await expect(note).to_have_text(ZH["error.bad_name"])
    assert len(published) == 1
    assert not re.search(r"[A-Za-z]", await note.inner_text())
    refused = [error for error in tab.errors if "the server responded with a status of 400" in error]
    assert len(refused) == 1  # the refusal this test asked for, and no other
    tab.errors[:] = [error for error in tab.errors if error not in refused]
