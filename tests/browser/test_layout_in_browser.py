"""The room page on every screen, measured in real Chromium: where the maze, the controls, the hint
button, the pad and the results sit at a desktop, a phone on its side and two phones upright (bounding
boxes and the maze's drawn rectangle from `window.mazerace`, never pixels)."""

from typing import Any

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.conftest import Tab, keys_along, press_keys, room_of, way_out
from tests.browser.rooms import post_room
from tests.browser.screens import PHONES, SCREENS, OpenSized, join_alone, open_sized

__all__ = ["open_sized"]  # the fixture, used by name

# Every visible control of the page's race view (the header, the tools, the bar, the pad), its box,
# the viewport and the maze's drawn rectangle cut to the canvas (CSS px, relative to the viewport).
MEASURE = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  };
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  const controls = [...document.querySelectorAll(
    'header button, header a, #race-panel .race-main button, #race-panel .race-main select')]
    .filter(shown)
    .map((e) => ({name: e.id || e.getAttribute('aria-label') || e.textContent.trim(), ...box(e)}));
  const main = document.querySelector('#race-panel .race-main');
  return {
    width: document.documentElement.clientWidth, height: innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    scrollY: scrollY,
    raceBottom: main.getBoundingClientRect().bottom,
    maze: window.mazerace.mazeRect(),
    stage: box(document.querySelector('#race-panel .stage')),
    hint: box(document.getElementById('hint-button')),
    pad: shown(document.getElementById('pad')) ? box(document.getElementById('pad')) : null,
    controls,
  };
}"""


# Each shown results heading's text and the number of lines it is drawn on.
HEADING_LINES = """() => [...document.querySelectorAll('#results thead th')]
  .filter((th) => th.offsetWidth > 0)
  .map((th) => {
    const range = document.createRange();
    range.selectNodeContents(th);
    return [th.textContent.trim(), new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
  })"""


LINE_WIDTHS = """(node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = new Map();
    for (const r of range.getClientRects()) {
        const top = Math.round(r.top);
        lines.set(top, (lines.get(top) ?? 0) + r.width);
    }
    return [...lines.values()];
}"""
"""The width of each line of text an element shows, in CSS px."""

DOT_ENDS_A_LINE = """(node) => {
    const text = node.firstChild, at = text.data.indexOf('·');
    const top = (i) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().top;
    };
    return Math.abs(top(at) - top(at - 2)) < 2;
}"""
"""Whether the dot between a count's halves stays on the line of the word before it."""

TEXT_OFF_MIDDLE = """(control) => {
    const range = document.createRange();
    range.selectNodeContents(control);
    const text = range.getBoundingClientRect(), box = control.getBoundingClientRect();
    return (text.top + text.bottom) / 2 - (box.top + box.bottom) / 2;
}"""
"""CSS px the middle of a control's words lies below the middle of its box (above: negative)."""


async def race_alone(open_sized: OpenSized, code: str, width: int, height: int) -> Tab:
    """Join `code` as its only player, start, and wait until the maze has been drawn."""
    tab = await join_alone(open_sized, code, width, height)
    await expect(tab.page.locator("#start-button")).to_be_visible()
    await tab.page.click("#start-button")
    await tab.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await tab.page.wait_for_function("() => window.mazerace.mazeRect() !== null")
    await tab.page.wait_for_timeout(300)  # the camera's glide settles
    return tab


def inside(box: dict[str, float], width: float, height: float) -> bool:
    return box["left"] >= 0 and box["top"] >= 0 and box["right"] <= width and box["bottom"] <= height


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


FIRST_ROW = """(() => { const r = document.querySelector('#results-body tr')?.getBoundingClientRect();
  return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null; })()"""


