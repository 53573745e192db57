"""Explorer mode (fog of war) in a real browser: a fog race against a rival, where the maze shows only
what the racer has seen (unknown dark, remembered dimmed, in sight lit, read back pixel by pixel against
the server's own record of what the racer has seen) and the rival only while in sight; a hint that says
explore further; the whole maze at the exit. A spectator sees the fog until the race is over, then
watches through either racer's eyes. A
4-direction and an 8-direction fog race both draw. Screenshots go under the pytest tmp dir (printed).
The fog cases the node tests read (tests/js/fixtures/fog.json) are checked against the server's fog code.
"""

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Page, expect

from server.maze.hint_reveal import CUT_STEPS
from server.maze.model import Cell, Maze
from server.room.players import Player
from server.room.room import Room
from tests.browser.conftest import Tab, room_of, settled, way_out
from tests.browser.fog_cases import FIXTURE, fog_cases
from tests.browser.test_eight_in_browser import DIAGONAL_KEYS, PIXELS_AT, STRAIGHT, delta, way
from tests.integration.conftest import Client
from tests.mazes import visible_now

VISION = 2
RULES = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "rules.json"


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


@pytest_asyncio.fixture(loop_scope="session")
async def socket_clients() -> AsyncIterator[list[Client]]:
    """Socket.IO clients made by a test, disconnected at its end."""
    clients: list[Client] = []
    yield clients
    for client in clients:
        if client.sio.connected:
            await client.sio.disconnect()
        await client.sio.shutdown()


async def join_rival(
    server: TestServer, code: str, clients: list[Client], name: str = "Rex", ready: bool = True
) -> Client:
    """The racer the browser player races against: a python-socketio client that the test walks by
    hand, so it stands exactly where the test needs it (test_bots_in_browser.py races a real bot)."""
    client = Client()
    clients.append(client)
    await client.sio.connect(f"{server.make_url('/')}?room={code}", transports=["websocket"], wait_timeout=5)
    await client.join(code, name)
    if ready:
        await client.ok("ready", {"ready": True})
    return client


async def create_fog_room(open_tab, name: str, directions: int = 4) -> tuple[Tab, str]:  # type: ignore[no-untyped-def]
    """An easy fog room with VISION made from the lobby's form (fog ticked, vision typed)."""
    host = await open_tab("/")
    await host.page.fill("#name", name)
    form = host.page.locator("#create-form")
    await form.locator("#more-settings > summary").click()
    vision = form.locator("input[name=vision]")
    await expect(vision).to_be_hidden()  # the vision shows with the fog only
    await form.locator("input[name=fog]").check()
    await vision.fill(str(VISION))
    await form.locator("select[name=directions]").select_option(str(directions))
    await form.locator("#create-custom").click()
    await host.page.wait_for_url(re.compile(r"/r/[0-9a-z]{10}$"))
    await expect(host.page.locator("#lobby-panel")).to_be_visible()
    return host, host.page.url.rsplit("/", 1)[1]


async def start_race(host: Tab) -> None:
    await host.page.click("#start-button")
    await host.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await expect(host.page.locator("#race-canvas")).to_be_visible()
    await expect(host.page.locator("#countdown")).to_be_hidden()  # "GO!" has gone


async def frames(page: Page) -> None:
    """Let the renderer draw what the page knows (two animation frames)."""
    await page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


async def walk(tab: Tab, path: list[Cell]) -> None:
    """Walk `path` (its first cell is where the player stands) with the keys, straight and diagonal."""
    await tab.page.focus("#race-canvas")
    for d in map(delta, path, path[1:]):
        await tab.page.keyboard.press(STRAIGHT[d] if d in STRAIGHT else DIAGONAL_KEYS[0][d])
        await settled(tab.page)


def racer(room: Room, member_id: str) -> Player:
    return room.players[member_id]


def truth(room: Room, player: Player) -> tuple[bytes, frozenset[int], Cell]:
    """What the server says `player` has seen, sees now, and where they stand."""
    assert room.maze is not None
    assert player.fog is not None
    assert player.trail is not None
    here = player.trail.current
    return bytes(player.fog.seen), visible_now(room.maze, room.maze.index(here), VISION), here


def centre(cell: Cell) -> tuple[float, float]:
    return 2 * cell[1] + 1.5, 2 * cell[0] + 1.5


async def pixels(page: Page, points: list[tuple[float, float]], hook: str = "mazerace") -> list[list[int]]:
    """The canvas's colours at world points (render.js units)."""
    colours: list[list[int]] = await page.evaluate(
        PIXELS_AT, ["race-canvas", hook, [list(p) for p in points]]
    )
    return colours


def corner_block(a: Cell, b: Cell) -> set[Cell]:
    """The cells whose drawing can cover the midpoint of `a` and `b`: the two, and for a diagonal pair
    the other two of its 2x2 block too (a trail's diagonal step across the other diagonal puts a dot
    and a stroke at that same corner)."""
    if a[0] == b[0] or a[1] == b[1]:
        return {a, b}
    top, left = min(a[0], b[0]), min(a[1], b[1])
    return {(top + dr, left + dc) for dr in (0, 1) for dc in (0, 1)}


