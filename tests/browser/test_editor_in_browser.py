"""The maze editor (/editor) in headless Chromium: drawing by dragging changes the live card, an
unsolvable maze is refused at publishing with the server's words shown, the clear check passed by keys
and the maze published (then opened again with `?from=CODE`), axe finds nothing serious at 1280 x 800 in
light and dark, and on a 390 x 844 phone a touch drag draws and a pinch zooms, with every control
reachable without sideways scrolling."""

from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, expect

from server.http.keys import STORE
from server.maze.exchange import export_maze, import_maze
from server.maze.generation import MazeSpec, generate
from server.maze.maze_card import maze_card
from server.maze.share_code import SHARE_CODE
from server.maze.wire import decode_maze
from tests.browser.axe import violations
from tests.browser.conftest import Tab, keys_along, visit
from tests.browser.editor_page import HOOK, READY, SNAKE, blank, drag, point, touch


async def editor_tab(open_tab: Any) -> Tab:
    tab: Tab = await open_tab("/editor")
    await tab.page.wait_for_selector(READY)
    return tab


async def test_drawing_by_dragging_changes_the_card(open_tab: Any) -> None:
    tab = await editor_tab(open_tab)
    page = tab.page
    await blank(page, 5, 5)
    verdict = page.locator("#card-verdict")
    await expect(verdict).to_have_attribute("data-solvable", "false")
    await page.locator("#tools-heading").scroll_into_view_if_needed()
    await drag(page, SNAKE)
    await expect(verdict).to_have_attribute("data-solvable", "true")
    # the buttons follow the history as soon as a stroke ends: drawn again, nothing is left to redo
    await page.click("#undo")
    await expect(verdict).to_have_attribute("data-solvable", "false")
    await expect(page.locator("#redo")).to_be_enabled()
    await drag(page, SNAKE)
    await expect(verdict).to_have_attribute("data-solvable", "true")
    await expect(page.locator("#redo")).to_be_disabled()
    rows = page.locator("#card-rows")
    await expect(rows.locator("dd").first).to_have_text("8 steps")
    card = await page.evaluate(f"{HOOK}.card")
    assert card == {
        "solvable": True,
        "shortest": 8,
        "shortest_routes": 1,
        "dead_ends": 0,  # a corridor's two ends are the entrance and the exit
        "decision_points": 0,
        "loops": 0,
    }
    # a short cut makes a loop and a second decision point; undo takes the stroke back
    await drag(page, [(0, 1), (1, 1), (1, 2), (1, 3), (1, 4)])
    await expect(rows.locator("dd").nth(4)).to_have_text("1")
    assert (await page.evaluate(f"{HOOK}.card"))["decision_points"] == 2
    await page.keyboard.press("Control+z")
    await expect(rows.locator("dd").nth(4)).to_have_text("0")
    await page.click("#redo")
    await expect(rows.locator("dd").nth(4)).to_have_text("1")
    # the build tool walls the way again: the card says so
    await page.click("[data-tool='build']")
    await drag(page, [(0, 0), (0, 1)])
    await expect(verdict).to_have_attribute("data-solvable", "false")
    # from the keyboard: the cursor starts at the entrance, Shift and an arrow carves
    await page.click("[data-tool='carve']")
    await page.focus("#editor-canvas")
    await page.keyboard.press("ArrowDown")  # only the cursor moves
    await page.keyboard.press("ArrowUp")
    assert (await page.evaluate(f"() => {HOOK}.card"))["solvable"] is False
    await page.keyboard.press("Shift+ArrowRight")
    await expect(verdict).to_have_attribute("data-solvable", "true")


CASES = Path(__file__).resolve().parents[1] / "cases" / "mazes"


def text_of(path: str | Path) -> str:
    return Path(path).read_text(encoding="utf-8")


