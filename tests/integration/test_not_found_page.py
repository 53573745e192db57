"""An address with nothing at it: the game's own page with a link home (status 404), through a real
server with the real web directory; the API keeps answering in JSON."""

import re

import pytest

from .conftest import Harness
from .http_checks import assert_error, assert_security_headers

PAGE_HEADING = "There is nothing at this address"


@pytest.mark.parametrize("path", ["/nope", "/r/abcdefghij/extra", "/replay", "/static/js/nothing.js"])
async def test_an_unknown_address_gets_the_games_404_page(arena: Harness, path: str) -> None:
    status, text, response = await arena.request("GET", path)
    assert status == 404
    assert response.content_type == "text/html"
    assert re.search(f'<h1 id="lost-heading"[^>]*>{PAGE_HEADING}</h1>', text), "English without scripts"
    assert re.search(r'<a class="button" href="/"[^>]*>Go to the front page</a>', text)
    assert re.search(r'<header class="top">\s*<a class="brand" href="/"[^>]*>MazeRace</a>', text)
    assert re.search(r'<script type="module" src="/static/[0-9a-f]{12}/js/pages/not-found.js">', text)
    assert re.search(r'href="/static/[0-9a-f]{12}/css/app.css"', text), "the game's stylesheet, versioned"
    assert response.headers["Cache-Control"] == "no-cache"
    assert_security_headers(response)


async def test_the_404_page_is_gzipped_for_browsers_and_has_no_body_for_head(arena: Harness) -> None:
    status, text, response = await arena.request("GET", "/nope", headers={"Accept-Encoding": "gzip"})
    assert (status, response.headers.get("Content-Encoding")) == (404, "gzip")
    assert PAGE_HEADING in text  # aiohttp's client unpacks it
    status, text, _ = await arena.request("HEAD", "/nope")
    assert (status, text) == (404, "")


async def test_unknown_api_addresses_keep_their_json_errors(arena: Harness) -> None:
    for path in ("/api/nope", "/api/rooms/abc/def"):
        status, body, response = await arena.request("GET", path)
        assert_error(status, body, 404, "not_found")
        assert_security_headers(response)


async def test_a_post_to_an_unknown_page_is_not_answered_with_the_page(arena: Harness) -> None:
    status, text, _ = await arena.request("POST", "/nope", json={})
    assert status in (404, 405)
    assert PAGE_HEADING not in text
