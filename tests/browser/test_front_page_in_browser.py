"""The front page in real Chromium at a laptop's, a landscape phone's and two portrait phones' sizes: a
game starts in one tap from above the fold, nothing is wider than the screen (with a public room
listed), tap targets are a thumb high, and the keyboard reaches Create in a few presses."""

import re
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, expect

from server.maze.generators import ALGORITHMS
from server.room.settings import PRESETS
from tests.browser.conftest import Tab, arrive, room_of, visit
from tests.browser.rooms import bots_of, post_joined_room
from tests.browser.screens import TAP, page_overflow
from tests.integration.conftest import Client

LAPTOP = (1366, 768)
LANDSCAPE_PHONE = (844, 390)
PHONE = (390, 844)
SMALL_PHONE = (360, 640)
PHONES = (LANDSCAPE_PHONE, PHONE, SMALL_PHONE)
ABOVE_THE_FOLD = (LAPTOP, PHONE, SMALL_PHONE)
"""Where the Create buttons must show without scrolling (a landscape phone need only reach them)."""
CREATE = ("#create-easy", "#create-medium", "#create-hard")
ROOM_URL = re.compile(r"/r/[0-9a-z]{10}$")
JARGON = ("Braid", "Recursive backtracker", "DFS (recursive)", "Bottlenecks", "Generator")

OpenFront = Callable[[tuple[int, int]], Awaitable[Tab]]


@pytest_asyncio.fixture(loop_scope="session")
async def open_front(browser: Browser, live_server: TestServer) -> AsyncIterator[OpenFront]:
    """Open the front page at a screen size; phones as phones (touch, mobile viewport)."""
    tabs: list[Tab] = []

    async def open_front(size: tuple[int, int]) -> Tab:
        phone = size in PHONES
        context = await browser.new_context(
            viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone
        )
        page = await context.new_page()
        tab = Tab(context, page)
        page.on("pageerror", lambda error: tab.errors.append(str(error)))
        page.on("console", lambda msg: tab.errors.append(msg.text) if msg.type == "error" else None)
        await visit(page, str(live_server.make_url("/")))
        await expect(page.locator("#create-hard")).to_be_enabled()
        tabs.append(tab)
        return tab

    yield open_front
    for tab in tabs:
        await tab.context.close()
    for tab in tabs:
        assert not tab.errors, f"script errors in the page: {tab.errors}"


def across(found: dict[str, float], width: float) -> bool:
    """Whether a bounding box lies within the screen's width."""
    return found["x"] >= 0 and found["x"] + found["width"] <= width


def down(found: dict[str, float], height: float) -> bool:
    """Whether a bounding box lies within the screen's height (above the fold)."""
    return found["y"] >= 0 and found["y"] + found["height"] <= height


async def box(tab: Tab, selector: str) -> dict[str, float]:
    found = await tab.page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


