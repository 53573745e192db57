"""A name too wide for the server (eleven Chinese characters: 22 columns of 20) keeps the player where
they typed it, told why in their language, before any room is made or joined: on the front page
whichever way they leave for a room, and in a room's join panel. A name just wide enough goes through,
and so does a watcher, and a player coming back to their seat: the server asks neither for a name."""

import json
import re

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.http.keys import REGISTRY
from tests.browser.conftest import arrive, room_of, script_ran
from tests.browser.i18n_tabs import CHINESE
from tests.browser.rooms import post_room

TOO_WIDE = "很" * 11
WIDEST = "很" * 10
REFUSAL = CHINESE["error.bad_name"]
ROOM_URL = re.compile(r"/r/[0-9a-z]{10}$")


async def test_the_front_page_keeps_a_name_too_wide_on_the_page_whichever_way_out(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    tab = await open_tab("/?lang=zh-CN")
    page = tab.page
    await expect(page.locator("#create-easy")).to_be_enabled()
    await expect(page.locator("#race-bot-go")).to_be_enabled()
    await expect(page.locator("#daily-easy")).to_be_enabled()
    name = page.locator("#name")
    await name.fill(TOO_WIDE)

    for way_out in ("#create-easy", "#race-bot-go", "#daily-easy"):
        await page.locator("#message").evaluate("(box) => { box.textContent = ''; }")
        await page.click(way_out)
        await expect(page.locator("#message")).to_have_text(REFUSAL)
        await expect(name).to_be_focused()
        await expect(name).to_have_attribute("aria-invalid", "true")
    await page.fill("#join-code", await post_room(live_server))
    await page.click("#join-by-code button[type=submit]")
    await expect(page.locator("#message")).to_have_text(REFUSAL)
    assert page.url.endswith("/?lang=zh-CN"), page.url
    assert len(live_server.app[REGISTRY].rooms) == 1, "only the room the test made"
    assert await name.input_value() == TOO_WIDE, "the name is kept to be shortened"

    await name.fill(WIDEST)
    await page.click("#create-easy")
    await arrive(page, ROOM_URL)
    room = room_of(live_server, page.url.rsplit("/", 1)[1])
    await expect(page.locator("#lobby-panel")).to_be_visible()
    assert [p.name for p in room.active_players()] == [WIDEST]


async def test_the_join_panel_says_why_before_asking_the_server(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server)
    tab = await open_tab(f"/r/{code}?lang=zh-CN")
    page = tab.page
    await expect(page.locator("#join-as-player")).to_be_enabled()
    await page.fill("#name", TOO_WIDE)
    await page.click("#join-as-player")
    await expect(page.locator("#message")).to_have_text(REFUSAL)
    await expect(page.locator("#name")).to_be_focused()
    assert room_of(live_server, code).active_players() == []

    await page.fill("#name", WIDEST)
    await page.click("#join-as-player")
    await page.wait_for_function("() => window.mazerace.you?.role === 'player'")
    assert [p.name for p in room_of(live_server, code).active_players()] == [WIDEST]


async def test_a_watcher_and_a_returning_player_are_never_stopped_for_their_name(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server)
    front = await open_tab("/?lang=zh-CN")
    await front.page.fill("#name", TOO_WIDE)
    await front.page.fill("#join-code", code)
    await front.page.click("#watch-code")
    await arrive(front.page, re.compile(f"/r/{code}\\?watch=1$"))
    await front.page.wait_for_function("() => window.mazerace.you?.role === 'spectator'")

    player = await open_tab(f"/r/{code}?lang=zh-CN")
    await expect(player.page.locator("#join-as-player")).to_be_enabled()
    await player.page.fill("#name", WIDEST)
    await player.page.click("#join-as-player")
    await player.page.wait_for_function("() => window.mazerace.you?.role === 'player'")
    seat = await player.state("m.you.id")
    await player.page.evaluate(f"localStorage.setItem('mazerace.name', {json.dumps(TOO_WIDE)})")
    await player.page.reload()
    await script_ran(player.page)
    await player.page.wait_for_function("() => window.mazerace.you?.role === 'player'")
    assert await player.state("m.you.id") == seat, "back in the same seat, under the name it has"
    assert [p.name for p in room_of(live_server, code).active_players()] == [WIDEST]
