"""Explorer mode (fog of war) in a real browser: a fog race against a rival, where the maze shows only
what the racer has seen (unknown dark, remembered dimmed, in sight lit, read back pixel by pixel against
the server's own record of what the racer has seen) and the rival only while in sight; a hint that says
explore further; the whole maze at the exit. A spectator sees the fog (and nobody to follow) until the
race is over, then watches through either racer's eyes. A
4-direction and an 8-direction fog race both draw. Screenshots go under the pytest tmp dir (printed).
The fog cases the node tests read (tests/js/fixtures/fog.json) are checked against the server's fog code.
"""

import asyncio
import json
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.maze.hint_reveal import CUT_STEPS
from server.maze.model import Maze
from tests.browser.conftest import room_of, way_out
from tests.browser.eight_keys import way
from tests.browser.fog_cases import FIXTURE, fog_cases
from tests.browser.fog_race import (
    RULES,
    VISION,
    centre,
    check_fog_drawn,
    check_own_sides_lit,
    create_fog_room,
    frames,
    pixels,
    racer,
    shot,
    shown,
    start_fog_race,
    truth,
    wait_shown,
    walk_path,
)
from tests.browser.rooms import join_rival
from tests.integration.conftest import Client
from tests.mazes import visible_now


def test_the_fog_cases_the_node_tests_read_are_the_servers() -> None:
    assert json.loads(FIXTURE.read_text()) == fog_cases(), "run python -m tests.browser.fog_cases"


async def test_the_rules_copy_has_the_servers_fog_fields(live_server: TestServer) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(live_server.make_url("/api/rules")) as response,
    ):
        served = await response.json()
    copy = json.loads(RULES.read_text())
    for name in ("fog", "vision"):
        assert copy["settings"][name] == served["settings"][name], name


# ----- helpers -----------------------------------------------------------------------------------------


# ----- the race ------------------------------------------------------------------------------------------


