"""Hints in real browsers: by default the racer's page draws a hint's way only to the next junction and
says so; with `hint_reveal` "whole" it draws the whole way; a spectator's page always draws the whole way.
What is drawn is read from the page's `window.mazerace.hintWays()` (the cells overlay.js draws) and
checked against the server's own maze."""

import json

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.maze.hint_reveal import CUT_STEPS
from server.maze.model import Cell, Maze
from tests.browser.conftest import Tab, keys_along, room_of, settled, way_out
from tests.browser.fog_race import start_fog_race
from tests.browser.rooms import join_room, post_room
from tests.browser.screens import PHONES, OpenSized, join_alone, open_sized

__all__ = ["open_sized"]

UNRANKED = {"preset": "custom", "rows": 12, "cols": 12, "hint_limit": 5}
"""A room whose races are not ranked, so a spectator sees the hints during the race."""


async def drawn_way(tab: Tab, player_id: str) -> list[Cell]:
    """The cells of `player_id`'s hint way that `tab`'s maze draws, once it has one."""
    who = json.dumps(player_id)
    await tab.page.wait_for_function(f"() => (window.mazerace.hintWays()[{who}] ?? []).length > 0")
    cells = await tab.state(f"m.hintWays()[{who}]")
    assert isinstance(cells, list)
    return [(r, c) for r, c in cells]


async def race_watched(open_tab, server: TestServer, **settings: object) -> tuple[Tab, Tab, str, Maze]:  # type: ignore[no-untyped-def]
    """A room of `settings` with one racer (its host) and a spectator, racing; the racer's id and maze."""
    code = await post_room(server, **settings)
    racer = await join_room(open_tab, code, "Ann")
    watcher = await open_tab(f"/r/{code}?watch=1")
    await watcher.page.wait_for_function("() => !!window.mazerace.you")
    await start_fog_race(racer)
    room = room_of(server, code)
    assert room.maze is not None
    racer_id = await racer.state("m.you.id")
    assert isinstance(racer_id, str)
    return racer, watcher, racer_id, room.maze


MESSAGE_CLEAR_OF_MARKER = """(least) => {
    if (document.getElementById('message').hidden) return true;
    const m = window.mazerace, [r, c] = m.state.me().cell, [x, y] = m.canvasPoint(2 * c + 1.5, 2 * r + 1.5);
    const canvas = document.getElementById('race-canvas').getBoundingClientRect();
    const spot = {x: canvas.left + x / devicePixelRatio, y: canvas.top + y / devicePixelRatio};
    const box = document.getElementById('message').getBoundingClientRect();
    const gap = Math.max(box.left - spot.x, spot.x - box.right, box.top - spot.y, spot.y - box.bottom);
    return gap >= least;
}"""
"""Whether the message lies at least `least` CSS px off the middle of the racer's own cell as drawn (or
is gone)."""
KEPT_CLEAR = 24
"""CSS px a message keeps off the marker at least: a cell at the zoom a phone plays a medium maze at (the
page keeps 32 px when it places the message, and checks its place while the camera still glides)."""


async def ask_hint(racer: Tab) -> None:
    await racer.page.select_option("#hint-method", "bfs")
    await racer.page.click("#hint-button")


