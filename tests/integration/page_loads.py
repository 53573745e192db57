"""A room page loaded as a browser loads it: the page, then each stylesheet and script it names, then
every module those scripts import by relative URL, then the API reads the page makes. A student's first
tab fetches all of it (about 60 requests); later tabs find the assets in the browser's cache (they are
served immutable) and fetch only the page and its API reads. Any refusal is a broken page: a browser
does not ask again for a module it was refused."""

import posixpath
import re

import aiohttp

ASSET = re.compile(r"""(?:src|href)="(/static/[^"]+)\"""")
IMPORT = re.compile(r"""(?:from|import)\s*\(?\s*['"](\.[^'"]+\.js)['"]""")


async def _get(http: aiohttp.ClientSession, url: str) -> str:
    async with http.get(url) as response:
        text = await response.text(errors="replace")
        assert response.status == 200, (url, response.status, text[:200])
        return text


async def load_room_page(http: aiohttp.ClientSession, base: str, code: str, cached: set[str]) -> int:
    """Load room `code`'s page, fetching only the assets not in `cached` (which it fills); the number
    of requests made."""
    page = await _get(http, f"{base}/r/{code}")
    requests = 1
    wanted = ASSET.findall(page)
    while wanted:
        path = wanted.pop()
        if path in cached:
            continue
        cached.add(path)
        text = await _get(http, base + path)
        requests += 1
        if path.endswith(".js") and "/vendor/" not in path:
            folder = posixpath.dirname(path)
            wanted += [posixpath.normpath(posixpath.join(folder, name)) for name in IMPORT.findall(text)]
    for path in ("/api/rules", f"/api/rooms/{code}"):
        await _get(http, base + path)
        requests += 1
    return requests
