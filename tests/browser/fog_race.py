"""A fog race in the page: a fog room made from the lobby's form, a rival walked by hand over
Socket.IO, what the server says a racer has seen against what the canvas draws, and screenshots kept
as artefacts."""

import json
import re
from pathlib import Path

from playwright.async_api import Page, expect

from server.maze.model import Cell, Maze
from server.room.players import Player
from server.room.room import Room
from tests.browser.conftest import Tab, arrive, settled
from tests.browser.eight_keys import DIAGONAL_KEYS, PIXELS_AT, STRAIGHT, delta
from tests.mazes import visible_now

VISION = 2
"""How far a racer of the fog rooms made here sees (cells)."""
RULES = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "rules.json"


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
    await arrive(host.page, re.compile(r"/r/[0-9a-z]{10}$"))
    await expect(host.page.locator("#lobby-panel")).to_be_visible()
    return host, host.page.url.rsplit("/", 1)[1]


async def start_fog_race(host: Tab) -> None:
    await host.page.click("#start-button")
    await host.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await expect(host.page.locator("#race-canvas")).to_be_visible()
    await expect(host.page.locator("#countdown")).to_be_hidden()  # "GO!" has gone


async def frames(page: Page) -> None:
    """Let the renderer draw what the page knows (two animation frames)."""
    await page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


async def walk_path(tab: Tab, path: list[Cell]) -> None:
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