@pytest.mark.parametrize("screen", list(SCREENS))
async def test_the_race_fits_the_screen_and_results_open_on_the_winner(
    open_sized: OpenSized, live_server: TestServer, screen: str
) -> None:
    width, height = SCREENS[screen]
    code = await post_room(live_server, preset="custom", rows=8, cols=8, algorithm="backtracker")
    tab = await race_alone(open_sized, code, width, height)

    m: dict[str, Any] = await tab.page.evaluate(MEASURE)
    print(screen, {k: m[k] for k in ("maze", "stage", "hint", "pad", "raceBottom")})
    assert m["scrollWidth"] <= width, f"the page is {m['scrollWidth']} px wide in a {width} px window"
    assert m["maze"] is not None
    for control in m["controls"]:
        assert inside(control, width, height), f"{control['name']} lies outside the window: {control}"
        assert not overlaps(control, m["maze"]), f"{control['name']} covers the maze: {control} {m['maze']}"
    assert inside(m["hint"], width, height), f"the Hint button is off screen: {m['hint']}"
    if screen in PHONES:
        assert m["pad"] is not None, "a touch screen shows the pad"
        assert inside(m["pad"], width, height), f"the pad is off screen: {m['pad']}"
        assert m["raceBottom"] <= height, "the race needs no scrolling on a phone"
        assert m["scrollY"] == 0
    assert inside(m["stage"], width, height)
    await expect(tab.page.locator("#race-summary")).to_have_text("You are 1st of 1.")

    await tab.page.focus("#race-canvas")
    await tab.page.keyboard.press("h")  # a hint: the time cell grows its "(... + ... hints)" line
    await tab.page.wait_for_function("() => Object.keys(window.mazerace.state.hints).length === 1")
    count = tab.page.locator("#hud-hints")
    await expect(count).to_contain_text("1 used")
    widths = await count.evaluate(LINE_WIDTHS)  # the desktop's half-width box had shown "1 used · 2" / "left"
    assert min(widths) >= max(widths) / 2, f"a word alone on a line of the hint count: {widths}"
    assert await count.evaluate(DOT_ENDS_A_LINE), "a line of the hint count begins with its dot"
    await press_keys(tab.page, keys_along(way_out(room_of(live_server, code))))
    results = tab.page.locator("#results")
    await expect(results).to_be_visible(timeout=10_000)
    await expect(tab.page.locator("#results-winner")).to_have_text("You win!")
    await expect(tab.page.locator("#message")).to_be_hidden(timeout=1000)  # no toast over the heading
    await expect(tab.page.locator("#results-heading")).to_be_focused()
    await tab.page.wait_for_timeout(200)  # the chart and the analysis fill in under the table
    # measured in one step: the rows are rebuilt as results fill in (a replaced row had no box)
    first = await tab.page.evaluate(FIRST_ROW)
    assert first is not None
    print(screen, "first results row", first)
    assert first["y"] >= 0, f"the winner's row is above the window: {first}"
    assert first["y"] + first["height"] <= height, f"the winner's row is below the window: {first}"
    assert first["x"] >= 0, f"the winner's row starts left of the window: {first}"
    assert first["x"] + first["width"] <= width, f"the winner's row runs past the window: {first}"
    await expect(tab.page.locator("#results-body tr").first).to_contain_text("Ana")
    note = await tab.page.locator("#results-note").inner_text()
    shown = width > 480  # a small phone folds the route and efficiency columns away, and their notes
    assert ("Route:" in note, "Efficiency:" in note) == (shown, shown), note
    headings: list[tuple[str, int]] = await tab.page.evaluate(HEADING_LINES)
    assert [h for h in headings if " " not in h[0] and h[1] > 1] == [], (
        f"a heading broken inside a word: {headings}"
    )
    for action in ("#close-results", "#leave-results"):  # the actions stay in reach, at the dialog's foot
        box = await tab.page.locator(action).bounding_box()
        assert box is not None
        edges = {
            "left": box["x"],
            "top": box["y"],
            "right": box["x"] + box["width"],
            "bottom": box["y"] + box["height"],
        }
        assert inside(edges, width, height), f"{action} is out of reach: {box}"
        off = await tab.page.locator(action).evaluate(TEXT_OFF_MIDDLE)  # a link's words sat higher
        assert abs(off) <= 1, f"{action}'s words lie {off:.1f} px off its middle"


