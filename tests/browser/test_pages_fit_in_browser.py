"""Every page fits every screen, measured in real Chromium: at a desktop, a phone on its side and two
phones upright, no page is wider than the window (nothing to scroll sideways) and the dialogs lie inside
it. The race and the front page have their own, closer tests (test_layout_in_browser.py,
test_front_page_in_browser.py); this one walks the pages around them: a room's join page and lobby,
the preferences, the replay of a finished race, an unknown room and an unknown address."""

import asyncio
import re

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Page, expect

from tests.browser.conftest import Tab, room_of, way_out
from tests.browser.rooms import post_room
from tests.browser.screens import (
    PAST_THE_RIGHT_EDGE,
    SCREENS,
    OpenSized,
    join_alone,
    open_sized,
    page_overflow,
)
from tests.store.live import Racer

__all__ = ["open_sized"]  # the fixture, used by name


async def assert_fits(page: Page, what: str) -> None:
    overflow = await page_overflow(page)
    assert overflow <= 0, (
        f"{what} is {overflow} px wider than the window: {await page.evaluate(PAST_THE_RIGHT_EDGE)}"
    )


RACERS = ("Ann", "Bob", "Cleo", "小明")
"""The replay's splits table has a column for each racer: four of them make it wider than a phone."""


async def finished_race(live_server: TestServer, names: tuple[str, ...] = RACERS) -> str:
    """A race run to the exit by Socket.IO players (only its replay is looked at here); its id."""
    code = await post_room(live_server, preset="custom", rows=8, cols=8, algorithm="backtracker")
    racers = [Racer(str(live_server.make_url(""))) for _ in names]
    try:
        for racer, name in zip(racers, names, strict=True):
            await racer.connect()
            await racer.join(code, name)
        for racer in racers[1:]:
            await racer.ok("ready", {"ready": True})
        await racers[0].ok("start")
        started = (await racers[0].wait_for("started"))["d"]
        way = way_out(room_of(live_server, code))[1:]
        await asyncio.gather(*(racer.walk(way) for racer in racers))
        await racers[0].wait_for("race_over")
        return str(started["race"])
    finally:
        for racer in racers:
            await racer.close()


@pytest.mark.parametrize("screen", list(SCREENS))
async def test_no_page_is_wider_than_the_screen(
    open_sized: OpenSized, live_server: TestServer, screen: str
) -> None:
    width, height = SCREENS[screen]
    race = await finished_race(live_server)
    code = await post_room(live_server, preset="easy")

    joining = await open_sized(f"/r/{code}", width, height)
    await expect(joining.page.locator("#join-as-player")).to_be_visible()
    await assert_fits(joining.page, "the join page")

    lobby = await join_alone(open_sized, code, width, height)
    await assert_fits(lobby.page, "the lobby")
    await lobby.page.click("#prefs-button")
    dialog = lobby.page.locator("#prefs-dialog")
    await expect(dialog).to_be_visible()
    box = await dialog.bounding_box()
    assert box is not None
    assert box["x"] >= 0, f"the preferences start left of the window: {box}"
    assert box["x"] + box["width"] <= width, f"the preferences run past the window: {box}"
    assert box["y"] >= 0, f"the preferences start above the window: {box}"
    assert box["y"] + box["height"] <= height, f"the preferences run below the window: {box}"
    await assert_fits(lobby.page, "the preferences")

    replay = await open_sized(f"/replay/{race}", width, height)
    await replay.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    await expect(replay.page.locator("#replay-analysis")).to_have_attribute(
        "data-state", "ready", timeout=15_000
    )
    await assert_fits(replay.page, "the replay")
    header = await replay.page.locator("header").bounding_box()
    assert header is not None
    assert header["height"] <= height / 5, f"the replay's header takes {header['height']:.0f} of {height} px"

    unknown_room = await open_sized("/r/nosuchroom", width, height)
    await expect(unknown_room.page.locator("#join-as-player")).to_be_hidden()
    await assert_fits(unknown_room.page, "an unknown room")
    expect_not_found(unknown_room, "the room's lookup")

    nowhere = await open_sized("/no/such/page", width, height)
    await expect(
        nowhere.page.get_by_role("link", name=re.compile("front page", re.IGNORECASE))
    ).to_be_visible()
    await assert_fits(nowhere.page, "the 404 page")
    expect_not_found(nowhere, "the page itself")


async def test_two_racers_splits_fit_their_card_on_a_desktop_and_a_small_phone(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    """A table wider than its card scrolls in it; two racers' splits need not: the row labels wrap."""
    race = await finished_race(live_server, ("Ana", "Rosalind"))
    for screen in ("desktop", "small phone"):
        replay = await open_sized(f"/replay/{race}", *SCREENS[screen])
        splits = replay.page.locator("#replay-splits")
        await expect(splits).to_be_visible(timeout=15_000)
        inner, whole = await splits.evaluate("(card) => [card.clientWidth, card.scrollWidth]")
        assert whole <= inner, f"the splits need {whole} px in {inner} on the {screen}"


def expect_not_found(tab: Tab, what: str) -> None:
    """The browser logs the 404 a missing room or page answers; that one is expected, nothing else."""
    missing = [e for e in tab.errors if "status of 404" in e]
    assert missing, f"{what} was not answered 404"
    for error in missing:
        tab.errors.remove(error)
