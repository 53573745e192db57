"""How moving feels, in a real browser, on one page through one race: holding an arrow key
keeps moving at the server's pace (one keydown, many moves on the server) until the key is let go;
Shift+arrow runs along the corridor to the cell run.js predicts, which the server's own maze says is a
junction, dead end or the exit; a key bound in the preferences dialog moves; reduced motion follows the
system until the player chooses; sounds are counted by the page's hook, and mute survives a reload.

The maze is a binary tree: its top row is one open corridor from the entrance, so a held key has room."""

import asyncio

from aiohttp.test_utils import TestServer
from playwright.async_api import Page, expect

from server.maze.model import Cell, Maze
from server.room.players import Player
from tests.browser.conftest import KEY_FOR, Tab, room_of, script_ran
from tests.browser.rooms import join_room, post_room, start_race

COLS = 40
POLL = 0.02  # seconds between readings of the server's player
DIRS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


async def until(check, what: str, tries: int = 500) -> None:  # type: ignore[no-untyped-def]
    """Wait (POLL apart) until `check()` holds; fail saying `what` after `tries` readings."""
    for _ in range(tries):
        if check():
            return
        await asyncio.sleep(POLL)
    raise AssertionError(f"gave up waiting for {what}")


async def settled(page: Page) -> None:
    """The page holds and runs nothing, and every move it sent has been answered."""
    await page.wait_for_function(
        "() => window.mazerace.feel.doing === null && window.mazerace.state.pending.length === 0"
    )


def cell_of(player: Player) -> Cell:
    assert player.trail is not None
    return player.trail.current


def stops_a_run(maze: Maze, cell: Cell) -> bool:
    """The server's view: a run must stop here (not a corridor cell, or the exit)."""
    return cell == maze.exit or maze.degree(maze.index(cell)) != 2


async def run_longest(tab: Tab, player: Player, maze: Maze) -> list[Cell]:
    """Shift+arrow in the direction run.js says runs furthest from here; returns that run's cells."""
    runs = await tab.page.evaluate(
        """async () => {
            const { runPath } = await import('/static/js/input/run.js');
            const m = window.mazerace;
            const dirs = ['up', 'down', 'left', 'right'];
            return Object.fromEntries(dirs.map((d) => [d, runPath(m.state.maze, m.state.ownCell(), d)]));
        }"""
    )
    direction = max(runs, key=lambda d: len(runs[d]))
    path: list[Cell] = [(r, c) for r, c in runs[direction]]
    assert path, "some way leads on from here"
    here = cell_of(player)
    for before, cell in zip([here, *path], path, strict=False):
        assert maze.is_open(before, cell), f"run.js steps through a wall at {before}->{cell}"
    assert all(not stops_a_run(maze, c) for c in path[:-1]), "the run passed a junction"
    assert stops_a_run(maze, path[-1]), "the run stopped in the middle of a corridor"
    moves = player.moves
    await tab.page.keyboard.down("Shift")
    await tab.page.keyboard.press(KEY_FOR[DIRS[direction]])
    await tab.page.keyboard.up("Shift")
    await until(lambda: cell_of(player) == path[-1], f"the server to have the runner at {path[-1]}")
    await settled(tab.page)
    assert player.moves == moves + len(path), "one server move a step of the run"
    return path


