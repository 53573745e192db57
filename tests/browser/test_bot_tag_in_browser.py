"""A bot's name stays whole beside its tag in the race's standings, in real Chromium: once the race is
over the standing's time narrows the name's column, and the line must break before the tag ("DFS bot"
over "bot · DFS · 20/s"), never inside the name ("DFS" over "bot")."""

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.room.bot_spec import MAX_SPEED
from tests.browser.bot_page import add_bot
from tests.browser.conftest import keys_along, press_keys, room_of, way_out
from tests.browser.rooms import join_room, post_room

NAME_LINES = """(name) => {
  const range = document.createRange();
  range.selectNodeContents(name.firstChild);  // the name's own text, not its tag
  const lines = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom));
  return new Set(lines).size;
}"""


async def test_a_bots_name_is_never_broken_to_make_room_for_its_tag(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer
) -> None:
    code = await post_room(live_server, preset="custom", rows=6, cols=6, algorithm="backtracker")
    host = await join_room(open_tab, code, "Ana")
    await add_bot(host, "dfs", MAX_SPEED)
    await host.page.click("#start-button")
    await host.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await host.page.focus("#race-canvas")
    await press_keys(host.page, keys_along(way_out(room_of(live_server, code))))
    await expect(host.page.locator("#results")).to_be_visible(timeout=15_000)
    await host.page.keyboard.press("Escape")  # the results closed: the standings beside the maze
    bot = host.page.locator("#standings li", has_text="DFS bot").locator(".name")
    await expect(bot).to_contain_text("DFS bot")
    assert await bot.evaluate(NAME_LINES) == 1