async def check_fog_drawn(
    page: Page, maze: Maze, seen: bytes, sight: frozenset[int], skip: set[Cell]
) -> dict[str, int]:
    """Every cell's centre as the fog says: unseen dark, in sight lit, remembered dimmed; and between two
    cells in sight, an open passage light and a wall dark. Cells in `skip` (arrows, trail dots on them
    and beside them, and the corners a skipped cell's 2x2 block shares) and the entrance and exit
    (tinted) are left out. Returns how many of each were read."""
    cells = [maze.cell(i) for i in range(maze.size)]
    checked = [c for c in cells if c not in skip and c not in (maze.entrance, maze.exit)]
    colours = await pixels(page, [centre(c) for c in checked])
    counts = {"unseen": 0, "in sight": 0, "remembered": 0, "open": 0, "wall": 0}
    for cell, (red, green, blue, _) in zip(checked, colours, strict=True):
        i = maze.index(cell)
        if not seen[i]:
            counts["unseen"] += 1
            assert max(red, green, blue) < 80, f"unseen cell {cell} is dark: {red, green, blue}"
        elif i in sight:
            counts["in sight"] += 1
            assert min(red, green, blue) > 200, f"cell {cell} in sight is lit: {red, green, blue}"
        else:
            counts["remembered"] += 1
            assert all(90 <= v <= 170 for v in (red, green, blue)), (
                f"remembered {cell} is dimmed: {red, green, blue}"
            )
    pairs = []
    for i in sight:
        a = maze.cell(i)
        for d in ((0, 1), (1, 0), (1, 1), (1, -1))[: 2 if maze.directions == 4 else 4]:
            b = (a[0] + d[0], a[1] + d[1])
            if maze.in_bounds(b) and maze.index(b) in sight and not corner_block(a, b) & skip:
                pairs.append((a, b))
    midpoints = [((centre(a)[0] + centre(b)[0]) / 2, (centre(a)[1] + centre(b)[1]) / 2) for a, b in pairs]
    for (a, b), (red, green, blue, _) in zip(pairs, await pixels(page, midpoints), strict=True):
        through = maze.is_open(a, b)
        if a[1] != b[1] and a[0] != b[0]:  # a corner: the other diagonal crosses here
            c = a if b[1] > a[1] else (a[0], a[1] - 1)
            through = maze.is_open(c, (c[0] + 1, c[1] + 1)) or maze.is_open(
                (c[0], c[1] + 1), (c[0] + 1, c[1])
            )
        if through:
            counts["open"] += 1
            assert min(red, green, blue) > 200, f"the passage {a}-{b} in sight is drawn light"
        else:
            counts["wall"] += 1
            assert max(red, green, blue) < 60, f"the wall {a}|{b} in sight is drawn dark"
    return counts


async def check_own_sides_lit(page: Page, maze: Maze, here: Cell) -> int:
    """The passages out of the player's own cell are lit (read beyond the arrow's disc, not the north
    one, where the arrow's label is). Returns how many were read."""
    sides = [
        (dr, dc)
        for dr, dc in ((0, 1), (1, 0), (0, -1))
        if maze.in_bounds((here[0] + dr, here[1] + dc)) and maze.is_open(here, (here[0] + dr, here[1] + dc))
    ]
    x, y = centre(here)
    for (dr, dc), (red, green, blue, _) in zip(
        sides, await pixels(page, [(x + 1.3 * dc, y + 1.3 * dr) for dr, dc in sides]), strict=True
    ):
        assert min(red, green, blue) > 200, f"the way {(dr, dc)} out of the player's cell {here} is lit"
    return len(sides)


async def shown(tab: Tab) -> list[str]:
    ids: list[str] = await tab.page.evaluate("() => window.mazerace.shownPlayers()")
    return ids


async def wait_shown(tab: Tab, member_id: str, visible: bool) -> None:
    """Wait until the page shows (or hides) the player, as its state settles."""
    expression = (
        f"() => window.mazerace.shownPlayers().includes({json.dumps(member_id)}) === {json.dumps(visible)}"
    )
    await tab.page.wait_for_function(expression, timeout=5_000)


async def shot(tab: Tab, tmp_path: Path, name: str, canvas: str = "#race-canvas") -> None:
    await frames(tab.page)
    path = tmp_path / f"{name}.png"
    await tab.page.locator(canvas).screenshot(path=str(path))
    print(f"fog screenshot ({name}): {path}")


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
    await start_race(host)
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
    await walk(host, path[:5])
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
    await walk(host, path[4:])
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
    await start_race(host)
    room = room_of(live_server, code)
    maze = room.maze
    assert maze is not None
    assert maze.directions == directions
    player = next(iter(room.players.values()))
    route = way(maze, maze.entrance, maze.exit)  # diagonals too in 8 directions
    await walk(host, route[:6])
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