async def test_the_racer_sees_the_way_to_the_next_junction_and_a_spectator_the_whole_way(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    racer, watcher, racer_id, maze = await race_watched(open_tab, live_server, **UNRANKED)
    whole = way_out(room_of(live_server, racer.page.url.rsplit("/", 1)[1]))
    await ask_hint(racer)
    await racer.page.wait_for_function("() => document.getElementById('hint-button').disabled")  # cooling
    assert await racer.page.evaluate("document.activeElement.id") == "race-canvas", "focus left for the page"

    shown = await drawn_way(racer, racer_id)
    print(f"hint from the entrance: {len(shown) - 1} of {len(whole) - 1} steps drawn")
    assert shown == whole[: len(shown)], "the way drawn is the start of the whole way"
    assert 2 <= len(shown) < len(whole)
    assert len(shown) - 1 <= CUT_STEPS
    beyond = [cell for cell in shown[1:-1] if cell == maze.exit or maze.degree(maze.index(cell)) > 2]
    assert beyond == [], "no cell is drawn beyond the next junction"
    end = shown[-1]
    at_junction = maze.degree(maze.index(end)) > 2 or end == maze.exit
    assert at_junction or len(shown) - 1 == CUT_STEPS
    message = racer.page.locator("#message")
    steps = len(shown) - 1
    if at_junction:
        said = f"{steps} step{'s' if steps > 1 else ''} to the next junction"
    else:
        said = f"the way on is shown for {steps} steps"
    await expect(message).to_contain_text(said)

    assert await drawn_way(watcher, racer_id) == whole, "a spectator's page draws the whole way"


async def test_with_whole_way_hints_the_racer_sees_the_whole_way(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    racer, watcher, racer_id, _ = await race_watched(open_tab, live_server, **UNRANKED, hint_reveal="whole")
    whole = way_out(room_of(live_server, racer.page.url.rsplit("/", 1)[1]))
    await ask_hint(racer)
    assert await drawn_way(racer, racer_id) == whole
    await expect(racer.page.locator("#message")).to_contain_text(f"{len(whole) - 1} steps to the exit")
    assert await drawn_way(watcher, racer_id) == whole


async def test_the_host_chooses_how_much_a_hint_shows(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    """The settings form's "A hint shows" field offers the server's choices and sets the room's."""
    code = await post_room(live_server, **UNRANKED)
    host = await join_room(open_tab, code, "Ann")
    field = host.page.locator("#settings-form select[name=hint_reveal]")
    assert await field.locator("option").evaluate_all("(os) => os.map((o) => o.value)") == [
        "junction",
        "whole",
    ]
    await expect(field).to_have_value("junction")
    await field.select_option("whole")
    await host.page.click("#settings-apply")
    room = room_of(live_server, code)
    await host.page.wait_for_function("() => window.mazerace.state.settings.hint_reveal === 'whole'")
    assert room.settings.hint_reveal == "whole"


async def test_the_same_hint_from_the_same_cell_is_shown_again_for_free(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    """Asked again without a step since, by the same method, a hint would cost one more hint (and its
    seconds) for the answer already given: the page shows that answer again instead."""
    racer, _, racer_id, _ = await race_watched(open_tab, live_server, **UNRANKED)
    room = room_of(live_server, racer.page.url.rsplit("/", 1)[1])
    ready = "() => !document.getElementById('hint-button').disabled"
    await ask_hint(racer)
    await racer.page.wait_for_function("() => window.mazerace.state.me().hints === 1")
    await racer.page.wait_for_function(ready)
    await racer.page.click("#hint-button")
    await expect(racer.page.locator("#message")).to_contain_text("the same hint again, free")
    assert room.players[racer_id].hints == 1

    await racer.page.focus("#race-canvas")
    await racer.page.keyboard.press(keys_along(way_out(room))[0])
    await racer.page.wait_for_function("() => window.mazerace.state.me().moves === 1")
    await racer.page.wait_for_function(ready)
    await racer.page.click("#hint-button")  # from another cell: a new hint
    await racer.page.wait_for_function("() => window.mazerace.state.me().hints === 2")


@pytest.mark.parametrize("screen", list(PHONES))
async def test_a_hints_words_leave_the_racers_marker_in_sight(
    open_sized: OpenSized, live_server: TestServer, screen: str
) -> None:
    """A race starts at the top of the maze, right under where a message shows: on a phone the hint's
    words could hide the marker and the cells they were about. They move to the maze's foot then."""
    width, height = PHONES[screen]
    code = await post_room(live_server, preset="medium")
    page = (await join_alone(open_sized, code, width, height)).page
    await page.click("#start-button")
    await page.wait_for_function("() => window.mazerace.state.canMove()", timeout=10_000)
    await page.click("#hint-button")
    message = page.locator("#message")
    await expect(message).to_contain_text("Hint by")
    await page.wait_for_function(MESSAGE_CLEAR_OF_MARKER, arg=KEPT_CLEAR, timeout=3_000)
    box, maze = await message.bounding_box(), await page.evaluate("window.mazerace.mazeRect()")
    assert box is not None
    assert box["y"] + box["height"] <= maze["bottom"], "it stays on the maze, off the controls under it"


async def test_a_hints_words_make_way_for_the_racer_walking_towards_them(
    open_sized: OpenSized, live_server: TestServer
) -> None:
    """On a phone on its side an easy maze fits the view, and a hint's words moved to its foot lay over
    the way to the exit as the racer walked down to it: they go back to the top when the marker nears."""
    code = await post_room(live_server, preset="easy")
    page = (await join_alone(open_sized, code, *PHONES["phone on its side"])).page
    await page.click("#start-button")
    await page.wait_for_function("() => window.mazerace.state.canMove()", timeout=10_000)
    await page.click("#hint-button")
    await expect(page.locator("#message")).to_contain_text("Hint by")
    await page.focus("#race-canvas")
    for key in keys_along(way_out(room_of(live_server, code))):
        await page.keyboard.press(key)
        await settled(page)
        await page.wait_for_function(MESSAGE_CLEAR_OF_MARKER, arg=KEPT_CLEAR, timeout=3_000)
