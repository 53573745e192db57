"""The room page's small fixes, in real Chromium: a host alone is told the truth, the lobby starts on
its main action, an unknown room offers only the way home, a locked room only watching, the daily room
says it is today's maze and shows no form, and pressed toggles stay readable in light and dark."""

import asyncio

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, expect

from tests.browser.conftest import room_of
from tests.browser.rooms import post_room
from tests.browser.screens import SCREENS, OpenSized, open_sized

__all__ = ["open_sized"]  # the fixture, used by name


async def test_a_host_alone_and_not_ready_is_not_told_everyone_is_ready(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    code = await post_room(live_server)
    tab = await open_sized(f"/r/{code}", *SCREENS["desktop"])
    await tab.page.fill("#name", "Ana")
    await tab.page.click("#join-as-player")
    note = tab.page.locator("#start-note")
    await expect(note).to_have_text(
        "You are the only player: start when you like, or share the link to race friends."
    )
    await expect(tab.page.locator("#start-button")).to_be_focused()  # the main action, on arrival


async def test_the_lobby_starts_on_its_main_action_and_start_comes_first(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    code = await post_room(live_server)
    host = await open_sized(f"/r/{code}", *SCREENS["desktop"])
    await host.page.fill("#name", "Ana")
    await host.page.click("#join-as-player")
    await expect(host.page.locator("#start-button")).to_be_focused()
    guest = await open_sized(f"/r/{code}", *SCREENS["desktop"])
    await guest.page.fill("#name", "Bo")
    await guest.page.click("#join-as-player")
    await expect(guest.page.locator("#ready-toggle")).to_be_focused()
    await expect(host.page.locator("#start-note")).to_contain_text("Start waits for Bo to be ready")
    # Start is the first thing the keyboard reaches after the header
    first = await host.page.evaluate(
        """() => [...document.querySelectorAll('main button, main a, main input, main select')]
          .find((e) => e.offsetParent !== null && e.tabIndex >= 0).id"""
    )
    assert first == "start-button"


async def test_an_unknown_room_offers_only_the_way_home_and_the_language(open_sized: OpenSized) -> None:
    tab = await open_sized("/r/nosuchroom", *SCREENS["phone"])
    await expect(tab.page.locator("#room-gone")).to_contain_text("There is no such room")
    for gone in ("#join-as-player", "#join-as-spectator", "#name", "#conn-state", "#mute-button"):
        await expect(tab.page.locator(gone)).to_be_hidden()
    await expect(tab.page.locator("#go-home")).to_have_attribute("href", "/")
    await expect(tab.page.locator("#go-home")).to_be_visible()
    await expect(tab.page.locator("#language-switch")).to_be_visible()
    missing = "Failed to load resource: the server responded with a status of 404 (Not Found)"
    assert tab.errors == [missing], "the preview's question about the room is its only failed load"
    tab.errors.clear()


async def test_a_locked_room_offers_only_watching(open_sized: OpenSized, live_server: TestServer) -> None:
    code = await post_room(live_server)
    host = await open_sized(f"/r/{code}", *SCREENS["desktop"])
    await host.page.fill("#name", "Ana")
    await host.page.click("#join-as-player")
    await host.page.click("#lock-toggle")
    await expect(host.page.locator("#lock-toggle")).to_have_text("Unlock room")
    visitor = await open_sized(f"/r/{code}", *SCREENS["phone"])
    await expect(visitor.page.locator("#room-preview")).to_contain_text("locked the room: you can watch")
    await expect(visitor.page.locator("#join-as-player")).to_be_hidden()
    await expect(visitor.page.locator("#join-as-spectator")).to_be_visible()
    await visitor.page.fill("#name", "Cy")
    await visitor.page.press("#name", "Enter")  # the form's Enter watches too
    await visitor.page.wait_for_function("() => window.mazerace.you?.role === 'spectator'")


async def test_the_daily_room_says_it_is_todays_maze_and_shows_no_form(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.post(live_server.make_url("/api/daily"), json={"preset": "easy"}) as response,
    ):
        code = (await response.json())["code"]
    tab = await open_sized(f"/r/{code}", *SCREENS["desktop"])
    await tab.page.fill("#name", "Ana")
    await tab.page.click("#join-as-player")
    room = room_of(live_server, code)
    size = f"{room.settings.rows}\u00d7{room.settings.cols}"  # rows times columns
    await expect(tab.page.locator("#settings-heading")).to_have_text(f"Today's maze ({size})")
    await expect(tab.page.locator("#settings-form")).to_be_hidden()
    await expect(tab.page.locator("#settings-summary")).to_contain_text("same for everyone today")


CONTRAST = """(selector) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const channel = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const clear = (e) => ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(e).backgroundColor);
  const e = document.querySelector(selector);
  let bg = e; // the first ancestor (or itself) with a background
  while (bg && clear(bg)) bg = bg.parentElement;
  const a = lum(rgb(getComputedStyle(e).color));
  const b = lum(rgb(getComputedStyle(bg || document.body).backgroundColor));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
async def test_pressed_toggles_read_clearly(
    open_sized: OpenSized, live_server: TestServer, scheme: str
) -> None:
    code = await post_room(live_server)
    tab = await open_sized(f"/r/{code}", *SCREENS["desktop"])
    await tab.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    await tab.page.fill("#name", "Ana")
    await tab.page.click("#join-as-player")
    guest = await open_sized(f"/r/{code}", *SCREENS["desktop"])  # Ready is a player's (the host starts)
    await guest.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    await guest.page.fill("#name", "Bo")
    await guest.page.click("#join-as-player")
    for who, toggle in ((tab, "#lock-toggle"), (guest, "#ready-toggle"), (tab, "#mute-button")):
        await who.page.click(toggle)
        await expect(who.page.locator(toggle)).to_have_attribute("aria-pressed", "true")
        await who.page.mouse.move(0, 0)  # no hover colours
        ratio = await who.page.evaluate(CONTRAST, toggle)
        assert ratio >= 4.5, f"{toggle} pressed reads at {ratio:.2f}:1 in {scheme}"


async def test_a_name_typed_while_the_page_loads_joins_under_that_name(
    browser: Browser, live_server: TestServer
) -> None:
    """A quick player types their name and presses Join before the page's scripts have run (here the
    catalogue they wait for comes 1.5 s late): the name they typed stays, and Join waits for the page
    instead of sending the form as a plain page load."""
    code = await post_room(live_server, preset="easy")
    width, height = SCREENS["small phone"]
    context = await browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=True, has_touch=True
    )
    page = await context.new_page()

    async def late(route):  # type: ignore[no-untyped-def]
        await asyncio.sleep(1.5)
        await route.continue_()

    await page.route("**/i18n/*.json", late)
    try:
        await page.goto(str(live_server.make_url(f"/r/{code}")), wait_until="domcontentloaded")
        await page.fill("#name", "Quick")
        await expect(page.locator("#join-as-player")).to_be_disabled()
        await page.click("#join-as-player")  # waits until the page has bound it
        await expect(page.locator("#lobby-panel")).to_be_visible()
        await expect(page.locator("#players")).to_contain_text("Quick")
    finally:
        await context.close()
