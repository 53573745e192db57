"""A bot's name on a Chinese page is Chinese: the server names bots in English ("DFS bot"), and the page
says the name in its own words (the room's players, the race's standing, the results and the race
explained, the whole replay page, a ghost of the bot, a share link's preview), keeping the number the
server adds beside a second bot of the kind."""

import re

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.room.bot_spec import MAX_SPEED
from tests.browser.bot_page import add_bot
from tests.browser.conftest import arrive, room_of, way_out
from tests.browser.fog_race import start_fog_race, walk_path
from tests.browser.i18n_tabs import CHINESE
from tests.browser.rooms import join_room, post_room

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


async def test_a_bot_is_named_in_chinese_in_the_results_and_the_replay(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server, preset="easy")
    room = room_of(live_server, code)
    host = await join_room(open_tab, code, "小明", lang="zh-CN")
    await add_bot(host, "shortest", MAX_SPEED)
    bot = CHINESE["bot.shortest.name"]
    await expect(host.page.locator("#players li", has_text=bot)).to_be_visible()
    await start_fog_race(host)
    await walk_path(host, way_out(room))
    await expect(host.page.locator("#results")).to_be_visible(timeout=15_000)
    await expect(host.page.locator("#results-body")).to_contain_text(bot)
    analysis = host.page.locator("#results-analysis .analysis-body")
    await expect(analysis).to_be_visible(timeout=15_000)
    await expect(analysis.locator(".analysis-player option", has_text=bot)).to_have_count(1)
    assert "Shortest bot" not in await host.page.locator("#results").inner_text()

    await host.page.click("#replay-link")
    await arrive(host.page, re.compile(r"/replay/"))
    await host.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    await expect(host.page.locator("#replay-results-body")).to_contain_text(bot)
    await expect(host.page.locator("#replay-players")).to_contain_text(bot)
    await expect(host.page.locator("#replay-split-table thead")).to_contain_text(bot, timeout=15_000)
    assert "Shortest bot" not in await host.page.locator("body").inner_text()

    await host.page.locator("#replay-results-body tr", has_text=bot).locator("button.race-ghost").click()
    await arrive(host.page, ROOM_URL)
    await expect(host.page.locator("#ghost-note")).to_contain_text(bot)
    assert "Shortest bot" not in await host.page.locator("body").inner_text()


async def test_a_share_links_preview_names_the_bot_in_chinese(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server, preset="easy")
    host = await join_room(open_tab, code, "Ann")
    await add_bot(host, "dfs", 5)
    await expect(host.page.locator("#players li", has_text="DFS bot")).to_be_visible()

    visitor = await open_tab(f"/r/{code}?lang=zh-CN")
    preview = visitor.page.locator("#room-preview")
    await expect(preview).to_contain_text(CHINESE["bot.dfs.name"])
    assert "DFS bot" not in await preview.inner_text()
