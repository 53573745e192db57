"""The QA walk-through of the redesigned screens, each finding measured again in real Chromium against the
real server (geometry and text, never pixels; a time with hints on a phone's tables:
test_phone_tables_in_browser.py): names read in the host's lobby list; the pop-up
message covers no control and takes no tap; the host's lobby says what Start waits for and whom
"start without" leaves out; the results' way back keeps a guest in the room; one tap on the front page
races, without a name typed; the hint setting and the hint's words agree; and the smaller ones: no
"Join the race" over a room that does not exist, the whole-maze view shows the whole marker, the share
link shows whole."""

import asyncio
import re

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.conftest import arrive, keys_along, press_keys, room_of, visit, way_out
from tests.browser.rooms import post_room
from tests.browser.screens import SCREENS, OpenSized, join_alone, open_sized, page_overflow

__all__ = ["open_sized"]  # the fixture, used by name


async def test_other_players_names_read_in_the_host_lobby(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    for screen in ("desktop", "phone", "small phone"):
        width, height = SCREENS[screen]
        code = await post_room(live_server, preset="easy")
        host = await join_alone(open_sized, code, width, height)
        guest = await open_sized(f"/r/{code}", width, height)
        await guest.page.fill("#name", "Bartholomew")
        await guest.page.click("#join-as-player")
        row = host.page.locator("#players li", has_text="Bartholomew")
        await expect(row.get_by_role("button", name="Remove Bartholomew")).to_be_visible()
        name = await row.locator(".name").evaluate(
            """(e) => { const r = e.getBoundingClientRect(); const range = document.createRange();
                       range.selectNodeContents(e);
                       return { width: r.width, height: r.height, lines: range.getClientRects().length,
                                line: parseFloat(getComputedStyle(e).lineHeight) || 24 }; }"""
        )
        assert name["lines"] == 1, f"{screen}: the name wraps: {name}"
        assert name["height"] <= name["line"] * 1.5, f"{screen}: the name is crushed: {name}"
        assert await page_overflow(host.page) <= 0, screen


CONTROLS = """() => {
  const m = document.getElementById('message').getBoundingClientRect();
  const hits = [];
  const controls = 'button, a[href], input, select, #hud-timer, #race-summary, #standings li';
  for (const c of document.querySelectorAll(controls)) {
    if (!c.getClientRects().length || c.closest('#message') || c.closest('[inert]')) continue;
    const r = c.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const across = Math.min(r.right, m.right) - Math.max(r.left, m.left) > 0.5;
    const down = Math.min(r.bottom, m.bottom) - Math.max(r.top, m.top) > 0.5;
    const what = c.id || c.getAttribute('aria-label') || c.textContent || c.tagName;
    if (across && down) hits.push(what.trim().slice(0, 40));
  }
  return { hits, taps: getComputedStyle(document.getElementById('message')).pointerEvents };
}"""

SAY = """(text) => {
  const m = document.getElementById('message');
  m.textContent = text;
  m.dataset.kind = 'info';
  m.hidden = false;
}"""
LONG_MESSAGE = "Settings saved: the next race uses them, and everyone in the room sees them."


@pytest.mark.parametrize("screen", list(SCREENS))
async def test_the_message_covers_no_control(
    open_sized: OpenSized, live_server: TestServer, screen: str
) -> None:
    width, height = SCREENS[screen]
    code = await post_room(live_server, preset="custom", rows=8, cols=8, algorithm="backtracker")
    tab = await join_alone(open_sized, code, width, height)
    await tab.page.click("#start-button")
    await tab.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await tab.page.click("#hint-button")  # the hint's message: the longest the race says
    await expect(tab.page.locator("#message")).to_be_visible()
    found = await tab.page.evaluate(CONTROLS)
    assert found["taps"] == "none", "the message catches taps"
    assert not found["hits"], f"the hint's message covers {found['hits']} on the {screen}"

    await tab.page.focus("#race-canvas")
    await press_keys(tab.page, keys_along(way_out(room_of(live_server, code))))
    await expect(tab.page.locator("#results")).to_be_visible(timeout=10_000)
    await tab.page.evaluate(SAY, LONG_MESSAGE)
    found = await tab.page.evaluate(CONTROLS)
    assert not found["hits"], f"a message covers {found['hits']} on the results, {screen}"


async def test_the_host_sees_what_start_waits_for(open_sized: OpenSized, live_server: TestServer) -> None:
    code = await post_room(live_server, preset="easy")
    host = await join_alone(open_sized, code, *SCREENS["desktop"])
    guest = await open_sized(f"/r/{code}", *SCREENS["desktop"])
    await guest.page.fill("#name", "Bo")
    await guest.page.click("#join-as-player")
    await expect(guest.page.locator("#lobby-panel")).to_be_visible()

    start = host.page.locator("#start-button")
    await expect(start).to_be_disabled()
    note = host.page.locator("#start-note")
    await expect(note).to_contain_text("Bo")
    assert re.match(r"^[A-Z]", await note.inner_text()), "the reason starts in sentence case"
    await expect(host.page.locator("#start-ready-button")).to_have_text("Start without Bo")
    await expect(host.page.locator("#start-ready-button")).to_have_class(re.compile(r"\bsecondary\b"))
    await expect(host.page.locator("#ready-toggle")).to_be_hidden()  # the host starts: no Ready to press
    await expect(guest.page.locator("#ready-toggle")).not_to_have_class(re.compile(r"\bsecondary\b"))
    await expect(guest.page.locator("#start-note")).to_contain_text("Press “I'm ready”")

    await guest.page.click("#ready-toggle")
    await expect(start).to_be_enabled()
    await expect(start).not_to_have_class(re.compile(r"\bsecondary\b"))
    await expect(host.page.locator("#start-ready-button")).to_be_hidden()
    await expect(guest.page.locator("#ready-toggle")).to_have_class(re.compile(r"\bsecondary\b"))


async def test_the_results_lead_back_to_the_room_and_separately_home(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    code = await post_room(live_server, preset="custom", rows=6, cols=6, algorithm="backtracker")
    host = await join_alone(open_sized, code, *SCREENS["desktop"])
    guest = await open_sized(f"/r/{code}", *SCREENS["phone"])
    await guest.page.fill("#name", "Bo")
    await guest.page.click("#join-as-player")
    await guest.page.click("#ready-toggle")
    await expect(host.page.locator("#start-button")).to_be_enabled()
    await host.page.click("#start-button")
    await host.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    keys = keys_along(way_out(room_of(live_server, code)))
    for tab in (host, guest):
        await tab.page.focus("#race-canvas")
    await asyncio.gather(press_keys(host.page, keys), press_keys(guest.page, keys))
    await expect(guest.page.locator("#results")).to_be_visible(timeout=10_000)

    back = guest.page.locator("#close-results")
    await expect(back).to_have_text("Back to the room")
    await expect(guest.page.locator("#leave-results")).to_have_text("Leave the room")
    await expect(guest.page.get_by_text("Back to lobby")).to_have_count(0)
    await back.click()
    await expect(guest.page.locator("#results")).to_be_hidden()
    await expect(guest.page.locator("#race-canvas")).to_be_focused()  # the keys go back to the maze
    assert guest.page.url.endswith(f"/r/{code}"), guest.page.url
    await expect(guest.page.locator("#where")).to_have_text("The race is over.")
    await host.page.click("#close-results")  # the host too: the results, and Rematch, are a tap away
    await expect(host.page.locator("#results")).to_be_hidden()
    await expect(host.page.locator("#show-results")).to_have_text("Results")
    await host.page.click("#show-results")
    await expect(host.page.locator("#results")).to_be_visible()
    await expect(host.page.locator("#show-results")).to_be_hidden()
    await host.page.click("#rematch-button")
    await expect(guest.page.locator("#lobby-panel")).to_be_visible()  # the guest is in for the rematch
    assert await guest.state("!!m.you") is True

    href = await host.page.get_attribute("#replay-link", "href")
    assert href is not None
    replay = await open_sized(href, *SCREENS["desktop"])
    await expect(replay.page.locator("header a", has_text="lobby")).to_have_count(0)
    await expect(replay.page.locator("#home-link")).to_have_text("Front page")
    await expect(replay.page.locator("#home-link")).to_have_attribute("href", "/")


async def test_one_tap_on_the_front_page_races_without_a_name(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    width, height = SCREENS["small phone"]
    tab = await open_sized("/", width, height)
    await tab.page.click("#race-bot-go")
    await arrive(tab.page, re.compile(r"/r/[0-9a-z]+"))
    await tab.page.wait_for_function("() => !!window.mazerace.you", timeout=10_000)
    name = await tab.state("m.state.me().name")
    assert re.fullmatch(r"Player \d{4}", str(name)), name

    front = await open_sized("/", width, height)
    await front.page.click("#create-easy")
    await arrive(front.page, re.compile(r"/r/[0-9a-z]+"))
    await expect(front.page.locator("#lobby-panel")).to_be_visible()
    chosen = await front.state("m.state.me().name")
    assert re.fullmatch(r"Player \d{4}", str(chosen)), chosen
    await visit(front.page, str(live_server.make_url("/")))
    await expect(front.page.locator("#name")).to_have_value(str(chosen))  # remembered, and editable


async def test_the_hint_setting_names_what_a_hint_shows(open_sized: OpenSized) -> None:
    tab = await open_sized("/", *SCREENS["desktop"])
    await tab.page.locator("#more-settings > summary").click()
    option = tab.page.locator("#create-fields select[name=hint_reveal] option[value=junction]")
    await expect(option).to_have_text("The way on, to the next junction or a few steps")


async def test_no_heading_over_a_missing_room_and_the_whole_share_link(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    width, height = SCREENS["small phone"]
    gone = await open_sized("/r/nosuchroom", width, height)
    await expect(gone.page.get_by_text("There is no such room")).to_be_visible()
    await expect(gone.page.locator("#join-heading")).to_be_hidden()
    gone.errors.clear()  # the room's 404 is the point here, not a fault

    for screen in ("desktop", "small phone"):
        code = await post_room(live_server, preset="easy")
        lobby = await join_alone(open_sized, code, *SCREENS[screen])
        shown = await lobby.page.locator("#share-link").evaluate(
            "(i) => ({ scroll: i.scrollWidth, client: i.clientWidth, tall: i.scrollHeight,"
            " height: i.clientHeight, right: i.getBoundingClientRect().right })"
        )
        assert shown["scroll"] <= shown["client"], f"the share link is cut on the {screen}: {shown}"
        assert shown["tall"] <= shown["height"], f"the share link is cut on the {screen}: {shown}"
        assert shown["right"] <= SCREENS[screen][0]


@pytest.mark.parametrize("screen", list(SCREENS))
async def test_the_whole_maze_view_shows_the_whole_marker(
    open_sized: OpenSized, live_server: TestServer, screen: str
) -> None:
    code = await post_room(live_server, preset="custom", rows=150, cols=150, algorithm="backtracker")
    race = await join_alone(open_sized, code, *SCREENS[screen])
    await race.page.click("#start-button")
    await race.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=20_000)
    await race.page.click("#whole-maze")
    await expect(race.page.locator("#whole-maze")).to_have_attribute("aria-pressed", "true")
    await race.page.wait_for_timeout(300)
    marker = await race.page.evaluate(
        """() => {
          const m = window.mazerace;
          const [r, c] = m.state.me().cell;
          const canvas = document.getElementById('race-canvas');
          const dpr = devicePixelRatio || 1;
          const [x, y] = m.canvasPoint(2 * c + 1.5, 2 * r + 1.5).map((v) => v / dpr);
          const a = m.canvasPoint(0, 0), b = m.canvasPoint(1, 0);
          const unit = (b[0] - a[0]) / dpr;
          const half = Math.max(0.75 * unit, 9);  // the arrow's half-length (overlay.js)
          return { x, y, half, w: canvas.clientWidth, h: canvas.clientHeight };
        }"""
    )
    m = marker
    assert m["y"] - m["half"] >= 0, f"the marker is cut at the top: {m}"
    assert m["x"] - m["half"] >= 0, f"the marker is cut at the left: {m}"
    assert m["y"] + m["half"] <= m["h"], f"the marker is cut at the bottom: {m}"
    assert m["x"] + m["half"] <= m["w"], f"the marker is cut at the right: {m}"
