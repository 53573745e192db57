"""A ghost race in a real browser: race, open the replay, "Race this ghost", and the ghost is drawn
translucent beside the racer (read back from the canvas's pixels), listed apart from the standings, and
the results show the split against it."""

import re
from pathlib import Path

from aiohttp.test_utils import TestServer
from playwright.async_api import Page, expect

from tests.browser.conftest import arrive, keys_along, room_of, way_out
from tests.browser.rooms import create_room_in_lobby, start_race, walk

GHOST_ALPHA = 0.45
"""What web/js/render/ghost-draw.js fills a ghost's disc with."""


PIXEL = """([x, y]) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
    // the canvas never shows more than the state: a ghost not home in the state is not drawn home
    const ghostHome = window.mazerace.state.ghosts[0]?.finished === true;
    const [px, py] = window.mazerace.canvasPoint(x, y);
    const ctx = document.getElementById('race-canvas').getContext('2d');
    const rgb = Array.from(ctx.getImageData(Math.round(px), Math.round(py), 1, 1).data).slice(0, 3);
    done({ ghost_home: ghostHome, rgb });
})))"""
"""The canvas pixel at world point (x, y) after the next frames, and whether the ghost was home then."""


SETTLED = """() => new Promise((done) => {
    const a = window.mazerace.canvasPoint(0, 0);
    requestAnimationFrame(() => requestAnimationFrame(() => {
        const b = window.mazerace.canvasPoint(0, 0);
        done(!!a && !!b && a[0] === b[0] && a[1] === b[1]);
    }));
})"""


async def camera_still(page: Page) -> None:
    """Wait until two frames apart the maze is drawn at the same place."""
    for _ in range(200):
        if await page.evaluate(SETTLED):
            return
    raise AssertionError("the camera never came to rest")


def blend(colour: str, under: list[int], alpha: float) -> list[int]:
    """`colour` (#rrggbb) painted with `alpha` over the pixel `under`."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return [round(u + (c - u) * alpha) for c, u in zip(rgb, under, strict=True)]


async def test_a_ghost_race_from_a_replay_page_draws_the_ghost(
    open_tab, live_server: TestServer, artefacts: Path
) -> None:  # type: ignore[no-untyped-def]
    host, code = await create_room_in_lobby(open_tab, "Ann")
    await start_race(host, [])
    room = room_of(live_server, code)
    path = way_out(room)
    keys = keys_along(path)
    (ann,) = room.players.values()
    await walk(host, keys)
    await expect(host.page.locator("#results")).to_be_visible(timeout=10_000)

    await host.page.click("#replay-link")
    await arrive(host.page, re.compile(r"/replay/"))
    await host.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    race_this = host.page.locator(f'button.race-ghost[data-player-id="{ann.id}"]')
    await expect(race_this).to_have_text("Race this ghost")
    await race_this.click()
    await arrive(host.page, re.compile(r"/r/[0-9a-z]{10}$"))
    await expect(host.page.locator("#lobby-panel")).to_be_visible()
    await expect(host.page.locator("#ghost-note")).to_contain_text("Ann's ghost")
    ghost_room = room_of(live_server, host.page.url.rsplit("/", 1)[1])
    assert ghost_room.fixed_seed == room.seed
    assert [g.name for g in ghost_room.ghosts] == ["Ann"]

    exit_r, exit_c = path[-1]
    exit_point = [2 * exit_c + 1.5, 2 * exit_r + 1.5]  # the exit cell's centre, where the ghost ends
    await host.page.click("#start-button")
    await host.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await expect(host.page.locator("#ghost-list li")).to_have_count(1)
    await expect(host.page.locator("#standings li")).to_have_count(1)  # the ghost is not in the standings
    await camera_still(host.page)  # the view glides into place when the race starts
    before = await host.page.evaluate(PIXEL, exit_point)
    assert before["ghost_home"] is False, "the ghost was home before the exit could be seen without it"
    await host.page.wait_for_function(
        "() => window.mazerace.state.ghosts[0]?.finished === true", timeout=15_000
    )  # the ghost walked Ann's run in real time while the racer stood still at the entrance
    await expect(host.page.locator("#ghost-list li")).to_contain_text("home")
    after = await host.page.evaluate(PIXEL, exit_point)
    assert after["ghost_home"] is True
    expected = blend(ann.colour, before["rgb"], GHOST_ALPHA)
    assert all(abs(got - want) <= 10 for got, want in zip(after["rgb"], expected, strict=True)), (
        after,
        expected,
    )
    shot = artefacts / "ghost-race.png"
    await host.page.locator("#race-canvas").screenshot(path=str(shot))
    print(f"ghost race screenshot: {shot}")

    await walk(host, keys)
    await expect(host.page.locator("#results")).to_be_visible(timeout=10_000)
    await expect(host.page.locator("#results-body tr")).to_have_count(1)
    split = host.page.locator("#results-ghosts li")
    await expect(split).to_have_count(1)
    await expect(split).to_have_text(re.compile(r"^Ann: \+\d+\.\d s vs Ann's ghost$"))
    results_shot = artefacts / "ghost-results.png"
    await host.page.screenshot(path=str(results_shot))
    print(f"ghost results screenshot: {results_shot}")


async def test_the_lobby_offers_todays_best_once_someone_finished_the_daily_maze(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    lobby = await open_tab("/")
    await lobby.page.fill("#name", "Dan")
    await expect(lobby.page.locator("#daily-easy")).to_be_visible()
    await expect(lobby.page.locator("#daily-best-buttons")).to_be_hidden()  # nobody has raced it yet
    await lobby.page.click("#daily-easy")
    await arrive(lobby.page, re.compile(r"/r/[0-9a-z]{10}$"))
    await start_race(lobby, [])
    daily = room_of(live_server, lobby.page.url.rsplit("/", 1)[1])
    await walk(lobby, keys_along(way_out(daily)))
    await expect(lobby.page.locator("#results")).to_be_visible(timeout=10_000)

    again = await open_tab("/")
    best = again.page.locator("#daily-best-easy")
    await expect(best).to_contain_text("Race today's best")
    await expect(best).to_contain_text("Dan's ghost")
    await again.page.fill("#name", "Fay")
    await best.click()
    await arrive(again.page, re.compile(r"/r/[0-9a-z]{10}$"))
    await expect(again.page.locator("#ghost-note")).to_contain_text("Dan's ghost")
    room = room_of(live_server, again.page.url.rsplit("/", 1)[1])
    assert room.daily == daily.daily
    assert room.fixed_seed == daily.fixed_seed
    assert [g.name for g in room.ghosts] == ["Dan"]
