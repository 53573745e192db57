"""A hand-made maze from publishing to its own leaderboard, in real browsers: published through the HTTP
API (its clear check by HTTP too), its page /m/CODE (title as text, card, no races yet), "Race on this
maze" making a room on it, a second player joining by the room's link and a spectator watching, both
racing to the exit by keyboard, the results for all three; then the maze's page with both on its board
and one race, the list of mazes with it, and the page in Chinese on a small phone, fitting. And the
host's Maze setting: a /m/ link taken, a bad or unknown code refused, back to a generated maze."""

import asyncio
import re

import aiohttp
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.conftest import Tab, arrive, keys_along, room_of, visit, way_out
from tests.browser.published import TITLE, publish_by_http
from tests.browser.rooms import create_room_in_lobby, start_race, walk
from tests.hand_mazes import looped_maze

STEPS = 9  # the looped maze's shortest way
PICKED = re.compile(r"^Player \d{4}$")
"""The name the game picks for a player who has given none."""
SIZE = "5\u00d76"  # its rows by its columns, as the pages write it
CLEAR = re.compile(r"^The author's clear check: 0:00\.\d$")


async def races_on(server: TestServer, code: str, wanted: int) -> None:
    """Wait until the server has stored `wanted` races on the maze (the race is saved as it ends)."""
    async with aiohttp.ClientSession() as http:
        for _ in range(100):
            async with http.get(server.make_url(f"/api/mazes/{code}")) as response:
                if (await response.json())["races"] == wanted:
                    return
            await asyncio.sleep(0.1)
    raise AssertionError(f"the maze was not raced {wanted} times")


