"""A newcomer's walk through the hand-made mazes on phones with touch, each finding measured again in
real Chromium against the real server (geometry and text, never pixels): a refusal about the maze goes
away with the edit that answers it (it stayed over the maze and the card for seconds, through the clear
check); on a phone on its side the clear check's pad and the maze's exit are in view together (both were
under the screen's foot); the export buttons offer only the formats the maze drawn can be written in;
an import's problem stays beside the text, the text selected where it is, and a maze imported comes
into view; the fitted maze stays clear of the zoom buttons, so its last column can be drawn on; the
card's verdict shows under the maze while drawing; what a thumb taps on the editor, a maze's page and
the list is at least 44 px tall; the list's order not chosen looks like a plain choice (it looked
chosen); and a maze's board in Chinese keeps its headings and replay links on one line."""

from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, Page, expect

from server.http.keys import STORE
from server.maze.exchange import export_maze
from tests.browser.conftest import Tab, visit
from tests.browser.editor_page import HOOK, READY, SNAKE, blank, point, touch
from tests.browser.published import publish_by_http
from tests.browser.screens import SCREENS, TAP
from tests.hand_mazes import looped_maze
from tests.store.published_races import finish, race_on

WIDTH, HEIGHT = SCREENS["phone"]
LINES = """(nodes) => nodes.map((node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
})"""  # how many lines of text each node's text takes
MIDDLE_OFFSET = """(node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  const text = range.getBoundingClientRect();
  const box = node.getBoundingClientRect();
  return (text.top + text.bottom) / 2 - (box.top + box.bottom) / 2;
}"""  # how far a node's text sits from its box's middle, down


async def phone(
    browser: Browser, server: TestServer, path: str, size: tuple[int, int] = (WIDTH, HEIGHT)
) -> Tab:
    """A page at a phone's size, touch and all, with its script errors recorded."""
    context = await browser.new_context(
        viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True
    )
    tab = Tab(context, await context.new_page())
    tab.page.on("pageerror", lambda error: tab.errors.append(str(error)))
    await visit(tab.page, str(server.make_url(path)))
    return tab


async def closed(tab: Tab) -> None:
    await tab.context.close()
    assert not tab.errors, tab.errors


async def heights(page: Page, selectors: list[str]) -> dict[str, float]:
    """How tall each selector's first element is, in CSS px."""
    found: dict[str, float] = {}
    for selector in selectors:
        box = await page.locator(selector).first.bounding_box()
        assert box is not None, selector
        found[selector] = box["height"]
    return found


async def formats_shown(page: Page) -> list[str]:
    shown: list[str] = await page.locator("#io-exports [data-format]:visible").evaluate_all(
        "(buttons) => buttons.map((b) => b.dataset.format)"
    )
    return shown


async def test_the_editor_on_a_phone_after_a_refusal(browser: Browser, live_server: TestServer) -> None:
    tab = await phone(browser, live_server, "/editor")
    page = tab.page
    try:
        await page.wait_for_selector(READY)
        undo, redo = [await page.locator(button).bounding_box() for button in ("#undo", "#redo")]
        assert undo is not None
        assert redo is not None
        assert undo["y"] == redo["y"], f"Redo sits on a line of its own: {undo} {redo}"
        await blank(page, 5, 5)
        # the fitted maze ends left of the zoom buttons: its last column is free to draw on
        await page.locator("#tools-heading").scroll_into_view_if_needed()
        x0, _ = await point(page, 0, 0)
        x1, _ = await point(page, 0, 1)
        last, _ = await point(page, 0, 4)
        maze_right = last + 1.5 * (x1 - x0) / 2  # the outer wall's right edge
        zoom = await page.locator(".canvas-box .zoom").bounding_box()
        assert zoom is not None
        assert maze_right <= zoom["x"] + 0.5, (maze_right, zoom["x"])

        # publishing walls only is refused, in the words of the note under the button
        await page.fill("#publish-title", "Snake")
        await page.fill("#publish-author", "Ada")
        await page.tap("#publish")
        message = page.locator("#message")
        await expect(message).to_contain_text("no way leads from the entrance to the exit")
        # the fix drawn by a finger: the refusal was about the maze before it, and goes with it
        await page.locator("#tools-heading").scroll_into_view_if_needed()
        await touch(page, [[await point(page, *cell)] for cell in SNAKE])
        await page.wait_for_function(f"() => {HOOK}.card.solvable")
        await expect(message).to_be_hidden(timeout=1500)  # it stayed 8 s, over the maze and the card
        # the card's verdict is read whole under the maze while drawing (its second line was cut off)
        verdict = await page.locator("#card-verdict").bounding_box()
        assert verdict is not None
        assert verdict["y"] + verdict["height"] <= HEIGHT, verdict

        # the clear check's stop and the way's switch are a thumb's size
        # a click: Chromium drops the first synthetic tap straight after a DevTools touch drag
        await page.click("#test-start")
        await page.wait_for_function(f"() => {HOOK}.check === 'racing'")
        found = await heights(page, ["#test-stop", ".editor-side label.check", "#zoom-fit"])
        assert all(height >= TAP for height in found.values()), found
        await page.tap("#test-stop")

        # the exports offered are those this maze can be written in
        await page.locator("#io-fold summary").tap()
        assert await formats_shown(page) == ["matrix", "ascii", "json", "png"]
        await page.select_option("#new-directions", "8")
        await page.tap("#new-open")
        await page.wait_for_function(f"() => {HOOK}.maze.directions === 8")
        assert await formats_shown(page) == ["blocks", "json", "png"]
        await expect(message).to_be_hidden()

        # an import's problem stays beside the text (the passing message went in 8 s), the text
        # selected at the line and column named
        await page.select_option("#io-format", "matrix")
        bad = "1 0 1 1 1\n1 0 0 0 1\n1 1 1 2 1\n"
        text = page.locator("#io-text")
        await text.fill(bad)
        await page.tap("#io-import")
        problem = page.locator("#io-problem")
        await expect(problem).to_contain_text("line 3, column 7")
        await expect(text).to_have_attribute("aria-invalid", "true")
        assert await text.evaluate("(box) => box.selectionStart") == bad.index("2")
        await text.press("Backspace")
        await expect(problem).to_be_hidden()
        # a good one: the new maze comes into view (it was drawn off screen, above the fold's text)
        await text.fill(export_maze(looped_maze(), "matrix").decode())
        await page.tap("#io-import")
        await page.wait_for_function(f"() => {HOOK}.maze.rows === 5 && {HOOK}.maze.cols === 6")
        await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        stage = await page.locator(".canvas-box").bounding_box()
        assert stage is not None
        assert -1 <= stage["y"] <= HEIGHT / 2, stage
    finally:
        await closed(tab)


