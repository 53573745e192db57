"""axe-core, the accessibility checker, run in a real browser over every screen a player sees: the front
page, a room's lobby, the preferences dialog, a race in progress, the results and the replay, in the
light and the dark colour scheme. No serious or critical violation may remain; moderate and minor
ones are printed for the next pass.

axe is injected into the page from node_modules (npm ci), in a context that bypasses the page's
Content-Security-Policy, which rightly refuses any script the server did not send.
"""

import json
import re

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.axe import OpenSchemeTab, scheme_tab, violations
from tests.browser.conftest import Tab, arrive, keys_along, room_of, way_out
from tests.browser.rooms import CREATE_BUTTON, walk

__all__ = ["scheme_tab"]  # the fixture, used by name


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
    await arrive(page, re.compile(r"/r/[0-9a-z]{10}$"))
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
    await arrive(page, re.compile(r"/replay/"))
    await page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    await expect(page.locator("#replay-analysis")).to_have_attribute("data-state", "ready", timeout=15_000)
    await assert_accessible(tab, "replay", found)

    blocking = {screen: v for screen, v in found.items() if v}
    assert not blocking, f"serious or critical accessibility violations ({scheme}):\n" + json.dumps(
        blocking, indent=1
    )
