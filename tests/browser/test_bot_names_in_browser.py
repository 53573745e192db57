"""A bot's name on a Chinese page is Chinese: the server names bots in English ("DFS bot"), and the page
says the name in its own words wherever it shows it (the room's players, the race's standing, the replay),
keeping the number the server adds beside a second bot of the kind."""

import json
import re

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.config import WEB_DIR
from tests.browser.conftest import arrive

CHINESE = json.loads((WEB_DIR / "i18n" / "zh-CN.json").read_text(encoding="utf-8"))
ROOM_URL = re.compile(r"/r/[0-9a-z]{10}$")


async def test_the_bot_raced_from_a_chinese_front_page_is_named_in_chinese(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    tab = await open_tab("/?lang=zh-CN")
    page = tab.page
    await page.fill("#name", "小明")
    await expect(page.locator("#race-bot-go")).to_be_enabled()
    await page.click("#race-bot-go")
    await arrive(page, ROOM_URL)
    await page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)

    names = await tab.state("m.state.players.map((p) => p.name)")
    assert names == ["小明", CHINESE["bot.dfs.name"]]
    await expect(page.locator("main")).to_contain_text(CHINESE["bot.dfs.name"])
    assert "DFS bot" not in await page.locator("body").inner_text()
