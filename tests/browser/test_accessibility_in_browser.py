"""axe-core, the accessibility checker, run in a real browser over every screen a player sees: the front
page, a room's lobby, the preferences dialog, a race in progress, the results and the replay, in the
light and the dark colour scheme. No serious or critical violation may remain; moderate and minor
ones are printed for the next pass.

axe is injected into the page from node_modules (npm ci), in a context that bypasses the page's
Content-Security-Policy, which rightly refuses any script the server did not send.
"""

import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, expect

from tests.browser.conftest import Tab, keys_along, room_of, way_out
from tests.browser.test_keyboard_race_in_browser import CREATE_BUTTON
from tests.browser.test_race_in_browser import walk

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
RUN_AXE = """async () => {
    const report = await axe.run(document, { resultTypes: ['violations'] });
    return report.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
}"""

OpenSchemeTab = Callable[[str, str], Awaitable[Tab]]


@pytest_asyncio.fixture(loop_scope="session")
async def scheme_tab(browser: Browser, live_server: TestServer) -> AsyncIterator[OpenSchemeTab]:
    """Open a path in a fresh context with the given colour scheme, ready for axe to be injected."""
    tabs: list[Tab] = []

    async def open_scheme_tab(path: str, scheme: str) -> Tab:
        context = await browser.new_context(
            viewport={"width": 1100, "height": 800},
            color_scheme=scheme,
            bypass_csp=True,  # type: ignore[arg-type]
        )
        page = await context.new_page()
        tab = Tab(context, page)
        page.on("pageerror", lambda error: tab.errors.append(str(error)))
        page.on("console", lambda msg: tab.errors.append(msg.text) if msg.type == "error" else None)
        await page.goto(str(live_server.make_url(path)))
        tabs.append(tab)
        return tab

    yield open_scheme_tab
    for tab in tabs:
        await tab.context.close()
    for tab in tabs:
        assert not tab.errors, f"script errors in the page: {tab.errors}"


async def violations(tab: Tab, screen: str) -> list[dict[str, object]]:
    """axe's violations on what the page shows now; the non-blocking ones are printed."""
    assert AXE.exists(), f"{AXE} is missing: run npm ci"
    if not await tab.page.evaluate("() => typeof window.axe === 'object'"):
        await tab.page.add_script_tag(path=str(AXE))
    found: list[dict[str, object]] = await tab.page.evaluate(RUN_AXE)
    for violation in found:
        if violation["impact"] not in BLOCKING:
            print(f"[{screen}] {violation['impact']}: {violation['id']}: {json.dumps(violation['nodes'])}")
    return [v for v in found if v["impact"] in BLOCKING]


async def assert_accessible(tab: Tab, screen: str, blocking: dict[str, list[dict[str, object]]]) -> None:
    blocking[screen] = await violations(tab, screen)


@pytest.mark.parametrize("scheme", ["light", "dark"])
async def test_every_screen_has_no_serious_accessibility_violation(
    scheme_tab: OpenSchemeTab, live_server: TestServer, scheme: str
) -> None:
    found: dict[str, list[dict[str, object]]] = {}
    tab = await scheme_tab("/", scheme)
    page = tab.page
    dark = await page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    assert dark == (scheme == "dark")
    await expect(page.locator("#name")).to_be_visible()
    await assert_accessible(tab, "front page", found)

    await page.fill("#name", "Ann")
    await page.get_by_role("button", name=CREATE_BUTTON).first.click()
    await page.wait_for_url(re.compile(r"/r/[0-9a-z]{10}$"))
    code = page.url.rsplit("/", 1)[1]
    await expect(page.locator("#lobby-panel")).to_be_visible()
    await assert_accessible(tab, "lobby", found)

    await page.click("#prefs-button")
    await expect(page.locator("#prefs-dialog")).to_be_visible()
    await assert_accessible(tab, "preferences", found)
    await page.click("#prefs-close")
    await expect(page.locator("#prefs-dialog")).to_be_hidden()

    await page.click("#start-button")
    await page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    keys = keys_along(way_out(room_of(live_server, code)))
    await walk(tab, keys[:2])
    await assert_accessible(tab, "race", found)

    await walk(tab, keys[2:])
    await expect(page.locator("#results-analysis")).to_have_attribute("data-state", "ready", timeout=15_000)
    await assert_accessible(tab, "results", found)

    await page.click("#replay-link")
    await page.wait_for_url(re.compile(r"/replay/"))
    await page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    await expect(page.locator("#replay-analysis")).to_have_attribute("data-state", "ready", timeout=15_000)
    await assert_accessible(tab, "replay", found)

    blocking = {screen: v for screen, v in found.items() if v}
    assert not blocking, f"serious or critical accessibility violations ({scheme}):\n" + json.dumps(
        blocking, indent=1
    )
