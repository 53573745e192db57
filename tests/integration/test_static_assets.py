"""The web client as served, through a real server: pages reference versioned asset URLs, assets are
cached for a year under their version and revalidated otherwise, scripts and styles are minified, text
is gzipped for clients that ask, large JSON answers too, and the security headers stay on everything."""

import gzip
import posixpath
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from server.config import WEB_DIR
from server.http.minify import minified

from .conftest import Harness, StartServer
from .http_checks import assert_security_headers

REFERENCE = re.compile(r"""\s(?:src|href)=["'](/static/[^"']+)["']""")
# Static imports, as a browser finds them in a source (one per line) or a minified module (`;import{a}from`).
IMPORT = re.compile(
    r"""(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]"""
)
VERSIONED = re.compile(r"^/static/([0-9a-f]{12})/(.+)$")
IMMUTABLE = "max-age=31536000, immutable"


@pytest.fixture
async def raw(arena: Harness) -> AsyncIterator[aiohttp.ClientSession]:
    """A client session that shows bodies as they came (no automatic decompression)."""
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        yield session


async def fetch(
    session: aiohttp.ClientSession, url: str, headers: dict[str, str] | None = None
) -> tuple[int, bytes, aiohttp.ClientResponse]:
    async with session.get(url, headers=headers or {}) as response:
        return response.status, await response.read(), response


def served(path: str) -> bytes:
    """What the server sends for a file of the web directory: its source, minified if a script or style."""
    return minified(path, (WEB_DIR / path).read_bytes())


def references(html: str) -> list[str]:
    return REFERENCE.findall(html)


def imports(script: str, url: str) -> list[str]:
    """The module URLs a script imports, resolved against its own URL as a browser does."""
    base = url.rsplit("/", 1)[0]
    found = [a or b for a, b in IMPORT.findall(script)]
    return [posixpath.normpath(f"{base}/{path}") for path in found if path.startswith(("./", "../"))]


@pytest.mark.parametrize("page", ["/", "/r/0000000000", "/replay/AAAAAAAAAAAAAAAA"])
async def test_pages_reference_versioned_assets_and_are_revalidated(
    arena: Harness, raw: aiohttp.ClientSession, page: str
) -> None:
    status, body, response = await fetch(raw, arena.url + page, {"Accept-Encoding": "identity"})
    assert status == 200
    assert response.headers["Cache-Control"] == "no-cache"
    assert_security_headers(response)
    urls = references(body.decode())
    assert urls, "the page references no assets"
    assert all(VERSIONED.match(url) for url in urls), urls
    assert len({VERSIONED.match(url).group(1) for url in urls}) == 1  # type: ignore[union-attr]


async def test_every_asset_of_the_room_page_is_cached_for_a_year(
    arena: Harness, raw: aiohttp.ClientSession
) -> None:
    _, page, _ = await fetch(raw, arena.url + "/r/0000000000", {"Accept-Encoding": "identity"})
    pending, seen = references(page.decode()), set()
    while pending:
        url = pending.pop()
        if url in seen:
            continue
        seen.add(url)
        status, body, response = await fetch(raw, arena.url + url, {"Accept-Encoding": "identity"})
        assert status == 200, url
        assert response.headers["Cache-Control"] == IMMUTABLE, url
        # never asked again while cached, so no validator; and no node name (every node serves the same)
        assert "ETag" not in response.headers, url
        assert "X-MazeRace-Node" not in response.headers, url
        assert_security_headers(response)
        match = VERSIONED.match(url)
        assert match is not None
        assert body == served(match.group(2)), url
        if url.endswith(".js"):
            assert response.content_type == "text/javascript"
            pending.extend(imports(body.decode(), url))  # relative imports inherit the version
    names = {VERSIONED.match(url).group(2) for url in seen}  # type: ignore[union-attr]
    expected = {"js/pages/room.js", "js/net/socket.js", "js/model/state.js", "js/common/ui.js", "css/app.css"}
    assert expected <= names
    assert "vendor/socket.io.min.js" in names


async def test_text_is_gzipped_only_for_clients_that_accept_it(
    arena: Harness, raw: aiohttp.ClientSession
) -> None:
    plain = served("js/pages/room.js")
    for accept in ("gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*", "GZIP;q=0.5"):
        status, body, response = await fetch(
            raw, arena.url + "/static/js/pages/room.js", {"Accept-Encoding": accept}
        )
        assert status == 200
        assert response.headers["Content-Encoding"] == "gzip", accept
        assert "Accept-Encoding" in response.headers["Vary"]
        assert gzip.decompress(body) == plain
        assert len(body) < len(plain) / 2
    for accept in ("identity", "br", "gzip;q=0", "*;q=0", "gzip;q=nan", "gzip;q=abc", ",,;;==", ""):
        status, body, response = await fetch(
            raw, arena.url + "/static/js/pages/room.js", {"Accept-Encoding": accept}
        )
        assert status == 200
        assert "Content-Encoding" not in response.headers, accept
        assert body == plain


