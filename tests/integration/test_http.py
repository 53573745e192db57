"""The HTTP side: pages and static files with their security headers, the health check, API routes
and methods, and room links that never echo a foreign host."""

import asyncio
import os
from pathlib import Path

import pytest

from .conftest import Harness, StartServer
from .http_checks import assert_error, assert_security_headers


@pytest.fixture
def web_dir(tmp_path: Path) -> Path:
    """Stand-in pages, so these tests do not depend on the real front end."""
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>lobby</title>", encoding="utf-8")
    (web / "room.html").write_text("<!doctype html><title>room</title>", encoding="utf-8")
    (web / "app.css").write_text("body { margin: 0 }", encoding="utf-8")
    return web


async def test_pages_are_served_with_security_headers(start_server: StartServer, web_dir: Path) -> None:
    harness = await start_server(web_dir=web_dir)
    code = await harness.create_room()
    for path, title in (("/", "lobby"), (f"/r/{code}", "room"), ("/r/0000000000", "room")):
        status, text, response = await harness.request("GET", path)
        assert status == 200
        assert response.content_type == "text/html"
        assert f"<title>{title}</title>" in text
        assert_security_headers(response)
    status, text, response = await harness.request("GET", "/static/app.css")
    assert status == 200
    assert "margin" in text
    # a style sheet, a script or JSON is never shown as a page: the page's policy comes with the page
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" not in response.headers
    status, _, response = await harness.request("GET", "/api/rules")
    assert status == 200
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    status, _, response = await harness.request("GET", "/no/such/page")
    assert status == 404
    assert_security_headers(response)


async def test_static_files_do_not_escape_the_web_dir(start_server: StartServer, web_dir: Path) -> None:
    (web_dir.parent / "secret.txt").write_text("top secret", encoding="utf-8")
    harness = await start_server(web_dir=web_dir)
    for path in ("/static/../secret.txt", "/static/%2e%2e/secret.txt", "/static/..%2fsecret.txt"):
        status, text, _ = await harness.request("GET", path)
        assert status in (403, 404), (path, status)
        assert "top secret" not in text


async def test_healthz_counts_rooms_and_connections(arena: Harness) -> None:
    status, body, response = await arena.request("GET", "/healthz")
    solo = {"ok": True, "node": "solo", "pid": os.getpid(), "hung_up": 0}  # this test's process serves it
    files = body.pop("open_files")
    assert 0 < files["open"] < files["limit"]
    assert (status, body) == (200, {**solo, "rooms": 0, "connections": 0, "sessions": 0})
    assert response.headers["X-MazeRace-Node"] == "solo"
    assert_security_headers(response)
    await arena.create_room()
    client = await arena.client()
    _, body, _ = await arena.request("GET", "/healthz")
    body.pop("open_files")
    assert body == {**solo, "rooms": 1, "connections": 1, "sessions": 1}
    await client.sio.disconnect()
    for _ in range(200):
        _, body, _ = await arena.request("GET", "/healthz")
        if body["connections"] == 0:
            break
        await asyncio.sleep(0.01)
    body.pop("open_files")
    assert body == {**solo, "rooms": 1, "connections": 0, "sessions": 0}


async def test_a_wrong_method_on_an_api_route_is_a_json_405(arena: Harness) -> None:
    status, body, response = await arena.request("DELETE", "/api/rooms")
    assert_error(status, body, 405, "bad_http_method")
    assert set(response.headers["Allow"].split(",")) >= {"GET", "POST"}
    assert_security_headers(response)


@pytest.mark.parametrize("path", ["/api/rooms", "/api/daily"])
@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:80", "localhost:1@evil.example", "127.0.0.1.evil.example", "[::2]"]
)
async def test_room_links_never_echo_a_foreign_host(arena: Harness, path: str, host: str) -> None:
    status, body, _ = await arena.request("POST", path, json={}, headers={"Host": host})
    assert status in (200, 201), body
    assert body["url"] == f"{arena.url}/r/{body['code']}"  # the address the request arrived on


@pytest.mark.parametrize("host", ["localhost:8080", "LOCALHOST", "127.0.0.1:9999", "[::1]:8080", "127.7.7.7"])
async def test_room_links_keep_a_host_that_names_this_machine(arena: Harness, host: str) -> None:
    status, body, _ = await arena.request("POST", "/api/rooms", json={}, headers={"Host": host})
    assert status == 201, body
    expected = {"LOCALHOST": "localhost", "127.7.7.7": "127.7.7.7"}.get(host, host)
    assert body["url"] == f"http://{expected}/r/{body['code']}"


async def test_room_links_name_the_configured_public_url(start_server: StartServer) -> None:
    harness = await start_server(public_url="https://maze.example/games")
    for path in ("/api/rooms", "/api/daily"):
        status, body, _ = await harness.request("POST", path, json={}, headers={"Host": "evil.example"})
        assert status in (200, 201), body
        assert body["url"] == f"https://maze.example/games/r/{body['code']}"
