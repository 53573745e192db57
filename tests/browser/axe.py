"""axe-core run in the page (the npm package's own script, no CDN): the violations of a screen, the
impacts that block, and tabs opened in a light or dark colour scheme to run it in."""

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser

from tests.browser.conftest import Tab, visit

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


BLOCKING = ("serious", "critical")


RUN_AXE = """async () => {
    const report = await axe.run(document, { resultTypes: ['violations'] });
    return report.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
}"""


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
        await visit(page, str(live_server.make_url(path)))
        tabs.append(tab)
        return tab

    yield open_scheme_tab
    for tab in tabs:
        await tab.context.close()
    for tab in tabs:
        assert not tab.errors, f"script errors in the page: {tab.errors}"
