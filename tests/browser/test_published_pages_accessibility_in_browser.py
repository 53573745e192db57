"""axe-core over the published mazes' pages, a maze's page (with its shortest way shown) and the list,
in the light and the dark colour scheme: no serious or critical violation (as every other screen,
tests/browser/test_accessibility_in_browser.py, whose fixture and checker these use)."""

import json

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.axe import OpenSchemeTab, scheme_tab, violations
from tests.browser.conftest import visit
from tests.browser.published import publish_by_http
from tests.hand_mazes import looped_maze

__all__ = ["scheme_tab"]  # the fixture, used by name


@pytest.mark.parametrize("scheme", ["light", "dark"])
async def test_the_maze_page_and_the_list_have_no_serious_accessibility_violation(
    scheme_tab: OpenSchemeTab, live_server: TestServer, scheme: str
) -> None:
    code = await publish_by_http(live_server, looped_maze())
    tab = await scheme_tab(f"/m/{code}", scheme)
    await expect(tab.page.locator("#maze-main")).to_have_attribute("data-state", "ready")
    await tab.page.check("#show-way")
    found = {"maze page": await violations(tab, "maze page")}
    await visit(tab.page, str(live_server.make_url("/mazes")))
    await expect(tab.page.locator(f"#maze-list li[data-code='{code}']")).to_be_visible()
    found["mazes"] = await violations(tab, "mazes")
    blocking = {screen: v for screen, v in found.items() if v}
    assert not blocking, f"serious or critical violations ({scheme}):\n" + json.dumps(blocking, indent=1)
