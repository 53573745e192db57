"""A whole race in real browsers: create, join, ready, start, race by keyboard, results everywhere."""

import asyncio
import re
from pathlib import Path

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.conftest import arrive, keys_along, room_of, script_ran, way_out
from tests.browser.rooms import create_room_in_lobby, join_room, start_race, walk

XSS_NAME = "<svg/onload=alert()>"  # 20 characters, the longest name the server takes


async def test_two_players_and_a_spectator_race_to_results(
    open_tab, live_server: TestServer, artefacts: Path
) -> None:  # type: ignore[no-untyped-def]
    host, code = await create_room_in_lobby(open_tab, "Ann")
    guest = await join_room(open_tab, code, "Bob")
    watcher = await open_tab(f"/r/{code}?watch=1")
    await expect(watcher.page.locator("#spectator-count")).to_contain_text("1")
    await start_race(host, [guest])

    room = room_of(live_server, code)
    path = way_out(room)
    keys = keys_along(path)
    ann, bob = (p for p in room.players.values())
    for tab in (host, watcher):  # the maze's difficulty card shows from the start, to spectators too
        card = tab.page.locator("#difficulty-card")
        await expect(card).to_be_visible()
        await expect(card).to_contain_text(f"Shortest way{len(path) - 1} steps")
        await expect(card).to_contain_text("Shortest ways1")
    await walk(guest, keys[:3])  # Bob starts, then Ann overtakes and wins
    await walk(host, keys[: len(keys) // 2])
    await host.page.screenshot(path=str(artefacts / "race.png"))
    await walk(host, keys[len(keys) // 2 :])
    await host.page.wait_for_function("() => window.mazerace.state.me().finished === true", timeout=10_000)
    assert ann.finished_at is not None, "the server saw Ann reach the exit"
    await walk(guest, keys[3:])

    for tab in (host, guest, watcher):
        results = tab.page.locator("#results")
        await expect(results).to_be_visible(timeout=10_000)
        first = tab.page.locator("#results-body tr").first
        await expect(first).to_contain_text("Ann")
        await expect(tab.page.locator("#results-body tr")).to_have_count(2)
        routes = tab.page.locator("#results-routes")
        await expect(routes).to_have_text(
            f"The maze had one shortest route ({len(path) - 1} steps). On a shortest route: Ann, Bob."
        )
        await expect(first.locator("td.route")).to_have_text(f"{len(path) - 1} ★")
        await expect(tab.page.locator("#results-difficulty")).to_contain_text("Junctions on the way")
    assert room.results is not None
    assert [row["name"] for row in room.results] == ["Ann", "Bob"]
    assert room.results[0]["moves"] == len(keys)
    assert bob.moves == len(keys)
    await watcher.page.screenshot(path=str(artefacts / "results.png"))

    # the results link to the stored race, whose replay ends where everyone ended
    await host.page.click("#replay-link")
    await arrive(host.page, re.compile(r"/replay/"))
    await host.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    final = await host.page.evaluate(
        "() => window.mazerace_replay.positionsAt(window.mazerace_replay.duration)"
    )
    assert {pid: tuple(cell) for pid, cell in final.items()} == {ann.id: path[-1], bob.id: path[-1]}
    await expect(host.page.locator("#replay-routes")).to_contain_text("one shortest route")
    await expect(host.page.locator("#replay-difficulty")).to_contain_text("Longest dead end")
    # a maze without loops: every cell of the way must be passed, a count that would tell nothing
    await expect(host.page.locator("#replay-difficulty")).not_to_contain_text("every way passes")
    await host.page.click("#replay-play")
    await host.page.wait_for_function("() => window.mazerace_replay.time > 0")
    await host.page.screenshot(path=str(artefacts / "replay.png"))


async def test_hint_draws_an_overlay_and_refused_move_shows_a_message(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    host, code = await create_room_in_lobby(open_tab, "Ann")
    await start_race(host, [])
    room = room_of(live_server, code)
    player = next(iter(room.players.values()))

    await host.page.focus("#race-canvas")
    await host.page.keyboard.press("ArrowUp")  # off the top edge from the entrance
    message = host.page.locator("#message")
    await expect(message).to_be_visible()
    await expect(message).to_contain_text("outside the maze")
    assert player.moves == 0
    assert player.trail is not None
    assert len(player.trail) == 1

    before = await host.page.locator("#race-canvas").screenshot()
    await host.page.check("#show-search")
    await host.page.click("#hint-button")
    await expect(message).to_contain_text("Hint")
    await host.page.wait_for_function("() => !!window.mazerace.state.hints[window.mazerace.you.id]")
    await asyncio.sleep(0.5)  # let the search animation draw
    after = await host.page.locator("#race-canvas").screenshot()
    assert after != before, "the hint's search and path are drawn over the maze"
    assert player.hints == 1


async def test_reload_keeps_the_place(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    host, code = await create_room_in_lobby(open_tab, "Ann")
    await start_race(host, [])
    room = room_of(live_server, code)
    keys = keys_along(way_out(room))
    await walk(host, keys[:4])
    player = next(iter(room.players.values()))
    await host.page.wait_for_function("() => window.mazerace.state.me().moves === 4")
    where = player.trail.current if player.trail else None

    await host.page.reload()
    await script_ran(host.page)
    await host.page.wait_for_function(
        "() => window.mazerace.state.phase === 'racing' && !!window.mazerace.you"
    )
    assert await host.state("m.you.id") == player.id
    assert await host.state("m.state.me().moves") == 4
    assert tuple(await host.state("m.state.view(m.you.id).cell")) == where  # type: ignore[arg-type]
    await walk(host, keys[4:6])
    await host.page.wait_for_function("() => window.mazerace.state.me().moves === 6")
    assert player.moves == 6


async def test_a_name_with_markup_shows_as_text(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    host, code = await create_room_in_lobby(open_tab, "Ann")
    await join_room(open_tab, code, XSS_NAME)
    players = host.page.locator("#players")
    await expect(players).to_contain_text(XSS_NAME)
    assert await host.page.locator("#players svg, #players img").count() == 0
    assert [p.name for p in room_of(live_server, code).players.values()] == ["Ann", XSS_NAME]
