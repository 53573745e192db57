"""A whole race with the keyboard alone, in a real browser: from the front page (type a name, create a
room) through the lobby (start: a host alone may) and the maze (arrow keys to the exit) to the results,
with Tab, Shift+Tab, Enter, Space and the arrow keys only: never a click. At every step the focused
element must be visible: inside the viewport, not clipped by a scrolling or clipping box, and drawn
with a focus indicator (an outline or a box-shadow), the maze's canvas too.

The controls are found by their role and accessible name, so the test follows a redesign of the pages;
what a redesign renames is written once, in the patterns below.
"""

import re

from aiohttp.test_utils import TestServer
from playwright.async_api import Locator, Page, expect

from tests.browser.conftest import arrive, keys_along, room_of, settled, way_out
from tests.browser.rooms import CREATE_BUTTON

MAX_TABS = 60
NAME_FIELD = re.compile(r"your name", re.IGNORECASE)
START_BUTTON = re.compile(r"^start race$", re.IGNORECASE)
MAZE = re.compile(r"^the maze", re.IGNORECASE)
INSIDE = "(dialog) => dialog.contains(document.activeElement)"

FOCUS_SEEN = """() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
        return { problem: 'focus is on the page itself' };
    }
    const what = `${el.tagName.toLowerCase()}#${el.id}`;
    // the ring is the element's own, or its container's when the container draws it (a canvas inside a
    // clipping stage has the stage ringed while it has the focus)
    const ringOf = (e) => {
        const s = getComputedStyle(e);
        const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
        return { s, outline, shadow: s.boxShadow !== 'none' };
    };
    let holder = el;
    let ringed = ringOf(el);
    for (let depth = 0; !ringed.outline && !ringed.shadow && holder.parentElement && depth < 2; depth += 1) {
        holder = holder.parentElement;
        ringed = ringOf(holder);
    }
    const { s: style, outline, shadow } = ringed;
    if (!outline && !shadow) return { problem: `${what} has no focus indicator` };
    // how far the ring reaches outside the holder's border box (a negative offset draws it inside)
    const offset = parseFloat(style.outlineOffset) || 0;
    const ring = outline ? Math.max(0, parseFloat(style.outlineWidth) + offset) : 0;
    const box = holder.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return { problem: `${what} has no size` };
    const drawn = {
        left: box.left - ring, top: box.top - ring, right: box.right + ring, bottom: box.bottom + ring,
    };
    const inside = (outer) => drawn.left >= outer.left - 0.5 && drawn.top >= outer.top - 0.5
        && drawn.right <= outer.right + 0.5 && drawn.bottom <= outer.bottom + 0.5;
    const width = document.documentElement.clientWidth;
    const viewport = [width, innerHeight];
    if (!inside({ left: 0, top: 0, right: width, bottom: innerHeight })) {
        return { problem: `${what} (with its ring) is outside the viewport`, drawn, viewport };
    }
    for (let up = holder.parentElement; up && up !== document.body; up = up.parentElement) {
        const s = getComputedStyle(up);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
            const clip = up.getBoundingClientRect().toJSON();
            const by = `${up.tagName.toLowerCase()}.${up.className}`;
            if (!inside(clip)) return { problem: `${what}'s focus ring is clipped by ${by}`, drawn, clip };
        }
    }
    return { problem: null, what };
}"""


async def assert_focus_seen(page: Page, step: str) -> None:
    """The focused element is visible: in the viewport, unclipped, with a focus indicator."""
    seen = await page.evaluate(FOCUS_SEEN)
    assert seen["problem"] is None, f"{step}: {seen}"


async def tab_to(page: Page, target: Locator, step: str) -> int:
    """Press Tab until `target` has the focus, checking that each element focused on the way is seen;
    returns how many presses it took (printed: how far each control is from where focus starts)."""
    for presses in range(MAX_TABS):
        if await target.evaluate("(el) => el === document.activeElement"):
            await assert_focus_seen(page, step)
            print(f"{step}: {presses} Tab presses")
            return presses
        await page.keyboard.press("Tab")
        await assert_focus_seen(page, f"{step} (on the way)")
    raise AssertionError(f"{step}: {MAX_TABS} Tabs never reached {target}")


async def create_room_by_keyboard(page: Page, name: str) -> str:
    """On the front page: type a name, reach the create button, press Enter; returns the room's code."""
    await tab_to(page, page.get_by_role("textbox", name=NAME_FIELD).first, "the name field")
    await page.keyboard.type(name)
    await tab_to(page, page.get_by_role("button", name=CREATE_BUTTON).first, "the create button")
    await page.keyboard.press("Enter")
    await arrive(page, re.compile(r"/r/[0-9a-z]{10}$"))
    return page.url.rsplit("/", 1)[1]


async def race_to_the_results_by_keyboard(open_tab, live_server: TestServer) -> Page:  # type: ignore[no-untyped-def]
    """Front page to results with the keyboard alone, the focus seen at every step; the results' page."""
    tab = await open_tab("/")
    page: Page = tab.page
    code = await create_room_by_keyboard(page, "Ann")

    start = page.get_by_role("button", name=START_BUTTON)
    await expect(start).to_be_visible()
    await tab_to(page, start, "the Start button")
    await page.keyboard.press("Space")
    await page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)

    maze = page.get_by_role("img", name=MAZE)
    await expect(maze).to_be_visible()
    if not await maze.evaluate("(el) => el === document.activeElement"):
        await tab_to(page, maze, "the maze")
    keys = keys_along(way_out(room_of(live_server, code)))
    for moves, key in enumerate(keys):  # the last move opens the results, which take the focus
        await assert_focus_seen(page, f"the maze after {moves} moves")
        await page.keyboard.press(key)
        await settled(page)

    results = page.get_by_role("dialog", name="Results")
    await expect(results).to_be_visible(timeout=10_000)
    first = results.locator("tbody tr").first
    await expect(first).to_contain_text("Ann")
    number = await first.locator(".swatch").evaluate("(s) => getComputedStyle(s, '::after').content")
    assert number == '"1"', "Ann's swatch shows her number, as her marker on the maze does"
    return page


async def test_a_whole_race_with_the_keyboard_alone(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    await race_to_the_results_by_keyboard(open_tab, live_server)


async def test_the_results_open_with_the_focus_in_view(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    page = await race_to_the_results_by_keyboard(open_tab, live_server)
    results = page.get_by_role("dialog", name="Results")
    await assert_focus_seen(page, "the results as they open")
    inside = await results.evaluate("(dialog) => dialog.contains(document.activeElement)")
    assert inside, "the focus left the results"
    await page.keyboard.press("Shift+Tab")
    await assert_focus_seen(page, "the results, one step back")
    assert await results.evaluate(INSIDE), "Shift+Tab left the dialog"
    await page.keyboard.press("Tab")
    await assert_focus_seen(page, "the results, forward again")
    assert await results.evaluate(INSIDE), "Tab left the dialog"
    behind = await page.evaluate("() => document.querySelector('main').inert")
    assert behind, "the page behind the results takes no focus while they show"