async def test_a_published_maze_raced_by_two_players_and_watched_gets_its_own_board(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    code = await publish_by_http(live_server, looped_maze())

    # the maze's page: its title as text, its card, nobody raced it yet
    host: Tab = await open_tab(f"/m/{code}")
    page = host.page
    await expect(page.locator("#maze-main")).to_have_attribute("data-state", "ready")
    await expect(page.locator("#maze-title")).to_have_text(TITLE)
    assert await page.locator("#maze-title b, .maze-intro b").count() == 0
    await expect(page.locator("#maze-byline")).to_have_text(f"by Ann · {SIZE} cells")
    await expect(page.locator("#maze-clear")).to_have_text(
        re.compile(r"^The author's clear check: 0:00\.\d$")
    )
    facts = page.locator("#maze-facts")
    await expect(facts).to_contain_text("Way outfrom the entrance to the exit")
    await expect(facts).to_contain_text(f"Shortest way{STEPS} steps")
    await expect(facts).to_contain_text("Dead ends0")
    await expect(page.locator("#maze-races")).to_have_text("Not raced yet")
    await expect(page.locator("#maze-board-empty")).to_be_visible()
    await expect(page.locator("#edit-copy")).to_have_attribute("href", f"/editor?from={code}")
    canvas = page.locator("#maze-canvas")
    assert (await canvas.get_attribute("data-way-cells")) == "0"
    await page.check("#show-way")
    await expect(canvas).to_have_attribute("data-way-cells", str(STEPS + 1))
    box = await canvas.bounding_box()
    assert box is not None
    assert box["width"] > 300, "the maze is drawn whole, fitted to its card"

    # Race on this maze: a room on it, joined at once as its host under a name the game picked
    await expect(page.locator("#name")).to_have_value("")  # nobody has named themselves yet here
    await page.click("#race-here")
    await arrive(page, re.compile(r"/r/[0-9a-z]{10}$"))
    room_code = page.url.rsplit("/", 1)[1]
    await expect(page.locator("#lobby-panel")).to_be_visible()
    assert PICKED.match(await page.evaluate("localStorage.getItem('mazerace.name')") or "")
    await expect(page.locator("#settings-summary")).to_contain_text(f"Hand-made maze “{TITLE}” {SIZE}")
    await expect(page.locator("select[name=maze_source]")).to_have_value("published")  # the host's form
    await expect(page.locator("input[name=maze_code]")).to_have_value(code)
    guest = await open_tab(f"/r/{room_code}")  # the room's link: its preview names the maze by its title
    preview = guest.page.locator("#room-preview [data-part=settings]")
    await expect(preview).to_contain_text(f"“{TITLE}” {SIZE}")
    await guest.page.fill("#name", "Bob")
    await guest.page.click("#join-as-player")
    await expect(guest.page.locator("#lobby-panel")).to_be_visible()
    watcher = await open_tab(f"/r/{room_code}?watch=1")
    await expect(watcher.page.locator("#spectator-count")).to_contain_text("1")
    await start_race(host, [guest])

    room = room_of(live_server, room_code)
    assert room.settings.maze == code
    assert room.maze is not None
    assert room.maze.to_matrix() == looped_maze().to_matrix(), "the room races that very maze"
    path = way_out(room)
    assert len(path) - 1 == STEPS, "the room races the published maze"
    keys = keys_along(path)
    await walk(host, keys)
    await walk(guest, keys)
    for tab in (host, guest, watcher):
        await expect(tab.page.locator("#results")).to_be_visible(timeout=10_000)
        await expect(tab.page.locator("#results-body tr")).to_have_count(2)
        await expect(tab.page.locator("#results-body tr").first).to_contain_text(re.compile(r"Player \d{4}"))

    # the maze's own board: both racers, one race
    await races_on(live_server, code, 1)
    await visit(page, live_server.make_url(f"/m/{code}").human_repr())
    await expect(page.locator("#maze-races")).to_have_attribute("data-races", "1")
    await expect(page.locator("#maze-races")).to_have_text("Raced 1 time")
    rows = page.locator("#maze-board-rows tr")
    await expect(rows).to_have_count(2)
    await expect(rows.nth(0).locator("td.name")).to_have_text(PICKED)
    await expect(rows.nth(1).locator("td.name")).to_have_text("Bob")
    await expect(page.locator("#maze-board-empty")).to_be_hidden()
    await page.click("#edit-copy")  # a copy of it in the editor
    await arrive(page, re.compile(f"/editor\\?from={code}$"))

    # the list of mazes links it, newest and most raced
    await visit(page, live_server.make_url("/mazes").human_repr())
    for order in ("#order-newest", "#order-most-raced"):
        await page.click(order)
        item = page.locator(f"#maze-list li[data-code='{code}']")
        await expect(item.locator("a.maze-link")).to_have_text(TITLE)
        await expect(item.locator("a.maze-link")).to_have_attribute("href", f"/m/{code}")
        await expect(item).to_contain_text("Raced 1 time")

    # in Chinese on a small phone: the catalogue's words, and nothing wider than the screen
    await page.set_viewport_size({"width": 360, "height": 640})
    await visit(page, live_server.make_url(f"/m/{code}?lang=zh-CN").human_repr())
    await expect(page.locator("#race-here")).to_have_text("在这个迷宫上比赛")
    await expect(page.locator("#maze-races")).to_have_text("已比赛 1 次")
    await expect(page.locator("#maze-facts")).to_contain_text("最短路线")
    assert await page.evaluate("() => document.documentElement.scrollWidth") <= 360
    for selector in ("#race-here", "#edit-copy", "#copy-maze-link", "#maze-canvas", "#maze-board table"):
        box = await page.locator(selector).bounding_box()
        assert box is not None, selector
        assert 0 <= box["x"] <= box["x"] + box["width"] <= 360, selector
    race = await page.locator("#race-here").bounding_box()
    assert race is not None
    assert race["y"] + race["height"] <= 640, "Race on this maze shows without scrolling"


async def test_the_host_picks_a_published_maze_by_its_link_and_back(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    code = await publish_by_http(live_server, looped_maze())
    host, room_code = await create_room_in_lobby(open_tab, "Ann")
    page = host.page
    room = room_of(live_server, room_code)
    await page.select_option("select[name=maze_source]", "published")
    await expect(page.locator("select[name=algorithm]")).to_be_hidden()  # the maze brings its own
    await page.fill("input[name=maze_code]", "not a code")
    await page.click("#settings-apply")
    await expect(page.locator("#message")).to_contain_text("That is not a maze code")
    assert room.settings.maze is None
    await page.fill("input[name=maze_code]", "zzzzzzzz")  # well formed, but no maze has it
    await page.click("#settings-apply")
    await expect(page.locator("#message")).to_contain_text("There is no published maze with that code.")
    await page.fill("input[name=maze_code]", f"https://example.org/m/{code.upper()}")
    await page.click("#settings-apply")
    await expect(page.locator("#settings-summary")).to_contain_text(f"Hand-made maze “{TITLE}” {SIZE}")
    assert (room.settings.maze, room.settings.rows, room.settings.cols) == (code, 5, 6)
    await page.select_option("select[name=maze_source]", "generated")
    await expect(page.locator("select[name=algorithm]")).to_be_visible()
    await page.click("#settings-apply")
    await expect(page.locator("#settings-summary")).not_to_contain_text("Hand-made")
    assert room.settings.maze is None


async def test_a_visitor_races_a_published_maze_under_the_name_they_type(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    """The maze page has its own name field: a player who came by its link names themselves there,
    instead of racing under a name the game picked, which no page let them change."""
    code = await publish_by_http(live_server, looped_maze())
    tab = await open_tab(f"/m/{code}")
    await tab.page.fill("#name", "Mia")
    await tab.page.click("#race-here")
    await arrive(tab.page, re.compile(r"/r/[0-9a-z]{10}$"))
    await expect(tab.page.locator("#lobby-panel")).to_be_visible()
    assert [p.name for p in room_of(live_server, tab.page.url.rsplit("/", 1)[1]).active_players()] == ["Mia"]
