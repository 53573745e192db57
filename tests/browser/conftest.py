"""Browser tests: the real app on a real port, driven through Debian's Chromium with Playwright.

Chromium cannot be downloaded here, so the tests use /usr/bin/chromium, which `make test` installs
from Debian's packages when it is missing.

Starting Playwright's driver and Chromium takes one to several seconds, more than many tests take, so a
test worker starts them once and every test opens its own browser contexts (its own storage, cookies and
screen) in that Chromium. Playwright's objects belong to the event loop that made them, so the browser
tests and their async fixtures all run in the worker's one session loop (the root conftest marks the
tests; the fixtures say `loop_scope="session"`), each test still with a fresh server of its own.
"""

import asyncio
import itertools
import os
import re
import weakref
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, BrowserContext, Page, async_playwright, expect

from server.app.factory import create_app
from server.config import AppConfig
from server.http.keys import REGISTRY
from server.maze.model import Cell
from server.maze.solvers import search
from server.room.room import Room
from tests.integration.conftest import Client

CHROMIUM = Path(os.environ.get("MAZERACE_CHROMIUM", "/usr/bin/chromium"))
HAVE_CHROMIUM = CHROMIUM.exists()
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
CLOSE_SECONDS = 30
"""Closing a context takes well under a second: one still open after this is stuck in Chromium."""
ARTEFACTS = Path(__file__).resolve().parents[2] / "artefacts"

# What a page shows after a server round trip can take seconds when the two cores are busy with the
# other worker's tests: assertions wait up to 10 s (Playwright's default is 5) before they fail.
expect.set_options(timeout=10_000)


@pytest_asyncio.fixture(loop_scope="session")
async def live_server(tmp_path: Path) -> AsyncIterator[TestServer]:
    """The real app on a free port with a real SQLite file and a short countdown, fresh for each test."""
    config = AppConfig(countdown=0.5, tick=0.05, db_path=tmp_path / "browser.db")
    server = TestServer(create_app(config))
    await server.start_server()
    yield server
    await server.close()


@pytest_asyncio.fixture(loop_scope="session", scope="session")
async def chromium() -> AsyncIterator[Browser]:
    """Headless Debian Chromium, started once for the worker's browser tests."""
    if not HAVE_CHROMIUM:  # `make test` installs it; a missing browser is a failure, never a skip
        pytest.fail(f"{CHROMIUM} is missing: run `make test`, or apt-get install chromium")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield launched
        await launched.close()


@pytest_asyncio.fixture(loop_scope="session")
async def browser(chromium: Browser, live_server: TestServer) -> AsyncIterator[Browser]:
    """The worker's Chromium, for one test: the contexts the test left open are closed after it, so no
    page of one test runs on into the next."""
    yield chromium
    await close_contexts(chromium.contexts)


_STUCK: "weakref.WeakSet[BrowserContext]" = weakref.WeakSet()
"""Contexts Chromium would not close: tried once, then left alone, so later tests do not wait on them."""


async def close_contexts(contexts: Iterable[BrowserContext]) -> None:
    """Close a test's browser contexts, failing clearly (once every one was tried) if Chromium never
    answers for one: it can hold the close of a page that is navigating when its test ends (after a tap
    that leads to another page) for ever, so such a test waits for where the page goes before it ends."""
    stuck: list[list[str]] = []
    for context in list(contexts):
        if context in _STUCK:
            continue
        try:
            async with asyncio.timeout(CLOSE_SECONDS):
                await context.close()
        except TimeoutError:
            _STUCK.add(context)
            stuck.append([page.url for page in context.pages])
    if stuck:
        pytest.fail(f"Chromium did not close the contexts of {stuck} within {CLOSE_SECONDS} s")


SCRIPT_RAN = "() => document.getElementById('language-switch') !== null"
"""Every page's script mounts the language switch as it starts (after translating the page), and the
room page sets its test hook, `window.mazerace`, in the same first run, before its first `await`: what
a page does after that (the rules it fetches, the buttons it then enables) the tests wait for as well."""


async def script_ran(page: Page) -> None:
    """Wait for the page's script to have started, up to its first `await`: its words come from a
    catalogue that a top-level `await` fetches, which the load event does not wait for, so a test
    reading right after `goto` could beat it."""
    await page.wait_for_function(SCRIPT_RAN)


