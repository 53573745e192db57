"""8-direction mazes in a real browser: the lobby's form makes one, the keypad, Q/E/Z/C, the NumLock-off
keypad names and a click on a corner neighbour move across corners (the server's acks say where), the
diagonal passages are drawn, and the replay plays it back. A 4-direction maze sends no diagonal move.
The copy of the rules the node tests read (tests/js/fixtures/rules.json) is checked against the server's."""

import json
import re
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestServer
from playwright.async_api import Page, WebSocket, expect

from server.maze.model import Cell, Maze
from tests.browser.conftest import Tab, arrive, room_of, settled
from tests.browser.eight_keys import DIAGONAL_KEYS, FACING, PIXELS_AT, STRAIGHT, delta, way

FIXTURE = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "rules.json"
ACK = re.compile(r"^43\d+(\[.*\])$")  # a Socket.IO acknowledgement frame: 43<id>[answer]


def walk_with_diagonals(maze: Maze, at_least: int = 3) -> list[Cell]:
    """Entrance to exit, with at least `at_least` diagonal steps: the shortest way, and when it has
    fewer, a detour across the diagonal passage nearest the entrance and back first."""
    path = way(maze, maze.entrance, maze.exit)
    if sum(abs(dr) + abs(dc) == 2 for dr, dc in map(delta, path, path[1:])) >= at_least:
        return path
    corners = [
        (a, b)
        for a in (maze.cell(i) for i in range(maze.size))
        for b in ((a[0] + 1, a[1] + 1), (a[0] + 1, a[1] - 1))
        if maze.in_bounds(b) and maze.is_open(a, b) and maze.exit not in (a, b)
    ]
    corners = [(a, b) for a, b in corners if maze.exit not in way(maze, maze.entrance, a)]
    a, b = min(corners, key=lambda pair: len(way(maze, maze.entrance, pair[0])))
    there = way(maze, maze.entrance, a)
    return [*there, b, a, b, a, *there[-2::-1], *path[1:]]


async def check_diagonals_drawn(
    page: Page, maze: Maze, canvas: str = "race-canvas", hook: str = "mazerace"
) -> int:
    """Every corner a diagonal passage runs through is drawn light, every other corner dark (the wall
    between four cells); corners beside the entrance (the player's arrow) and the exit are left out.
    Returns how many diagonal corners were checked."""
    corners = [
        (r, c)
        for r in range(maze.rows - 1)
        for c in range(maze.cols - 1)
        if all(max(abs(r - x), abs(c - y)) > 1 for x, y in (maze.entrance, maze.exit))
    ]
    points = [[2 * c + 2.5, 2 * r + 2.5] for r, c in corners]
    colours = await page.evaluate(PIXELS_AT, [canvas, hook, points])
    checked = 0
    for (r, c), (red, green, blue, _) in zip(corners, colours, strict=True):
        if maze.is_open((r, c), (r + 1, c + 1)) or maze.is_open((r, c + 1), (r + 1, c)):
            checked += 1
            assert min(red, green, blue) > 200, f"the diagonal through corner {(r, c)} is drawn"
        else:
            assert max(red, green, blue) < 60, f"the corner {(r, c)} is wall"
    return checked


def acks_of(frames: list[str]) -> list[dict[str, object]]:
    """The move acknowledgements among received WebSocket frames, in order."""
    out = []
    for frame in frames:
        match = ACK.match(frame)
        if match:
            answer = json.loads(match.group(1))[0]
            if isinstance(answer, dict) and "trail_len" in answer:
                out.append(answer)
    return out


def record_frames(page: Page) -> tuple[list[str], list[str]]:
    """Every WebSocket frame the page sends and receives from now on, as text."""
    sent: list[str] = []
    received: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(payload if isinstance(payload, str) else ""))
        ws.on("framereceived", lambda payload: received.append(payload if isinstance(payload, str) else ""))

    page.on("websocket", watch)
    return sent, received