async def test_the_whole_maze_view_fits_a_150_maze_on_every_screen(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    code = await post_room(live_server, preset="custom", rows=150, cols=150, algorithm="backtracker")
    tab = await race_alone(open_sized, code, *SCREENS["small phone"])
    for screen, (width, height) in SCREENS.items():
        await tab.page.set_viewport_size({"width": width, "height": height})
        await tab.page.wait_for_timeout(150)
        if await tab.page.get_attribute("#whole-maze", "aria-pressed") != "true":
            await tab.page.click("#whole-maze")
        await tab.page.wait_for_timeout(150)
        extent = await tab.state("m.mazeExtent()")
        stage = await tab.page.evaluate(
            "() => document.querySelector('#race-panel .stage').getBoundingClientRect().toJSON()"
        )
        assert isinstance(extent, dict)
        print(screen, "whole maze", extent, "stage", stage)
        for side in ("left", "top"):
            assert extent[side] >= stage[side] - 0.5, f"{screen}: the maze's {side} is outside the stage"
        for side in ("right", "bottom"):
            assert extent[side] <= stage[side] + 0.5, f"{screen}: the maze's {side} is outside the stage"
    await tab.page.focus("#race-canvas")
    await tab.page.keyboard.press("f")  # the key goes back to following, and the camera zooms in again
    await expect(tab.page.locator("#whole-maze")).to_have_attribute("aria-pressed", "false")
    await tab.page.wait_for_timeout(200)
    extent = await tab.state("m.mazeExtent()")
    assert isinstance(extent, dict)
    assert extent["right"] - extent["left"] > width, "following zooms in on a big maze"


async def test_the_mazes_focus_ring_is_not_clipped(open_sized: OpenSized, live_server: TestServer) -> None:
    code = await post_room(live_server, preset="custom", rows=8, cols=8, algorithm="backtracker")
    tab = await race_alone(open_sized, code, *SCREENS["desktop"])
    await tab.page.focus("#whole-maze")
    for _ in range(4):  # back from the camera tools to the maze, by keyboard
        await tab.page.keyboard.press("Shift+Tab")
    await expect(tab.page.locator("#race-canvas")).to_be_focused()
    ring = await tab.page.evaluate(
        """() => {
          const s = document.querySelector('#race-panel .stage');
          const c = getComputedStyle(s);
          const clip = getComputedStyle(s.parentElement).overflow;
          return {style: c.outlineStyle, width: parseFloat(c.outlineWidth), clip};
        }"""
    )
    assert ring["style"] == "solid", f"the focused maze shows no ring: {ring}"
    assert ring["width"] >= 2
    assert ring["clip"] == "visible", "the ring is drawn outside the stage, so nothing around it may clip"


# The race bar's time and standing, and the box the bar itself has (the time must not spill out of it).
BAR = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  };
  return {
    bar: box(document.querySelector('.race-bar')),
    time: box(document.querySelector('.race-time')),
    summary: box(document.getElementById('race-summary')),
  };
}"""


@pytest.mark.parametrize("screen", ["phone", "small phone"])
async def test_a_watcher_on_a_phone_reacts_from_where_the_pad_would_be(
    open_sized: OpenSized, live_server: TestServer, screen: str
) -> None:
    """The reactions take the pad's corner and leave the time and the standing readable beside it."""
    code = await post_room(live_server, preset="custom", rows=8, cols=8, algorithm="backtracker")
    width, height = SCREENS[screen]
    watcher = await open_sized(f"/r/{code}?watch=1", width, height)
    await race_alone(open_sized, code, *SCREENS["desktop"])
    await watcher.page.wait_for_function("() => window.mazerace.mazeRect() !== null", timeout=10_000)
    await expect(watcher.page.locator("#reaction-bar")).to_be_hidden()  # no room in a phone's header
    buttons = watcher.page.locator("#race-reactions button[data-reaction]")
    await expect(buttons.first).to_be_visible()
    m: dict[str, Any] = await watcher.page.evaluate(MEASURE)
    assert m["pad"] is None, "a watcher has no pad"
    reactions = [c for c in m["controls"] if str(c["name"]).startswith("React:")]
    assert len(reactions) == await buttons.count()
    for control in m["controls"]:
        assert inside(control, width, height), f"{control['name']} lies outside the window: {control}"
        assert not overlaps(control, m["maze"]), f"{control['name']} covers the maze: {control} {m['maze']}"
    await expect(watcher.page.locator("#race-summary")).not_to_be_empty()
    bar: dict[str, Any] = await watcher.page.evaluate(BAR)
    print(screen, bar)
    assert bar["time"]["right"] <= bar["bar"]["right"], f"the time spills out of its bar: {bar}"
    for reaction in reactions:
        for part in ("time", "summary"):
            assert not overlaps(reaction, bar[part]), f"{reaction['name']} covers the {part}: {bar[part]}"
    await buttons.first.click()
    await expect(watcher.page.locator("#spectator-reaction")).to_be_visible()


WIDEST_CODE = "mmmmmmmmmm"
"""A room code of the alphabet's widest letter: codes are random, so the header must fit any of them."""


async def test_the_header_fits_the_smallest_phone_whatever_the_room_code(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    code = await post_room(live_server, preset="easy")
    width, height = SCREENS["small phone"]
    tab = await race_alone(open_sized, code, width, height)
    await tab.page.evaluate(f"document.getElementById('room-code').textContent = '{WIDEST_CODE}'")
    await tab.page.wait_for_timeout(100)
    m = await tab.page.evaluate(MEASURE)
    assert m["scrollWidth"] <= width, f"the page is {m['scrollWidth'] - width} px wider than the phone"
    outside = [c["name"] for c in m["controls"] if not inside(c, width, height)]
    assert not outside, f"header controls past the screen's edge: {outside}"