async def test_a_fog_race_shows_only_what_the_racer_has_seen_and_the_rival_only_in_sight(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer, tmp_path: Path, socket_clients: list[Client]
) -> None:
    host, code = await create_fog_room(open_tab, "Ann")
    room = room_of(live_server, code)
    assert room.settings.fog is True
    assert room.settings.vision == VISION
    await expect(host.page.locator("#settings-summary")).to_contain_text(f"fog (vision {VISION})")
    rival = await join_rival(live_server, code, socket_clients)
    await start_fog_race(host)
    maze = room.maze
    assert maze is not None
    ann_id = str(await host.state("m.you.id"))
    ann, rex = racer(room, ann_id), racer(room, rival.id)
    path = way_out(room)
    assert len(path) > 12, "the easy maze's way out is long enough to leave sight several times"
    index = maze.index

    # the start: only the cells in sight of the entrance, nothing about the way on
    assert await host.state("m.state.inFog()") is True
    await shot(host, tmp_path, "fog-start")
    seen, sight, here = truth(room, ann)
    far = path[-2]
    assert not seen[index(far)], "the cell before the exit is not seen from the entrance"
    (red, green, blue, _), *_ = await pixels(host.page, [centre(far)])
    assert max(red, green, blue) < 80, "a far unseen cell is dark"
    counts = await check_fog_drawn(host.page, maze, seen, sight, {here})
    assert counts["unseen"] > 50
    assert counts["in sight"] > 0
    print(f"fog at the start: {counts}")
    await expect(host.page.locator("#difficulty-card")).to_be_hidden()  # no card, bars nor distances in fog
    standings = host.page.locator("#standings")
    await expect(standings).to_contain_text("0 moves")
    assert await standings.locator(".bar").count() == 0
    for text in ("undefined", "NaN", "%"):
        await expect(standings).not_to_contain_text(text)

    # the rival starts beside Ann, in sight, and goes out of it along the way out
    await wait_shown(host, rex.id, True)
    for cell in path[1:7]:
        await rival.move_to(cell)
        await wait_shown(host, rex.id, index(cell) in visible_now(maze, index(maze.entrance), VISION))
    assert rex.id not in await shown(host)
    assert await host.state(f"m.state.player({json.dumps(rex.id)}).moves") == 6, "the count still comes"

    # Ann follows: the entrance is behind her (remembered), the rival ahead where she sees
    await walk_path(host, path[:5])
    seen, sight, here = truth(room, ann)
    assert here == path[4]
    assert index(path[6]) in sight, "the rival, standing still two steps on, is in sight now"
    await wait_shown(host, rex.id, True)  # shown by the move's ack (`rivals`): it sent no moved
    assert index(maze.entrance) not in sight
    await shot(host, tmp_path, "fog-midway")
    counts = await check_fog_drawn(host.page, maze, seen, sight, set(path[:5]) | {path[6]})
    assert counts["remembered"] + counts["in sight"] > 0
    (red, green, blue, _), *_ = await pixels(host.page, [centre(far)])
    assert max(red, green, blue) < 80, "the far cell is still dark"
    assert await check_own_sides_lit(host.page, maze, here) > 0
    print(f"fog midway: {counts}")
    await rival.move_to(path[5])  # a step into Ann's sight: the server sends where
    await wait_shown(host, rex.id, True)
    await host.page.wait_for_function(  # the server's `moved` says where, a moment after the step
        f"() => JSON.stringify(window.mazerace.state.player({json.dumps(rex.id)}).cell)"
        f" === {json.dumps(json.dumps(list(path[5]), separators=(',', ':')))}"
    )
    for cell in path[6:8]:  # and away again
        await rival.move_to(cell)
        await wait_shown(host, rex.id, index(cell) in visible_now(maze, index(here), VISION))
    assert rex.id not in await shown(host)

    # a hint cannot see the exit from here: it says where to explore
    await host.page.click("#hint-button")
    message = host.page.locator("#message")
    await expect(message).to_contain_text("Explore further")
    explore = await host.state("m.state.hints[m.you.id].explore_path")
    assert isinstance(explore, list)
    assert len(explore) >= 2
    assert tuple(explore[0]) == here
    target = await host.state("m.state.hints[m.you.id].explore")  # the way drawn may stop at a junction
    assert isinstance(target, list)
    assert len(explore) - 1 <= CUT_STEPS, "the way drawn is cut as any hint's (the default hint_reveal)"
    assert not seen[index(tuple(target))], "the way leads into the unknown"  # type: ignore[arg-type]

    # to the exit: then the whole maze and the rival's trail come with a fresh snapshot
    await walk_path(host, path[4:])
    await host.page.wait_for_function("() => window.mazerace.state.me().finished === true", timeout=10_000)
    await host.page.wait_for_function("() => !window.mazerace.state.inFog()", timeout=10_000)
    assert rex.trail is not None
    trail = await host.state(f"m.state.player({json.dumps(rex.id)}).trail")
    assert [tuple(c) for c in trail] == list(rex.trail.cells)  # type: ignore[union-attr]
    await expect(host.page.locator("#eyes-field")).to_be_visible()  # a finished racer may watch through eyes
    await shot(host, tmp_path, "fog-finished")