@pytest.mark.parametrize("size", [LAPTOP, *PHONES], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_create_is_in_view_and_nothing_is_wider_than_the_screen(
    open_front: OpenFront, live_server: TestServer, size: tuple[int, int], socket_clients: list[Client]
) -> None:
    code = await post_joined_room(live_server, socket_clients, preset="medium", public=True, fog=True)
    tab = await open_front(size)
    await expect(tab.page.locator(f"#room-list li[data-code='{code}']")).to_contain_text("Waiting to start")
    await expect(tab.page.locator("#leaderboard")).to_be_visible()
    assert await page_overflow(tab.page) <= 0, "the page scrolls sideways"
    width, height = size
    for selector in CREATE:
        button = await box(tab, selector)
        assert across(button, width), (selector, button)
        if size in ABOVE_THE_FOLD:
            assert down(button, height), (selector, button, size)
        else:  # a landscape phone: reached by scrolling, whole on screen once there
            await tab.page.locator(selector).scroll_into_view_if_needed()
            assert down(await box(tab, selector), height), selector
    room_card = await box(tab, f"#room-list li[data-code='{code}']")
    assert across(room_card, width), room_card
    if size in PHONES:
        targets = [*CREATE, "#race-bot-go", "#daily-easy", "#join-code", "#watch-code"]
        targets += ["#more-settings summary", f"#room-list li[data-code='{code}'] button"]
        for selector in targets:
            for handle in await tab.page.locator(selector).all():
                found = await handle.bounding_box()
                assert found is not None, selector
                assert found["height"] >= TAP - 0.5, (selector, found)

    for details in ("#more-settings", "#race-bot-options"):  # the folded settings fit as well
        await tab.page.locator(f"{details} > summary").click()
        await expect(tab.page.locator(details)).to_have_attribute("open", "")
    await expect(tab.page.locator("#create-fields select[name=algorithm]")).to_be_visible()
    assert await page_overflow(tab.page) <= 0, "the page scrolls sideways with More settings open"


async def test_the_main_path_reads_in_plain_words_and_says_how_to_play(open_front: OpenFront) -> None:
    tab = await open_front(PHONE)
    main_path = await tab.page.evaluate("document.querySelector('main').innerText")
    for word in JARGON:
        assert word not in main_path, word
    steps = tab.page.locator("#how ol li")
    await expect(steps).to_have_count(3)
    picture = await box(tab, "#how svg.how-maze")
    assert min(picture["width"], picture["height"]) >= 48, picture
    await expect(tab.page.locator("#how svg .way")).to_have_count(1)

    await tab.page.locator("#more-settings > summary").click()  # the expert words, each explained
    algorithm = tab.page.locator("#create-fields select[name=algorithm]")
    await expect(algorithm.locator("option[value=backtracker]")).to_have_text(
        "Long winding corridors (Recursive backtracker)"
    )
    assert await algorithm.locator("option").count() == len(ALGORITHMS)
    await expect(tab.page.locator("#create-fields")).to_contain_text("Loops (0\N{EN DASH}1)")
    braid = tab.page.locator("#create-fields input[name=braid]")
    described_by = await braid.get_attribute("aria-describedby")
    assert described_by is not None
    await expect(tab.page.locator(f"#{described_by}")).to_have_text(
        "Remove this share of dead ends so there is more than one way."
    )


async def test_one_tap_on_medium_lands_in_the_lobby_of_a_medium_room(
    open_front: OpenFront, live_server: TestServer
) -> None:
    tab = await open_front(PHONE)
    await tab.page.fill("#name", "Ann")
    await tab.page.tap("#create-medium")
    await arrive(tab.page, ROOM_URL)
    await expect(tab.page.locator("#lobby-panel")).to_be_visible()
    room = room_of(live_server, tab.page.url.rsplit("/", 1)[1])
    assert room.settings.preset == "medium"
    assert (room.settings.rows, room.settings.cols) == PRESETS["medium"]
    assert [p.name for p in room.active_players()] == ["Ann"], "the creator is in, as host"


async def test_a_size_button_keeps_what_more_settings_says(
    open_front: OpenFront, live_server: TestServer
) -> None:
    tab = await open_front(LAPTOP)
    await tab.page.fill("#name", "Ann")
    await tab.page.locator("#more-settings > summary").click()
    form = tab.page.locator("#create-form")
    await form.locator("select[name=preset]").select_option("custom")  # the button's size wins
    await form.locator("input[name=braid]").fill("0.5")
    await form.locator("input[name=public]").uncheck()
    await tab.page.click("#create-hard")
    await arrive(tab.page, ROOM_URL)
    room = room_of(live_server, tab.page.url.rsplit("/", 1)[1])
    assert (room.settings.preset, room.settings.braid, room.settings.public) == ("hard", 0.5, False)


async def test_the_bot_race_starts_in_one_tap(open_front: OpenFront, live_server: TestServer) -> None:
    tab = await open_front(SMALL_PHONE)
    await expect(tab.page.locator("#race-bot-summary")).to_have_text(
        "Nobody around? The DFS bot races you at once: 5 moves a second,"
        " maze Easy 10 \N{MULTIPLICATION SIGN} 10."
    )
    await tab.page.fill("#name", "Ann")
    await expect(tab.page.locator("#race-bot-go")).to_be_enabled()
    await tab.page.tap("#race-bot-go")
    await arrive(tab.page, ROOM_URL)
    await tab.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    room = room_of(live_server, tab.page.url.rsplit("/", 1)[1])
    assert room.settings.preset == "easy"
    assert [spec.kind for spec in bots_of(room).values()] == ["dfs"]


async def test_the_keyboard_reaches_create_in_a_few_presses_with_a_visible_focus(
    open_front: OpenFront, live_server: TestServer
) -> None:
    tab = await open_front(LAPTOP)
    await tab.page.fill("#name", "Ann")
    presses = 0
    while presses < 4 and not str(await tab.page.evaluate("document.activeElement.id")).startswith("create-"):
        await tab.page.keyboard.press("Tab")
        presses += 1
    focused = await tab.page.evaluate(
        """() => {
            const node = document.activeElement;
            const r = node.getBoundingClientRect();
            const style = getComputedStyle(node);
            return {id: node.id, x: r.x, y: r.y, width: r.width, height: r.height,
                    outline: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth),
                    visible: node.matches(':focus-visible')};
        }"""
    )
    assert focused["id"] == "create-easy", (presses, focused)
    assert presses <= 4
    assert focused["visible"], focused
    assert focused["outline"] != "none", focused
    assert focused["outlineWidth"] >= 2, focused
    assert across(focused, LAPTOP[0]), focused
    assert down(focused, LAPTOP[1]), focused
    await tab.page.keyboard.press("Enter")
    await arrive(tab.page, ROOM_URL)
    assert room_of(live_server, tab.page.url.rsplit("/", 1)[1]).settings.preset == "easy"
