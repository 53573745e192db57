"""The race explained, in a real browser: Ann walks the shortest way, Bob strays into a dead end and
back; the room's results show each player's analysis (Bob's dead end, his first wrong turn, his biggest
loss against Ann, his route drawn over the maze), and the replay page shows it too, with the split
times on the way to the exit and the director view following whoever is ahead."""

import re
from pathlib import Path

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.conftest import arrive, keys_along, room_of, way_out
from tests.browser.rooms import create_room_in_lobby, join_room, start_race, walk
from tests.mazes import dead_end_branch

SEEK = """(t) => {
    const s = document.getElementById('replay-scrubber');
    s.value = String(t);
    s.dispatchEvent(new Event('input'));
}"""


async def test_the_analysis_panel_on_the_results_and_the_replay_and_the_director(
    open_tab, live_server: TestServer, artefacts: Path
) -> None:  # type: ignore[no-untyped-def]
    ann_tab, code = await create_room_in_lobby(open_tab, "Ann")
    bob_tab = await join_room(open_tab, code, "小明")  # Bob: a Chinese name, which breaks anywhere
    await start_race(ann_tab, [bob_tab])
    room = room_of(live_server, code)
    assert room.maze is not None
    path = way_out(room)
    at, branch = dead_end_branch(room.maze, path)  # the room's maze is a perfect one (backtracker)
    strayed = [*path[: at + 1], *branch, *branch[-2::-1], *path[at:]]
    await walk(ann_tab, keys_along(path))
    await walk(bob_tab, keys_along(strayed))
    ann, bob = (next(p for p in room.players.values() if p.name == name) for name in ("Ann", "小明"))

    results = bob_tab.page.locator("#results-analysis")
    await expect(results).to_have_attribute("data-state", "ready", timeout=15_000)
    await expect(results.locator(".analysis-player")).to_have_value(bob.id)  # your own first
    await expect(results.locator(".analysis-player option")).to_have_text(["Ann", "小明"])
    first_cell = f"({branch[0][0]}, {branch[0][1]})"
    dead_ends = results.locator(".analysis-dead-ends li")
    await expect(dead_ends).to_have_count(1)
    await expect(dead_ends).to_contain_text(f"into a dead end at {first_cell}")
    await expect(results.locator(".analysis-wrong")).to_contain_text(f"into {first_cell}")
    await expect(results.locator(".analysis-loss")).to_contain_text("Most time lost")
    await expect(results.locator(".analysis-map")).to_have_attribute("data-route-cells", str(len(strayed)))
    await results.locator(".analysis-player").select_option(ann.id)
    await expect(dead_ends).to_have_text(["None: never off the shortest way."])
    await expect(dead_ends).to_have_css("list-style-type", "none")  # no "1." before "None"
    await expect(results.locator(".analysis-loss")).to_contain_text("The winner")
    await expect(results.locator(".analysis-map")).to_have_attribute("data-route-cells", str(len(path)))
    await bob_tab.page.screenshot(path=str(artefacts / "analysis-results.png"), full_page=True)

    page = bob_tab.page
    await page.click("#replay-link")
    await arrive(page, re.compile(r"/replay/"))
    await page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    await expect(page.locator("#replay-title")).to_contain_text("· Long winding corridors")  # in plain words
    panel = page.locator("#replay-analysis")
    await expect(panel).to_have_attribute("data-state", "ready", timeout=15_000)
    await expect(panel.locator(".analysis-player")).to_have_value(ann.id)  # the winner first
    await panel.locator(".analysis-player").select_option(bob.id)
    await expect(panel.locator(".analysis-dead-ends li")).to_contain_text(first_cell)
    splits = page.locator("#replay-split-table tbody tr")
    await expect(page.locator("#replay-splits")).to_be_visible()
    assert 2 <= await splits.count() <= 11  # up to ten stretches of the way, then the totals
    heads = page.locator("#replay-split-table thead th")
    await expect(heads).to_have_text(["Where", "Ann", "小明"])
    for head in await heads.all():  # each name on one line (小明 had been broken into 小 and 明)
        box = await head.bounding_box()
        assert box is not None
        assert box["height"] < 40, (await head.inner_text(), box)
    await expect(splits.last.locator("th")).to_have_text("Total with hints")
    assert not re.search(r"\(\d+, \d+\)", await page.locator("#replay-split-table").inner_text())

    assert room.results is not None
    ann_ms, bob_ms = (next(r["time"] for r in room.results if r["id"] == p.id) for p in (ann, bob))
    assert ann_ms is not None
    assert bob_ms is not None
    follow = page.locator("#replay-follow")
    box = await page.locator("#replay-director").bounding_box()
    words = await page.locator("#replay-director + span").bounding_box()
    assert box is not None
    assert words is not None
    assert box["width"] < 40, box  # a checkbox, not a bar across the panel with its words below
    assert words["x"] > box["x"] + box["width"], (box, words)  # its words beside it, on its line
    assert abs(words["y"] - box["y"]) < box["height"], (box, words)
    await page.check("#replay-director")
    await page.evaluate(SEEK, ann_ms // 2)  # Bob has not moved yet: Ann is ahead
    await expect(follow).to_have_value(ann.id)
    await page.evaluate(SEEK, (ann_ms + bob_ms) // 2)  # Ann is home: the camera goes to who still races
    await expect(follow).to_have_value(bob.id)
    await follow.select_option("")  # picked by hand: the director steps back
    await expect(page.locator("#replay-director")).not_to_be_checked()
    await page.screenshot(path=str(artefacts / "analysis-replay.png"), full_page=True)
    assert not ann_tab.errors
    assert not bob_tab.errors