async def test_unversioned_and_stale_urls_work_but_are_revalidated(
    arena: Harness, raw: aiohttp.ClientSession
) -> None:
    plain = served("css/app.css")
    for url in ("/static/css/app.css", "/static/0123456789ab/css/app.css"):
        status, body, response = await fetch(raw, arena.url + url, {"Accept-Encoding": "identity"})
        assert (status, body) == (200, plain), url
        assert response.headers["Cache-Control"] == "no-cache"
        etag = response.headers["ETag"]
        for validator in (etag, etag.removeprefix("W/"), f'"other", {etag}', "*"):
            status, body, again = await fetch(raw, arena.url + url, {"If-None-Match": validator})
            assert (status, body) == (304, b""), validator
            assert again.headers["ETag"] == etag
        status, _, _ = await fetch(raw, arena.url + url, {"If-None-Match": '"other"'})
        assert status == 200


@pytest.mark.parametrize(
    "path",
    [
        "/static/nothing.js", "/static/0123456789ab/nothing.js", "/static/js", "/static/js/",
        "/static/0123456789ab/", "/static/.hidden", "/static/js/../../pyproject.toml",
    ],
)  # fmt: skip
async def test_missing_assets_are_a_404_with_the_security_headers(
    arena: Harness, raw: aiohttp.ClientSession, path: str
) -> None:
    status, _, response = await fetch(raw, arena.url + path)
    assert status == 404
    assert_security_headers(response)


async def test_symlinks_and_hidden_files_are_not_served(start_server: StartServer, tmp_path: Path) -> None:
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text('<script src="/static/a.js"></script>', encoding="utf-8")
    (web / "a.js").write_text("export {};", encoding="utf-8")
    (web / ".env").write_text("SECRET=1", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("top secret", encoding="utf-8")
    (web / "link.txt").symlink_to(tmp_path / "secret.txt")
    harness = await start_server(web_dir=web)
    status, page, _ = await harness.request("GET", "/")
    assert status == 200
    assert re.search(r'src="/static/[0-9a-f]{12}/a\.js"', page), page
    for path in ("/static/.env", "/static/link.txt"):
        status, text, _ = await harness.request("GET", path)
        assert status == 404, path
        assert "secret" not in text.lower()


async def test_large_json_answers_are_gzipped_and_small_ones_are_not(
    arena: Harness, raw: aiohttp.ClientSession
) -> None:
    code = await arena.create_room()
    status, small, response = await fetch(raw, f"{arena.url}/api/rooms/{code}", {"Accept-Encoding": "gzip"})
    assert status == 200
    assert "Content-Encoding" not in response.headers
    for _ in range(20):  # the list has the rooms someone is in
        await (await arena.client()).join(await arena.create_room(), "Ann")
    status, body, response = await fetch(raw, arena.url + "/api/rooms", {"Accept-Encoding": "gzip"})
    assert status == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert_security_headers(response)
    assert len(gzip.decompress(body)) > 1024 > len(small)
    status, body, response = await fetch(raw, arena.url + "/api/rooms", {"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers
    assert body.startswith(b'{"rooms"')


async def test_head_requests_answer_the_headers_alone(arena: Harness) -> None:
    async with arena.http.head(arena.url + "/static/js/pages/room.js") as response:
        assert response.status == 200
        assert response.headers["Cache-Control"] == "no-cache"
        assert await response.read() == b""


async def test_a_page_declares_its_extra_catalogue_and_every_catalogue_is_served_as_the_modules_are(
    arena: Harness, raw: aiohttp.ClientSession
) -> None:
    """i18n.js fetches the catalogues beside itself, so under the page's versioned prefix: cached for a
    year, minified (no spacing) and gzipped like the modules; the editor asks for makers, the room not."""
    _, editor, _ = await fetch(raw, arena.url + "/editor", {"Accept-Encoding": "identity"})
    _, room, _ = await fetch(raw, arena.url + "/r/0000000000", {"Accept-Encoding": "identity"})
    assert re.search(r'<html lang="en" data-catalogues="makers">', editor.decode())
    assert "data-catalogues" not in room.decode()
    version = VERSIONED.match(references(editor.decode())[0]).group(1)  # type: ignore[union-attr]
    for path in ("i18n/en.json", "i18n/zh-CN.json", "i18n/makers/en.json", "i18n/makers/zh-CN.json"):
        url = f"{arena.url}/static/{version}/{path}"
        status, body, response = await fetch(raw, url, {"Accept-Encoding": "gzip"})
        assert status == 200, path
        assert response.headers["Cache-Control"] == IMMUTABLE, path
        assert response.headers["Content-Type"] == "application/json", path
        assert response.headers["Content-Encoding"] == "gzip", path
        assert_security_headers(response)
        plain = gzip.decompress(body)
        assert plain == served(path), path
        assert b"\n" not in plain, f"{path} is served without its spacing"
        assert len(plain) < len((WEB_DIR / path).read_bytes()), path