async def test_hold_run_remap_reduced_motion_and_sounds(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server, preset="custom", rows=6, cols=COLS, algorithm="binary-tree")
    tab: Tab = await join_room(open_tab, code, "Ann")
    page = tab.page
    await start_race(tab, [])
    room = room_of(live_server, code)
    assert room.maze is not None
    maze = room.maze
    player = next(iter(room.players.values()))
    assert cell_of(player) == (0, 0), "the entrance, at the open top row's west end"
    await page.wait_for_function("() => window.mazerace.feel.sounds.go === 1")
    assert (await tab.state("m.feel.sounds.tick")) >= 1, "the countdown ticked"

    # hold: one keydown (Playwright sends no auto-repeat), many moves; the keyup stops them
    await page.focus("#race-canvas")
    await page.keyboard.down("ArrowRight")
    await until(lambda: player.moves >= 4, "a held key to keep moving")
    await page.keyboard.up("ArrowRight")
    await settled(page)
    held = player.moves
    assert held < COLS - 1, "let go before the wall at the row's end"
    assert cell_of(player) == (0, held)
    await asyncio.sleep(0.3)  # nothing more comes after the keyup
    assert player.moves == held
    assert (await tab.state("m.feel.sounds.step")) == held, "a step sound a move"

    # run to the junction: the server ends where run.js said
    path = await run_longest(tab, player, maze)

    # a key bound in the preferences dialog moves (back the way the run came: that side is open)
    end = path[-1]
    before = [(0, held), *path][-2]
    back = next(d for d, (dr, dc) in DIRS.items() if (end[0] + dr, end[1] + dc) == before)
    ahead = KEY_FOR[(-DIRS[back][0], -DIRS[back][1])]
    await page.click("#prefs-button")
    dialog = page.locator("#prefs-dialog")
    await expect(dialog).to_be_visible()
    await expect(dialog.locator("[data-action=up-left]")).to_have_count(0)  # a 4-direction room
    await dialog.locator(f"button[data-bind={back}]").click()
    await page.keyboard.press("j")
    await expect(page.locator("#keys-note")).to_contain_text('J now does "')
    await expect(dialog.locator(f"[data-action={back}] .keys")).to_contain_text("J")
    assert player.moves == held + len(path), "no key moved the arrow while the dialog was open"
    await page.click("#prefs-close")
    await expect(dialog).to_be_hidden()
    assert '"j"' in (await page.evaluate("() => localStorage.getItem('mazerace.pref.keys')"))
    await page.focus("#race-canvas")
    await page.keyboard.press("j")
    await until(lambda: cell_of(player) == before, "the remapped key to move")

    # reduced motion: the system's setting, until the player picks one
    html = page.locator("html")
    assert not await tab.state("m.feel.motionReduced")
    await page.emulate_media(reduced_motion="reduce")
    await expect(html).to_have_class("reduced-motion")
    await page.click("#prefs-button")
    await expect(page.locator("#pref-reduced-motion")).to_be_checked()
    await page.uncheck("#pref-reduced-motion")
    await expect(html).not_to_have_class("reduced-motion")
    await page.click("#prefs-close")

    # mute, remembered across a reload: the page plays (and counts) no sound until unmuted
    mute = page.locator("#mute-button")
    await expect(mute.locator("[data-shows=sound-on]")).to_be_visible()  # the icon says what is on
    await expect(mute.locator("[data-shows=sound-off]")).to_be_hidden()
    await expect(mute).to_have_accessible_name("Sounds on: mute them")
    await mute.click()
    await expect(mute).to_have_attribute("aria-pressed", "true")
    await page.reload()
    await script_ran(page)
    await page.wait_for_function("() => window.mazerace.state.canMove()")
    await expect(mute.locator("[data-shows=sound-off]")).to_be_visible()
    await expect(mute.locator("[data-shows=sound-on]")).to_be_hidden()
    await expect(mute).to_have_accessible_name("Sounds off: turn them on")
    assert await tab.state("m.feel.motionReduced") is False, "the player's choice outlived the reload"
    moves = player.moves
    await page.focus("#race-canvas")
    await page.keyboard.press(ahead)
    await until(lambda: cell_of(player) == end, "a move after the reload")
    assert (await tab.state("m.feel.sounds.step")) == 0, "muted: no sound"
    await mute.click()
    await expect(mute.locator("[data-shows=sound-on]")).to_be_visible()
    await expect(mute).to_have_accessible_name("Sounds on: mute them")
    await page.focus("#race-canvas")
    await page.keyboard.press("j")
    await until(lambda: player.moves == moves + 2, "a move after unmuting")
    assert (await tab.state("m.feel.sounds.step")) == 1, "unmuted: the step sounds again"