async def create_room(open_tab, name: str, directions: int) -> tuple[Tab, str, list[str], list[str]]:  # type: ignore[no-untyped-def]
    """Create an easy room with `directions` from the lobby's form; record the room page's frames."""
    host = await open_tab("/")
    await host.page.fill("#name", name)
    form = host.page.locator("#create-form")
    await form.locator("#more-settings > summary").click()
    await form.locator("select[name=directions]").select_option(str(directions))
    sent, received = record_frames(host.page)
    await form.locator("#create-custom").click()
    await arrive(host.page, re.compile(r"/r/[0-9a-z]{10}$"))
    await expect(host.page.locator("#lobby-panel")).to_be_visible()
    return host, host.page.url.rsplit("/", 1)[1], sent, received


async def click_cell(page: Page, cell: Cell) -> None:
    """Click the centre of `cell` on the race canvas (one CSS pixel a device pixel in these tabs)."""
    r, c = cell
    x, y = await page.evaluate(f"window.mazerace.canvasPoint({2 * c + 1.5}, {2 * r + 1.5})")
    box = await page.locator("#race-canvas").bounding_box()
    assert box is not None
    await page.mouse.click(box["x"] + x, box["y"] + y)


async def start_alone(host: Tab) -> None:
    await host.page.click("#start-button")
    await host.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await expect(host.page.locator("#race-canvas")).to_be_visible()
    await host.page.wait_for_function("() => window.mazerace.canvasPoint(0, 0) !== null")


async def test_the_rules_copy_the_node_tests_read_matches_the_server(live_server: TestServer) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(live_server.make_url("/api/rules")) as response,
    ):
        served = await response.json()
    copy = json.loads(FIXTURE.read_text())
    for name in ("algorithm", "hint_methods", "openings", "bias", "directions"):
        assert copy["settings"][name]["choices"] == served["settings"][name]["choices"], name
    assert copy["eight_direction_algorithms"] == served["eight_direction_algorithms"]
    assert copy["palette"] == served["palette"]
    assert copy["names"] == served["names"]


async def test_the_form_rules_out_what_has_no_eight_direction_form(open_tab) -> None:  # type: ignore[no-untyped-def]
    tab = await open_tab("/")
    form = tab.page.locator("#create-form")
    await form.locator("#more-settings > summary").click()
    directions = form.locator("select[name=directions]")
    algorithm = form.locator("select[name=algorithm]")
    bias = form.locator("select[name=bias]")
    await expect(bias).to_be_hidden()
    await algorithm.select_option("growing-tree")
    await expect(bias).to_be_visible()
    await directions.select_option("8")
    for name in ("division", "sidewinder", "eller"):
        await expect(algorithm.locator(f"option[value={name}]")).to_be_disabled()
    await expect(algorithm.locator("option[value=backtracker]")).to_be_enabled()
    await directions.select_option("4")
    await algorithm.select_option("eller")
    await expect(directions.locator("option[value='8']")).to_be_disabled()
    await expect(bias).to_be_hidden()