async def test_import_names_the_line_and_column_and_export_downloads(open_tab: Any) -> None:
    tab = await editor_tab(open_tab)
    page = tab.page
    await page.locator("#io-fold summary").click()
    await page.select_option("#io-format", "ascii")
    await page.fill("#io-text", "#####\n#S#x#\n#####\n")
    await page.click("#io-import")
    await expect(page.locator("#message")).to_contain_text("line 2, column 4")
    await page.fill("#io-text", text_of(CASES / "ascii.txt"))  # 3 x 4: the CLI reads it, rooms cannot race it
    await page.click("#io-import")
    await expect(page.locator("#message")).to_contain_text("5 to 150 rows")
    text = export_maze(generate(MazeSpec("backtracker", 6, 7, seed=3)), "ascii").decode()
    await page.fill("#io-text", text)
    await page.click("#io-import")
    await page.wait_for_function(f"() => {HOOK}.maze.rows === 6 && {HOOK}.maze.cols === 7")
    expected = maze_card(import_maze(text, "ascii"))  # the server's own card
    assert await page.evaluate(f"() => {HOOK}.card") == expected
    await page.click("#undo")  # an import is one step of the history
    await page.wait_for_function(f"() => {HOOK}.maze.rows === 10")
    async with page.expect_download() as download:
        await page.click("#io-exports [data-format='matrix']")
    saved = await (await download.value).path()
    wire = await page.evaluate(f"() => {HOOK}.wire")
    assert text_of(saved) == export_maze(decode_maze(wire), "matrix").decode()
    refused = "the server responded with a status of 400"  # the two bad imports this test sent, no other
    assert sum(refused in error for error in tab.errors) == 2, tab.errors
    tab.errors[:] = [error for error in tab.errors if refused not in error]


async def test_an_unsolvable_maze_is_refused_at_publishing_without_asking_the_server(open_tab: Any) -> None:
    """The page knows the server would refuse it (the server's refusal has its own tests over HTTP): the
    note's words at once, and no request that fails in the console."""
    tab = await editor_tab(open_tab)
    page = tab.page
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)
    await blank(page, 5, 5)
    unsolvable = "no way leads from the entrance to the exit"
    await expect(page.locator("#publish-note")).to_contain_text(unsolvable)
    await page.fill("#publish-title", "Walls only")
    await page.fill("#publish-author", "Ada")
    await page.click("#publish")
    message = page.locator("#message")
    await expect(message).to_contain_text(unsolvable)
    await expect(page.locator("#publish-note")).to_contain_text(unsolvable)
    await expect(page.locator("#published")).to_be_hidden()
    await page.click("#test-start")  # the clear check needs a way too
    await expect(message).to_contain_text("needs a way from the entrance to the exit")
    assert [url for url in sent if "/api/mazes" in url] == []


async def test_pass_the_clear_check_and_publish(open_tab: Any, live_server: TestServer) -> None:
    tab = await editor_tab(open_tab)
    page = tab.page
    await blank(page, 5, 5)
    await page.locator("#tools-heading").scroll_into_view_if_needed()
    await drag(page, SNAKE)
    await page.click("#test-start")
    await page.wait_for_function(f"() => {HOOK}.check === 'racing'")
    await expect(page.locator("#test-pad")).to_be_visible()
    await page.keyboard.press("ArrowDown")  # a wall: the racer stays
    for key in keys_along(SNAKE):
        await page.keyboard.press(key)
    state = page.locator("#clear-state")
    await expect(state).to_contain_text("Clear check passed")
    await expect(page.locator("#publish-note")).to_have_text("")
    await page.fill("#publish-title", "<b>Snake</b>")
    await page.fill("#publish-author", "Ada")
    await page.click("#publish")
    await expect(page.locator("#published")).to_be_visible()
    code = (await page.locator("#published-code").text_content() or "").strip()
    assert SHARE_CODE.match(code), code
    assert await page.locator("#published-link").get_attribute("href") == f"/m/{code}"
    stored = await live_server.app[STORE].published_maze(code)
    assert stored is not None
    assert (stored.title, stored.author) == ("<b>Snake</b>", "Ada")
    assert stored.clear_ms > 0
    assert (stored.maze.entrance, stored.maze.exit) == ((0, 0), (4, 4))
    # the same maze again, under another title and name: it keeps the first ones, and the page says so
    await page.fill("#publish-title", "Mine now")
    await page.fill("#publish-author", "Bo")
    await page.click("#publish")
    await expect(page.locator("#publish-note")).to_have_text(
        f"This maze was published already, as “<b>Snake</b>” by Ada: its share code is {code}."
        " Change it to publish it as yours."
    )
    # an edit afterwards asks for a new clear check before publishing again
    await drag(page, [(1, 0), (2, 0)])
    await expect(state).to_contain_text("race it again")
    await expect(page.locator("#publish-note")).to_contain_text("pass the clear check")
    # the published maze is where another drawing can start (it never changes: publishing makes a new one)
    await visit(page, str(live_server.make_url(f"/editor?from={code}")))
    await page.wait_for_selector(READY)
    assert await page.evaluate(f"() => {HOOK}.card.shortest") == 8
    await expect(page.locator("#publish-title")).to_have_value("<b>Snake</b> (remix)")


