"""One meaning of time, in a real browser: Ann asks for a hint (5 s) and walks out; the results, the race
explained and its chart, and the replay (players, splits, results) all give the same race time, the same
hint penalty and the same total, to the tenth of a second, as the server's result row. And a replay that
does not exist says so once."""

import json
import re

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.room.race_time import clock, result_time
from tests.browser.conftest import arrive, keys_along, room_of, way_out
from tests.browser.rooms import create_room_in_lobby, start_race, walk

TIME = r"\d+:\d\d\.\d"


async def test_the_results_the_race_explained_and_the_replay_agree_on_the_time(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    ann, code = await create_room_in_lobby(open_tab, "Ann")
    await start_race(ann, [])
    room = room_of(live_server, code)
    await ann.page.click("#hint-button")
    await ann.page.wait_for_function("() => window.mazerace.state.me().hints === 1")
    await walk(ann, keys_along(way_out(room)))

    await expect(ann.page.locator("#results")).to_be_visible(timeout=10_000)
    assert room.results is not None
    (row,) = room.results
    assert row["time"] is not None
    assert row["total"] is not None
    assert row["penalty"] == 5000
    race, total = clock(row["time"]), clock(row["total"])
    written = result_time(row["time"], row["penalty"])
    assert written == f"{total} ({race} + 0:05.0 hints)"

    cell = ann.page.locator("#results-body tr").first.locator("td.num").first
    await expect(cell).to_have_text(written)  # the results
    chart = ann.page.locator("#race-chart")
    await expect(chart).to_have_attribute("data-ends", re.compile(r"total"))
    (end,) = json.loads(await chart.get_attribute("data-ends") or "[]")
    assert (end["finish"], end["total"]) == (row["time"], row["total"])  # the line, then the hints
    analysis = ann.page.locator("#results-analysis")
    await expect(analysis).to_have_attribute("data-state", "ready", timeout=15_000)
    await expect(analysis.locator(".analysis-summary")).to_contain_text(f"Ann finished in {written}:")
    await expect(analysis.locator(".analysis-hints li")).to_contain_text("It added 0:05.0 to the total")

    page = ann.page
    await page.click("#replay-link")
    await arrive(page, re.compile(r"/replay/"))
    await page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    await expect(page.locator("#replay-results-body tr").first.locator("td.num").first).to_have_text(written)
    await page.evaluate(
        """() => {
            const s = document.getElementById('replay-scrubber');
            s.value = s.max;
            s.dispatchEvent(new Event('input'));
        }"""
    )
    await expect(page.locator("#replay-players li .status")).to_contain_text(f"finished 1st in {written}")
    panel = page.locator("#replay-analysis")
    await expect(panel).to_have_attribute("data-state", "ready", timeout=15_000)
    await expect(panel.locator(".analysis-summary")).to_contain_text(f"Ann finished in {written}:")
    splits = page.locator("#replay-split-table tbody tr")
    await expect(splits.filter(has_text="At the exit (race time)").locator("td")).to_have_text([race])
    await expect(splits.filter(has_text="Total with hints").locator("td")).to_have_text([total])
    every_time = re.findall(TIME, await page.locator("#replay-split-table").inner_text())
    assert every_time[-2:] == [race, total]


async def test_a_missing_replay_says_so_once(open_tab) -> None:  # type: ignore[no-untyped-def]
    tab = await open_tab("/replay/nosuchrace")
    status = tab.page.locator("#replay-status")
    await expect(status).to_have_text("There is no stored race “nosuchrace”.")
    await expect(tab.page.locator("#replay-main")).to_have_attribute("data-state", "error")
    said = tab.page.get_by_text("There is no stored race")
    await expect(said).to_have_count(1)
    tab.errors.clear()  # the 404 of the race's API answer is the point here, not a fault
