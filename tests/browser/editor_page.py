"""The maze editor's page driven as a maker does: ready, its hook, a blank grid, points and touches on
the canvas, and a hand-drawn snake of a maze."""

import itertools

from playwright.async_api import Page

from tests.browser.conftest import keys_along

HOOK = "window.mazerace_editor"


READY = "body[data-ready='true']"


SNAKE = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]


async def blank(page: Page, rows: int, cols: int, button: str = "#new-walls") -> None:
    """A blank maze of that size from the "New maze" fold."""
    if not await page.locator("#new-fold").evaluate("(fold) => fold.open"):
        await page.locator("#new-fold summary").click()
    await page.fill("#new-rows", str(rows))
    await page.fill("#new-cols", str(cols))
    await page.click(button)
    await page.wait_for_function(f"() => {HOOK}.maze.rows === {rows} && {HOOK}.maze.cols === {cols}")


async def drag(page: Page, cells: list[tuple[int, int]]) -> None:
    """A mouse drag through the middles of `cells`."""
    await page.mouse.move(*await point(page, *cells[0]))
    await page.mouse.down()
    for cell in cells[1:]:
        await page.mouse.move(*await point(page, *cell), steps=3)
    await page.mouse.up()


async def point(page: Page, r: int, c: int) -> tuple[float, float]:
    x, y = await page.evaluate(f"{HOOK}.cellPoint({r}, {c})")
    return float(x), float(y)


async def touch(page: Page, frames: list[list[tuple[float, float]]], steps: int = 6) -> None:
    """Touch points moving through `frames` (one list of points a frame), then lifted, by the DevTools
    protocol (Playwright's own touchscreen taps only)."""
    session = await page.context.new_cdp_session(page)

    async def send(kind: str, frame: list[tuple[float, float]]) -> None:
        points = [{"x": x, "y": y, "id": k} for k, (x, y) in enumerate(frame)]
        await session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    await send("touchStart", frames[0])
    for start, end in itertools.pairwise(frames):
        for s in range(1, steps + 1):
            await send("touchMove", _between(start, end, s / steps))
    await send("touchEnd", [])
    await session.detach()


def _between(
    start: list[tuple[float, float]], end: list[tuple[float, float]], k: float
) -> list[tuple[float, float]]:
    return [(x0 + (x1 - x0) * k, y0 + (y1 - y0) * k) for (x0, y0), (x1, y1) in zip(start, end, strict=True)]


async def clear_a_snake(page: Page) -> None:
    """A blank 5x5 grid with the snake drawn on it by the mouse, its clear check passed by the keys: a maze
    the server lets be published."""
    await blank(page, 5, 5)
    await page.locator("#tools-heading").scroll_into_view_if_needed()
    await drag(page, SNAKE)
    await page.click("#test-start")
    await page.wait_for_function(f"() => {HOOK}.check === 'racing'")
    for key in keys_along(SNAKE):
        await page.keyboard.press(key)
    await page.wait_for_function(f"() => {HOOK}.check === 'cleared'")