@pytest.mark.parametrize("scheme", ["light", "dark"])
async def test_the_editor_is_accessible_and_fits_a_desktop(
    browser: Browser, live_server: TestServer, scheme: str
) -> None:
    context = await browser.new_context(
        viewport={"width": 1280, "height": 800},
        color_scheme=scheme,  # type: ignore[arg-type]
        bypass_csp=True,  # axe is injected from node_modules
    )
    try:
        page = await context.new_page()
        await visit(page, str(live_server.make_url("/editor")))
        await page.wait_for_selector(READY)
        for fold in ("#new-fold", "#io-fold"):
            await page.locator(fold + " summary").click()
        tab = Tab(context, page)
        blocking = await violations(tab, "editor " + scheme)
        assert not blocking, blocking
        assert await page.evaluate("document.documentElement.scrollWidth") <= 1280
        canvas = await page.locator("#editor-canvas").bounding_box()
        card = await page.locator("#card-verdict").bounding_box()
        assert canvas is not None
        assert card is not None
        assert canvas["y"] + canvas["height"] <= 800  # the maze and its card side by side, in view
        assert card["x"] >= canvas["x"] + canvas["width"]
    finally:
        await context.close()


async def test_the_editor_on_a_phone_with_touch(browser: Browser, live_server: TestServer) -> None:
    context = await browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        await visit(page, str(live_server.make_url("/editor")))
        await page.wait_for_selector(READY)
        await blank(page, 6, 6, "#new-open")
        await page.locator("#tools-heading").scroll_into_view_if_needed()
        await page.click("[data-tool='build']")
        loops = (await page.evaluate(f"{HOOK}.card"))["loops"]
        assert loops == 25
        # one finger drags: walls are built along the way
        await touch(page, [[await point(page, 2, 0)], [await point(page, 2, 3)]])
        await page.wait_for_function(f"() => {HOOK}.card.loops < 25")
        # two fingers spread: the maze zooms in, and nothing is drawn
        before = await page.evaluate(f"{HOOK}.cellPoint(0, 1)[0] - {HOOK}.cellPoint(0, 0)[0]")
        drawn = await page.evaluate(f"{HOOK}.card.loops")
        (ax, ay), (bx, by) = await point(page, 2, 2), await point(page, 3, 3)
        await touch(page, [[(ax, ay), (bx, by)], [(ax - 40, ay - 40), (bx + 40, by + 40)]])
        after = await page.evaluate(f"{HOOK}.cellPoint(0, 1)[0] - {HOOK}.cellPoint(0, 0)[0]")
        assert after > before * 1.3
        assert await page.evaluate(f"{HOOK}.card.loops") == drawn
        # everything reachable without scrolling sideways
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        for selector in ("#undo", "#publish", "#test-start", "#zoom-fit", "#card-verdict"):
            box = await page.locator(selector).bounding_box()
            assert box is not None
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= 390, selector
        # the clear check by the pad: the maze and the pad in view together, taps walk to the exit
        await page.click("#zoom-fit")
        await page.click("[data-tool='wall-region']")
        await touch(page, [[await point(page, 0, 0)], [await point(page, 5, 5)]])
        await page.click("[data-tool='open-region']")
        await touch(page, [[await point(page, 0, 0)], [await point(page, 5, 5)]])
        await page.click("#test-start")
        await page.wait_for_function(f"() => {HOOK}.check === 'racing'")
        await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        stage = await page.locator(".canvas-box").bounding_box()
        pad = await page.locator("#pad-keys").bounding_box()
        assert stage is not None
        assert pad is not None
        assert stage["y"] >= -1
        assert pad["y"] + pad["height"] <= 845
        for direction in ["right"] * 5 + ["down"] * 5:
            await page.tap(f"#pad-keys [data-dir='{direction}']")
        await expect(page.locator("#clear-state")).to_contain_text("Clear check passed")
        assert not errors
    finally:
        await context.close()
