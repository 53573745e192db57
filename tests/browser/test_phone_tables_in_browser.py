"""A time with hints fits every table on a phone, in real Chromium against the real server (geometry and
text, never pixels): the results, the replay's results and the front page's leaderboard show the total
on one line and the sum under it, and no page is wider than its window."""

import re

from aiohttp.test_utils import TestServer
from playwright.async_api import Page, expect

from tests.browser.conftest import Tab, keys_along, press_keys, room_of, way_out
from tests.browser.rooms import post_room
from tests.browser.screens import (
    PAST_THE_RIGHT_EDGE,
    PHONES,
    SCREENS,
    TAP,
    OpenSized,
    open_sized,
    page_overflow,
    settled_overflow,
)

__all__ = ["open_sized"]  # the fixture, used by name

NARROW = {"phone": SCREENS["phone"], "small phone": SCREENS["small phone"]}


OVERFLOWING = """(table) => {
  const box = table.parentElement.getBoundingClientRect();
  const t = table.getBoundingClientRect();
  const scroll = table.parentElement.scrollWidth - table.parentElement.clientWidth;
  return { table: [t.left, t.right], room: [box.left, box.right], scroll };
}"""


TEXT_LINES = """(node) => {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  const bottoms = [];
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(text);
    for (const r of range.getClientRects()) {
      if (r.width > 0 && !bottoms.some((b) => Math.abs(b - r.bottom) < 3)) bottoms.push(r.bottom);
    }
  }
  return bottoms.length;
}"""
"""How many lines of text an element shows."""


async def race_with_a_hint(
    open_sized: OpenSized, live_server: TestServer, name: str = "Ann", query: str = ""
) -> tuple[Tab, str]:
    """`name` races an easy (ranked) room alone on the desktop, asks one hint (5 s) and walks out;
    their tab (on the results) and the race's id."""
    code = await post_room(live_server, preset="easy")
    tab = await open_sized(f"/r/{code}{query}", *SCREENS["desktop"])
    await tab.page.fill("#name", name)
    await tab.page.click("#join-as-player")
    await tab.page.click("#start-button")
    await tab.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await tab.page.click("#hint-button")
    await tab.page.wait_for_function("() => window.mazerace.state.me().hints === 1")
    await tab.page.focus("#race-canvas")
    await press_keys(tab.page, keys_along(way_out(room_of(live_server, code))))
    await expect(tab.page.locator("#results")).to_be_visible(timeout=10_000)
    href = await tab.page.get_attribute("#replay-link", "href")
    assert href is not None
    return tab, href.rsplit("/", 1)[1]


async def time_cell_lines(page: Page, selector: str) -> dict[str, float]:
    """The lines of text a time cell shows (`lines`), and those of its total alone (`totalLines`)."""
    cell = page.locator(selector).first
    total = cell.locator(".time-total")
    total_lines = await total.evaluate(TEXT_LINES) if await total.count() else 99
    return {"lines": await cell.evaluate(TEXT_LINES), "totalLines": total_lines}