async def visit(page: Page, url: str) -> None:
    """Go to `url` and wait for its page's script to have run."""
    await page.goto(url)
    await script_ran(page)


async def arrive(page: Page, url: str | re.Pattern[str]) -> None:
    """Wait for the page a click or a form leads to: its address, then its script's first run."""
    await page.wait_for_url(url)
    await script_ran(page)


@dataclass
class Tab:
    """A page with everything that went wrong in it recorded: script errors and dialogs."""

    context: BrowserContext
    page: Page
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    async def state(self, expression: str) -> object:
        """Evaluate an expression over the client's read-only `window.mazerace` hook."""
        return await self.page.evaluate(f"(() => {{ const m = window.mazerace; return {expression}; }})()")


@pytest_asyncio.fixture(loop_scope="session")
async def open_tab(browser: Browser, live_server: TestServer) -> AsyncIterator[object]:
    """Open a page in a fresh browser context (its own localStorage), at a path of the live server."""
    tabs: list[Tab] = []

    async def open_tab(path: str) -> Tab:
        context = await browser.new_context(viewport={"width": 1100, "height": 800})
        page = await context.new_page()
        tab = Tab(context, page)
        page.on("pageerror", lambda error: tab.errors.append(str(error)))
        page.on(  # console errors include Content-Security-Policy violations and failed loads
            "console", lambda msg: tab.errors.append(msg.text) if msg.type == "error" else None
        )

        async def dismiss(dialog) -> None:  # type: ignore[no-untyped-def]
            tab.dialogs.append(dialog.message)
            await dialog.dismiss()

        page.on("dialog", dismiss)
        await visit(page, str(live_server.make_url(path)))
        tabs.append(tab)
        return tab

    yield open_tab
    await close_contexts(tab.context for tab in tabs)
    for tab in tabs:
        assert not tab.errors, f"script errors in the page: {tab.errors}"
        assert not tab.dialogs, f"the page opened dialogs: {tab.dialogs}"


@pytest_asyncio.fixture(loop_scope="session")
async def socket_clients() -> AsyncIterator[list[Client]]:
    """Socket.IO clients made by a test, disconnected at its end."""
    clients: list[Client] = []
    yield clients
    for client in clients:
        if client.sio.connected:
            await client.sio.disconnect()
        await client.sio.shutdown()


def room_of(server: TestServer, code: str) -> Room:
    """The server's own room object, to check what the browser shows against the truth."""
    return server.app[REGISTRY].get(code)


def way_out(room: Room) -> list[Cell]:
    """The shortest path from the entrance to the exit, computed with the core."""
    if room.maze is None:
        raise AssertionError("the race has no maze")
    path = search(room.maze, "bfs").path
    if path is None:
        raise AssertionError("the maze has no way out")
    return list(path)


KEY_FOR = {(0, 1): "ArrowRight", (0, -1): "ArrowLeft", (1, 0): "ArrowDown", (-1, 0): "ArrowUp"}


def keys_along(path: list[Cell]) -> list[str]:
    """The arrow keys that walk `path`."""
    return [KEY_FOR[(b[0] - a[0], b[1] - a[1])] for a, b in itertools.pairwise(path)]


SETTLED = "() => window.mazerace.feel.doing === null && window.mazerace.state.pending.length === 0"
"""The room page owes no step: no key waiting for the pace, no move waiting for the server's answer."""


async def settled(page: Page) -> None:
    """Wait until the last key's step has gone and been answered."""
    await page.wait_for_function(SETTLED)


async def press_keys(page: Page, keys: Iterable[str]) -> None:
    """Press each key on the focused element as a player taps, the next once the last one's step has been
    answered: the walk goes at the page's own pace (the server's move rate) on a quiet machine and slows
    down on a busy one, instead of a fixed gap that a slow server or page could fall behind."""
    for key in keys:
        await page.keyboard.press(key)
        await settled(page)


@pytest.fixture(autouse=True)
def artefacts() -> Path:
    """The git-ignored folder for screenshots."""
    ARTEFACTS.mkdir(exist_ok=True)
    return ARTEFACTS
