"""The page in the player's language, in Chromium: the 404 page (the first page on the catalogues) in a
zh-CN browser, with ?lang= over it, the header's switch, and the pseudo-locale that shows any text not
from the catalogue; axe over the Chinese page."""

import asyncio
import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, ConsoleMessage, Page, Route, expect

from tests.browser.axe import AXE, BLOCKING, RUN_AXE

CHINESE_HEADING = "这个地址上什么也没有"
ENGLISH_HEADING = "There is nothing at this address"
CATALOGUE_DELAY_S = 0.3


async def late_catalogue(route: Route) -> None:
    """A catalogue that arrives after the page's load event, as it may on a busy machine."""
    await asyncio.sleep(CATALOGUE_DELAY_S)
    await route.continue_()


@pytest_asyncio.fixture(loop_scope="session")
async def chinese_tab(browser: Browser) -> AsyncIterator[Page]:
    """A tab of a browser set to Chinese (navigator.languages, Accept-Language), its catalogues late;
    script errors fail."""
    context = await browser.new_context(locale="zh-CN", viewport={"width": 390, "height": 844})
    page = await context.new_page()
    await page.route(re.compile(r"/static/.*/i18n/[^/]+\.json$"), late_catalogue)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def console(msg: ConsoleMessage) -> None:
        url = msg.location.get("url", "")
        if msg.type in ("error", "warning") and not ("status of 404" in msg.text and "/static/" not in url):
            errors.append(f"{msg.text} ({url})")  # the page's own 404 status is what it is for

    page.on("console", console)
    yield page
    await context.close()
    assert not errors, f"errors or missing keys in the page: {errors}"


async def heading_and_lang(page: Page) -> tuple[str, str | None]:
    """The heading and <html lang> once the page's script has run: the words come from a catalogue the
    script fetches with a top-level await, which the load event does not wait for, and the switch is
    mounted only after the words are in place."""
    await expect(page.locator("#language-switch")).to_be_attached()
    heading = await page.locator("#lost-heading").text_content()
    return (heading or "").strip(), await page.locator("html").get_attribute("lang")


async def test_the_404_page_follows_the_browser_then_the_address_then_the_switch(
    chinese_tab: Page, live_server: TestServer
) -> None:
    page = chinese_tab
    await page.goto(str(live_server.make_url("/nope")))
    assert await heading_and_lang(page) == (CHINESE_HEADING, "zh-CN")
    assert await page.title() == "这里什么也没有 · 迷宫竞速"
    assert (await page.locator(".lost .button").text_content() or "").strip() == "返回首页"
    switch = page.get_by_role("combobox", name="语言")
    assert await switch.input_value() == "zh-CN"

    await page.goto(str(live_server.make_url("/nope?lang=en")))
    assert await heading_and_lang(page) == (ENGLISH_HEADING, "en")
    assert await page.get_by_role("combobox", name="Language").input_value() == "en"

    async with page.expect_navigation():
        await page.locator("#language-switch").select_option("zh-CN")
    assert "lang=" not in page.url, "the switch drops a ?lang= that would override it"
    assert await heading_and_lang(page) == (CHINESE_HEADING, "zh-CN")

    async with page.expect_navigation():
        await page.locator("#language-switch").select_option("en")
    await page.goto(str(live_server.make_url("/r/abcdefghij/extra")))
    assert await heading_and_lang(page) == (ENGLISH_HEADING, "en"), "the choice is remembered"


async def test_every_word_on_the_404_page_comes_from_the_catalogue(
    chinese_tab: Page, live_server: TestServer
) -> None:
    page = chinese_tab
    await page.goto(str(live_server.make_url("/nope?lang=en-XA")))
    assert (await heading_and_lang(page))[1] == "en-XA"
    texts = await page.evaluate(
        """() => {
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const found = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent.trim();
            if (text && !node.parentElement.closest('option, .language-switch')) found.push(text);
          }
          return found;
        }"""
    )
    assert texts, "the page shows some text"
    not_from_catalogue = [text for text in texts if not (text.startswith("⟦") and text.endswith("⟧"))]
    assert not not_from_catalogue
    assert (await page.title()).startswith("⟦")
    # en-XA is never saved: the next page is back in the browser's language
    await page.goto(str(live_server.make_url("/nope")))
    assert await heading_and_lang(page) == (CHINESE_HEADING, "zh-CN")


@pytest.mark.parametrize("scheme", ["light", "dark"])
async def test_the_chinese_404_page_and_its_switch_are_accessible(
    browser: Browser, live_server: TestServer, scheme: str
) -> None:
    context = await browser.new_context(locale="zh-CN", color_scheme=scheme, bypass_csp=True)  # type: ignore[arg-type]
    try:
        page = await context.new_page()
        await page.goto(str(live_server.make_url("/nope")))
        assert await heading_and_lang(page) == (CHINESE_HEADING, "zh-CN"), "axe checks the Chinese page"
        await page.add_script_tag(path=str(AXE))
        found = await page.evaluate(RUN_AXE)
        assert [v for v in found if v["impact"] in BLOCKING] == []
    finally:
        await context.close()
