"""Quick reactions are a thumb's size on a touch screen, in real Chromium: the results' reactions of a
racer on a phone, and a watcher's in the header on a tablet (each button at least --tap square: they
were 36 px wide)."""

from aiohttp.test_utils import TestServer
from playwright.async_api import Locator, expect

from tests.browser.conftest import keys_along, press_keys, room_of, way_out
from tests.browser.rooms import post_room
from tests.browser.screens import SCREENS, TABLET, TAP, OpenSized, join_alone, open_sized

__all__ = ["open_sized"]  # the fixture, used by name


async def small_ones(buttons: Locator) -> list[tuple[str, float, float]]:
    """The buttons narrower or lower than a thumb: (reaction, width, height)."""
    sizes: list[tuple[str, float, float]] = await buttons.evaluate_all(
        "(all) => all.map((b) => [b.dataset.reaction, b.getBoundingClientRect().width,"
        " b.getBoundingClientRect().height])"
    )
    return [size for size in sizes if min(size[1], size[2]) < TAP - 0.5]


async def test_reactions_are_a_thumbs_size_on_a_phone(open_sized: OpenSized, live_server: TestServer) -> None:
    code = await post_room(live_server, preset="custom", rows=6, cols=6, algorithm="backtracker")
    watcher = await open_sized(f"/r/{code}?watch=1", *TABLET)
    racer = await join_alone(open_sized, code, *SCREENS["phone"])
    await racer.page.click("#start-button")
    await racer.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)

    bar = watcher.page.locator("#reaction-bar button[data-reaction]")
    await expect(bar.first).to_be_visible(timeout=10_000)
    assert await small_ones(bar) == [], "a watcher's reactions in the header on a tablet"

    await racer.page.focus("#race-canvas")
    await press_keys(racer.page, keys_along(way_out(room_of(live_server, code))))
    after = racer.page.locator("#results-reactions button[data-reaction]")
    await expect(after.first).to_be_visible(timeout=10_000)
    assert await small_ones(after) == [], "the results' reactions on a phone"