async def test_a_time_with_hints_fits_every_table_on_a_phone(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    ann, race = await race_with_a_hint(open_sized, live_server)

    # The results at 360 x 640: the table inside its card, the time on two lines (total, then the sum).
    await ann.page.set_viewport_size({"width": 360, "height": 640})
    table = ann.page.locator("#results table")
    await expect(table).to_be_visible()
    m = await table.evaluate(OVERFLOWING)
    assert m["scroll"] <= 0, f"the results table scrolls: {m}"
    assert m["table"][1] <= m["room"][1] + 0.5, f"the results table overflows: {m}"
    for header in await ann.page.locator("#results thead th").all():
        if await header.is_visible():
            found = await header.evaluate("(th) => th.scrollWidth - th.clientWidth")
            assert found <= 0, f"{await header.inner_text()} is clipped by {found} px"
    cell = await time_cell_lines(ann.page, "#results-body td.time")
    assert cell["totalLines"] == 1, f"the total wraps: {cell}"
    assert cell["lines"] <= 3, f"the time cell wraps: {cell}"
    overflow = await settled_overflow(ann.page)
    assert overflow <= 0, f"{overflow} px wider: {await ann.page.evaluate(PAST_THE_RIGHT_EDGE)}"

    for screen, (width, height) in NARROW.items():
        replay = await open_sized(f"/replay/{race}", width, height)
        await replay.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
        await expect(replay.page.locator("#replay-results-body td.time .time-sum")).to_have_text(
            re.compile(r"^\(\d:\d\d\.\d\s\+\s0:05\.0\shints\)$")  # no-break spaces but after the +
        )
        assert await page_overflow(replay.page) <= 0, f"the replay is wider than the {screen}"
        table = replay.page.locator("#replay-results")
        right = await table.evaluate("(t) => t.getBoundingClientRect().right")
        assert right <= width, f"the replay's results end at {right} on the {screen}"
        for heading in await replay.page.locator("#replay-results thead th").all():  # Move|s, Efficienc|y
            lines = await heading.evaluate(TEXT_LINES)
            assert lines == 1, f"{await heading.inner_text()!r} takes {lines} lines on the {screen}"

        front = await open_sized("/", width, height)
        time = front.page.locator("#lb-rows td.time").first
        await expect(time).to_contain_text("0:05.0 hints")
        assert await page_overflow(front.page) <= 0, f"the front page is wider than the {screen}"
        cell = await time_cell_lines(front.page, "#lb-rows td.time")
        assert cell["totalLines"] == 1, f"the leaderboard's total wraps: {cell}"
        assert cell["lines"] <= 3, f"the leaderboard's time wraps: {cell}"


async def test_the_results_headings_keep_their_chinese_words_whole_on_a_small_phone(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    """Chinese may break between any two characters: a squeezed heading showed 步 over 数."""
    ann, race = await race_with_a_hint(open_sized, live_server, name="小明", query="?lang=zh-CN")
    await ann.page.set_viewport_size({"width": 360, "height": 640})
    await expect(ann.page.locator("#results table")).to_be_visible()
    replay = await open_sized(f"/replay/{race}?lang=zh-CN", *SCREENS["small phone"])
    await replay.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    for page, headings in ((ann.page, "#results thead th"), (replay.page, "#replay-results thead th")):
        for heading in await page.locator(headings).all():
            if await heading.is_visible():
                lines = await heading.evaluate(TEXT_LINES)
                assert lines == 1, f"{await heading.inner_text()!r} takes {lines} lines ({headings})"
        assert await page_overflow(page) <= 0, f"{headings}: {await page.evaluate(PAST_THE_RIGHT_EDGE)}"


async def assert_whole(page: Page, screen: str) -> None:
    """The leaderboard's headings, counts and replay links each on one line (the Moves heading showed
    M/o/v/es and each Replay link a letter a line, squeezed by the name's column)."""
    whole = "#leaderboard thead th, #lb-rows tr:first-child :is(td.num:not(.time), td.replay)"
    for cell in await page.locator(whole).all():
        if await cell.is_visible() and (await cell.inner_text()).strip():
            lines = await cell.evaluate(TEXT_LINES)
            assert lines == 1, f"{await cell.inner_text()!r} takes {lines} lines on the {screen}"


WORD_LINES = """(node, word) => {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const at = text.data.indexOf(word);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + word.length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
  }
  return 0;
}"""
"""How many lines a word shows on, in an element (0: not there)."""


async def test_the_leaderboard_keeps_its_words_whole_and_its_links_a_thumbs_size_on_a_phone(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    """In Chinese, whose words may break between any two characters, a squeezed column had shown 步/数
    and 回/放 a character a line; on a phone held either way every link and control is a thumb's size,
    there and on the replay page."""
    _, race = await race_with_a_hint(open_sized, live_server, name="小明")
    for screen, (width, height) in PHONES.items():
        replay = await open_sized(f"/replay/{race}?lang=zh-CN", width, height)
        await replay.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
        controls = ("#zoom-in", "#replay-play", "#replay-speed", "#replay-scrubber", "#replay-follow")
        for control in (*controls, ".brand", "#replay-results button.race-ghost"):
            box = await replay.page.locator(control).first.bounding_box()
            assert box is not None, control
            tall = box["height"]
            assert tall >= TAP - 0.5, f"the replay's {control} is {tall:.0f} px tall on the {screen}"

        english = await open_sized("/?lang=en", width, height)  # its words break between them, too
        await expect(english.page.locator("#lb-rows td.time").first).to_contain_text("hints")
        await assert_whole(english.page, screen)
        front = await open_sized("/?lang=zh-CN", width, height)
        await expect(front.page.locator("#lb-rows td.time").first).to_contain_text("提示")
        await assert_whole(front.page, screen)
        word = await front.page.locator("#lb-rows td.time").first.evaluate(WORD_LINES, "提示")
        assert word == 1, f"提示 in a time's sum is broken over {word} lines on the {screen}"
        for control in ("#lb-rows td.replay a", "#recent-races a", ".language-switch select"):
            box = await front.page.locator(control).first.bounding_box()
            assert box is not None, control
            assert box["height"] >= TAP - 0.5, f"{control} is {box['height']:.0f} px tall on the {screen}"
        assert await page_overflow(front.page) <= 0, f"the front page is wider than the {screen}"