async def test_the_clear_check_on_a_phone_on_its_side(browser: Browser, live_server: TestServer) -> None:
    width, height = SCREENS["phone on its side"]
    tab = await phone(browser, live_server, "/editor", (width, height))
    page = tab.page
    try:
        await page.wait_for_selector(READY)
        await blank(page, 6, 6, "#new-open")
        await page.click("#test-start")
        await page.wait_for_function(f"() => {HOOK}.check === 'racing'")
        await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        # the maze to its exit and the pad in view together (the pad was 120 px under the screen's foot)
        _, exit_y = await point(page, 5, 5)
        assert 0 <= exit_y <= height
        for selector in ("#pad-keys", "#test-stop"):
            box = await page.locator(selector).bounding_box()
            assert box is not None
            assert box["y"] >= 0
            assert box["y"] + box["height"] <= height, selector
        for direction in ["right"] * 5 + ["down"] * 5:
            await page.tap(f"#pad-keys [data-dir='{direction}']")
        await expect(page.locator("#clear-state")).to_contain_text("Clear check passed")
    finally:
        await closed(tab)


async def test_a_maze_page_and_the_list_on_a_phone(browser: Browser, live_server: TestServer) -> None:
    code = await publish_by_http(live_server, looped_maze())
    tab = await phone(browser, live_server, f"/m/{code}")
    page = tab.page
    try:
        await expect(page.locator("#maze-main")).to_have_attribute("data-state", "ready")
        taps = ["#race-here", "#edit-copy", "#copy-maze-link", ".top .pages-link", "#maze-main label.check"]
        found = await heights(page, taps)
        assert all(height >= TAP for height in found.values()), found
        await page.tap(".top .pages-link")
        link = page.locator(f"#maze-list li[data-code='{code}'] a.maze-link")
        await expect(link).to_be_visible()
        found = await heights(page, [f"#maze-list li[data-code='{code}'] a.maze-link"])
        assert all(height >= TAP for height in found.values()), found
        # "Draw a maze", a link drawn as a button, has its words in its middle (they sat at its top)
        offset = await page.locator("#draw-link").evaluate(MIDDLE_OFFSET)
        assert abs(offset) <= 1, offset
        # the order not chosen looks like a plain choice, not like the solid main button
        background = "(node) => getComputedStyle(node).backgroundColor"
        plain = await page.locator("#draw-link").evaluate(background)
        await expect(page.locator("#order-newest")).to_have_attribute("aria-pressed", "true")
        assert await page.locator("#order-most-raced").evaluate(background) == plain
        await page.tap("#order-most-raced")
        await expect(page.locator("#order-most-raced")).to_have_attribute("aria-pressed", "true")
        assert await page.locator("#order-newest").evaluate(background) == plain
    finally:
        await closed(tab)


async def test_a_maze_board_in_chinese_on_a_phone(browser: Browser, live_server: TestServer) -> None:
    code = await publish_by_http(live_server, looped_maze())
    store = live_server.app[STORE]
    results = [finish("m1", 0, "Ann", 9_000), finish("m1", 1, "Bob", 12_000)]
    await store.save_race(race_on("m1", code, results, end=1))
    tab = await phone(browser, live_server, f"/m/{code}?lang=zh-CN")
    page = tab.page
    try:
        await expect(page.locator("#maze-board-rows tr")).to_have_count(2)
        # every heading and replay link on one line: they broke a character a line ("步/数", "回/放")
        shown = "#maze-board th:not(:last-child), #maze-board-rows a"  # the last heading is for readers only
        lines = await page.locator(shown).evaluate_all(LINES)
        assert len(lines) == 5 + 2, lines
        assert all(count == 1 for count in lines), lines
        replay = await page.locator("#maze-board-rows a").first.bounding_box()
        assert replay is not None
        assert min(replay["width"], replay["height"]) >= TAP, replay  # "回放" was 30 px wide
        assert await page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    finally:
        await closed(tab)