async def test_a_spectator_sees_the_fog_until_the_race_is_over_then_through_either_racers_eyes(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer, tmp_path: Path, socket_clients: list[Client]
) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.post(live_server.make_url("/api/rooms"), json={"fog": True, "vision": VISION}) as response,
    ):
        code = (await response.json())["code"]
    ann = await join_rival(live_server, code, socket_clients, "Ann", ready=False)
    bob = await join_rival(live_server, code, socket_clients, "Bob")
    watcher = await open_tab(f"/r/{code}?watch=1")
    await expect(watcher.page.locator("#lobby-panel")).to_be_visible()
    await ann.ok("start", {})
    await watcher.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await expect(watcher.page.locator("#countdown")).to_be_hidden()
    room = room_of(live_server, code)
    maze = room.maze
    assert maze is not None
    path = way_out(room)
    await bob.walk(path[1:3])
    await ann.walk(path[1:7])
    await watcher.page.wait_for_function(
        f"() => window.mazerace.state.player({json.dumps(ann.id)}).moves === 6"
    )
    # during the race a spectator could be a racer's second tab: it sees what a racer saw at the entrance
    assert await watcher.state("m.state.inFog()") is True, "a spectator of a fog race is in the fog"
    assert await shown(watcher) == [], "nobody's position"
    await expect(watcher.page.locator("#follow-field")).to_be_hidden()  # nobody's place to follow
    await shot(watcher, tmp_path, "fog-spectator-during-the-race")

    await bob.ok("leave", {})
    for cell in path[7:]:  # within the move limit
        await ann.move_to(cell)
        await asyncio.sleep(0.06)
    await watcher.page.wait_for_function("() => window.mazerace.state.phase === 'finished'", timeout=10_000)
    await watcher.page.wait_for_function("() => !window.mazerace.state.inFog()", timeout=10_000)
    for member in (ann, bob):  # the race over: each racer's seen cells, as the server kept them
        seen = await watcher.state(f"Array.from(m.state.eyes.get({json.dumps(member.id)}).seen)")
        assert seen == list(racer(room, member.id).fog.seen), member.id  # type: ignore[union-attr]

    await watcher.page.click("#close-results")  # the results are a modal dialog: the maze is behind it
    await expect(watcher.page.locator("#follow-field")).to_be_visible()
    assert "Ann" in await watcher.page.locator("#follow-select option").all_inner_texts()
    eyes = watcher.page.locator("#eyes-select")
    await expect(eyes).to_be_visible()
    views: dict[str, list[list[int]]] = {}
    points = [centre(maze.cell(i)) for i in range(maze.size)]
    for member in (ann, bob):
        await eyes.select_option(member.id)
        await frames(watcher.page)
        views[member.id] = await pixels(watcher.page, points)
        await shot(watcher, tmp_path, f"fog-eyes-{'ann' if member is ann else 'bob'}")
    assert views[ann.id] != views[bob.id], "two racers' eyes see different mazes"
    assert max(views[bob.id][maze.index(path[-2])][:3]) < 80, "where Ann went is fog to Bob"

    await eyes.select_option("")  # everyone: the whole maze
    await frames(watcher.page)
    everyone = await pixels(watcher.page, points)
    assert everyone not in (views[ann.id], views[bob.id]), "the whole maze, lit for everyone"
    await shot(watcher, tmp_path, "fog-eyes-everyone")


@pytest.mark.parametrize("directions", [4, 8])
async def test_fog_races_draw_in_four_and_eight_directions(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer, tmp_path: Path, directions: int
) -> None:
    host, code = await create_fog_room(open_tab, "Ann", directions)
    await start_fog_race(host)
    room = room_of(live_server, code)
    maze = room.maze
    assert maze is not None
    assert maze.directions == directions
    player = next(iter(room.players.values()))
    route = way(maze, maze.entrance, maze.exit)  # diagonals too in 8 directions
    await walk_path(host, route[:6])
    seen, sight, here = truth(room, player)
    assert here == route[5]
    counts = await check_fog_drawn(host.page, maze, seen, sight, set(route[:6]))
    print(f"{directions}-direction fog: {counts}")
    assert counts["unseen"] > 0
    assert counts["remembered"] + counts["in sight"] > 0
    revealed = await host.state("m.state.maze.reveals.length")
    assert revealed == sum(seen) - start_seen(maze), "every cell the acks revealed is in the page's maze"
    await shot(host, tmp_path, f"fog-{directions}-directions")


def start_seen(maze: Maze) -> int:
    """How many cells a racer sees from the entrance."""
    return len(visible_now(maze, maze.index(maze.entrance), VISION))