async def test_a_race_across_corners_by_keypad_letters_and_a_click(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer, tmp_path: Path
) -> None:
    host, code, _, received = await create_room(open_tab, "Ann", 8)
    room = room_of(live_server, code)
    assert room.settings.directions == 8
    await start_alone(host)
    maze = room.maze
    assert maze is not None
    assert maze.directions == 8
    assert await host.state("m.state.maze.directions") == 8
    for button in ("up-left", "up-right", "down-left", "down-right"):
        assert await host.page.locator(f"#pad [data-dir={button}]").get_attribute("hidden") is None

    await expect(host.page.locator("#countdown")).to_be_hidden()  # "GO!" has gone
    shot = tmp_path / "eight-direction-maze.png"
    await host.page.locator("#race-canvas").screenshot(path=str(shot))
    print(f"8-direction maze screenshot: {shot}")
    assert await check_diagonals_drawn(host.page, maze) > 0, "the maze has diagonal passages to check"

    walk = walk_with_diagonals(maze)
    steps = list(map(delta, walk, walk[1:]))
    clicked = next(i for i, d in enumerate(steps) if d in FACING and abs(d[0]) + abs(d[1]) == 2)
    await host.page.focus("#race-canvas")
    turn = 0
    for i, d in enumerate(steps):
        if i == len(steps) // 2:
            trail_shot = tmp_path / "eight-direction-trail.png"
            await host.page.locator("#race-canvas").screenshot(path=str(trail_shot))
            print(f"8-direction trail screenshot: {trail_shot}")
        if i == clicked:  # a click on the corner neighbour moves there too
            await click_cell(host.page, walk[i + 1])
            await host.page.focus("#race-canvas")
        elif d in STRAIGHT:
            await host.page.keyboard.press(STRAIGHT[d])
        else:
            await host.page.keyboard.press(DIAGONAL_KEYS[turn % len(DIAGONAL_KEYS)][d])
            turn += 1
        await settled(host.page)

    await host.page.wait_for_function("() => window.mazerace.state.me().finished === true", timeout=10_000)
    acks = acks_of(received)
    assert [tuple(a["cell"]) for a in acks] == walk[1:], "the server moved Ann cell by cell, corners too"  # type: ignore[arg-type]
    assert [a["facing"] for a in acks] == [FACING[d] for d in steps]
    player = next(iter(room.players.values()))
    assert player.moves == len(steps)
    assert turn >= 2, "the keypad and the letters both moved across a corner"

    await expect(host.page.locator("#results")).to_be_visible(timeout=10_000)
    await host.page.click("#replay-link")
    await arrive(host.page, re.compile(r"/replay/"))
    await host.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    replayed = await host.page.evaluate(
        "() => window.mazerace_replay.stateAt(window.mazerace_replay.duration).players[0]"
    )
    assert tuple(replayed["cell"]) == maze.exit
    assert replayed["moves"] == len(steps)
    assert replayed["facing"] == FACING[steps[-1]]
    await host.page.wait_for_function("() => window.mazerace_replay.canvasPoint(0, 0) !== null")
    assert await check_diagonals_drawn(host.page, maze, "replay-canvas", "mazerace_replay") > 0
    await host.page.click("#replay-play")
    await host.page.wait_for_function("() => window.mazerace_replay.time > 0")
    replay_shot = tmp_path / "eight-direction-replay.png"
    await host.page.locator("#replay-canvas").screenshot(path=str(replay_shot))
    print(f"8-direction replay screenshot: {replay_shot}")


async def test_a_four_direction_maze_sends_no_diagonal_move(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    host, code, sent, _ = await create_room(open_tab, "Ann", 4)
    await start_alone(host)
    for button in ("up-left", "up-right", "down-left", "down-right"):
        assert await host.page.locator(f"#pad [data-dir={button}]").get_attribute("hidden") is not None
    await host.page.focus("#race-canvas")
    for key in ("q", "e", "z", "c", "Numpad7", "Numpad9", "Numpad1", "Numpad3", "Home", "PageDown"):
        await host.page.keyboard.press(key)
        await settled(host.page)
    entrance = room_of(live_server, code).maze.entrance  # type: ignore[union-attr]
    await click_cell(host.page, (entrance[0] + 1, entrance[1] + 1))  # the corner neighbour
    await host.page.keyboard.press("ArrowRight")  # a straight move still goes: the frames were watched
    await host.page.wait_for_function("() => window.mazerace.state.pending.length === 0")
    moves = [
        json.loads(frame[frame.index("[") :])
        for frame in sent
        if frame.startswith("42") and '"move"' in frame
    ]
    right = [entrance[0], entrance[1] + 1]
    assert [m[1] for m in moves] == [{"to": right, "seq": 1}], "the one straight move, nothing diagonal"
