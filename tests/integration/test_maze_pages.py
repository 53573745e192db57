"""The published mazes' pages through a real server with a real SQLite store: `/m/{code}` answers the
maze's page only for a code a maze was published under (any case), and the game's 404 page (status
404) for any other; `/mazes` is always a page; without a database no maze page exists."""

import re
import time
from pathlib import Path

import pytest

from server.http.keys import STORE
from tests.hand_mazes import looped_maze

from .conftest import Harness, StartServer

LOST = "There is nothing at this address"


async def published(harness: Harness) -> str:
    """Publish the looped hand-made maze straight into the server's store; its code."""
    assert harness.app is not None
    store = harness.app[STORE]
    code, new = await store.publish_maze(looped_maze(), "Loops", "Ann", 12_300, "key", time.time())
    assert new
    return code


@pytest.fixture
async def stored(start_server: StartServer, tmp_path: Path) -> Harness:
    """A server with a SQLite file."""
    return await start_server(db_path=tmp_path / "pages.db")


async def test_a_published_mazes_code_gets_its_page_in_any_case(stored: Harness) -> None:
    code = await published(stored)
    for path in (f"/m/{code}", f"/m/{code.upper()}"):
        status, text, response = await stored.request("GET", path)
        assert status == 200, path
        assert response.content_type == "text/html"
        assert '<h1 id="maze-title">' in text
        assert re.search(r'<script type="module" src="/static/[0-9a-f]{12}/js/pages/maze.js">', text)
        assert response.headers["Cache-Control"] == "no-cache"
    status, text, _ = await stored.request("HEAD", f"/m/{code}")
    assert (status, text) == (200, "")


@pytest.mark.parametrize(
    "path",
    [
        "/m/zzzzzzzz",  # a well-formed code no maze has
        "/m/0123456789abcdef",  # the longest well-formed code
        "/m/ilou0000",  # letters a share code never holds
        "/m/short",
        "/m/" + "a" * 17,
        "/m/%3Cscript%3E",
        "/m/",
        "/m/abcdefgh/extra",
    ],
)
async def test_any_other_code_gets_the_404_page(stored: Harness, path: str) -> None:
    await published(stored)
    status, text, response = await stored.request("GET", path)
    assert status == 404, path
    assert response.content_type == "text/html"
    assert LOST in text


async def test_the_list_is_a_page_and_without_a_database_no_maze_has_one(arena: Harness) -> None:
    status, text, response = await arena.request("GET", "/mazes")
    assert (status, response.content_type) == (200, "text/html")
    assert re.search(r'<script type="module" src="/static/[0-9a-f]{12}/js/pages/mazes.js">', text)
    status, text, _ = await arena.request("GET", "/m/zzzzzzzz")
    assert status == 404
    assert LOST in text


async def test_the_front_page_links_the_editor_and_the_mazes_with_no_script_added(arena: Harness) -> None:
    _, text, _ = await arena.request("GET", "/")
    assert re.search(r'<a class="button" id="draw-maze-link" href="/editor"', text)
    assert re.search(r'<a class="button secondary" id="mazes-link" href="/mazes"', text)
    scripts = re.findall(r"<script[^>]*src=\"([^\"]+)\"", text)
    assert [s.rsplit("/", 1)[1] for s in scripts] == ["lobby.js", "race-bot.js"]
