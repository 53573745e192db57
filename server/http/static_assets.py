"""The web client's files, read once at start, served compressed and cached by content version.

Every file under the web directory is kept in memory as served (scripts and styles minified, see
minify.py) with its gzip form. One version, a hash of all the served bytes, prefixes the asset URLs
the pages use: `/static/<version>/js/room.js` is cached for a year (`immutable`), and the modules it
imports by relative URL inherit the prefix. The pages themselves (`no-cache`) are rewritten at start
to reference the versioned URLs, so a new release is one page load away. An unversioned or
stale-version URL still answers, revalidated on every use. Edits under web/ show after a restart.
"""

import gzip
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from server.http.edge import accepts_gzip
from server.http.minify import minified

VERSION = re.compile(r"^([0-9a-f]{12})/(.+)\Z")
ASSET_REFERENCE = re.compile(rb"""(\s(?:src|href)=["'])/static/""")
IMMUTABLE = "max-age=31536000, immutable"
REVALIDATE = "no-cache"
CONTENT_TYPES = {
    # Scripts and styles name no charset: a module script is always read as UTF-8, and a classic script
    # or a style sheet takes the encoding of the page that loads it, which is UTF-8; so the ~15 bytes
    # would only weigh on each of a page's sixty-odd requests.
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
}
COMPRESSIBLE = ("text/", "application/json", "image/svg+xml")
LICENSE_NAMES = ("LICENSE", "COPYING")
MIN_GZIP = 256
"""Smaller files go as they are: gzip's header would eat most of the saving."""


@dataclass(frozen=True)
class Asset:
    """One file as served: its bytes, their gzip form when that is smaller, its type and validator."""

    body: bytes
    gzipped: bytes | None
    content_type: str
    etag: str


def _content_type(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    if name.split(".", 1)[0] in LICENSE_NAMES:
        return "text/plain; charset=utf-8"
    return CONTENT_TYPES.get(os.path.splitext(name)[1].lower(), "application/octet-stream")


def _asset(path: str, body: bytes) -> Asset:
    content_type = _content_type(path)
    gzipped = None
    if content_type.startswith(COMPRESSIBLE) and len(body) >= MIN_GZIP:
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        gzipped = packed if len(packed) < len(body) else None
    etag = 'W/"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    return Asset(body, gzipped, content_type, etag)


def _read_tree(root: Path) -> dict[str, bytes]:
    """Every regular file under `root` by its relative path; hidden names and symlinks are left out."""
    files: dict[str, bytes] = {}
    for directory, subdirectories, names in os.walk(root, followlinks=False):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        for name in sorted(names):
            path = Path(directory) / name
            if name.startswith(".") or path.is_symlink() or not path.is_file():
                continue
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


class StaticAssets:
    """The web directory as served, under one content version."""

    def __init__(self, web_dir: Path) -> None:
        sources = _read_tree(web_dir) if web_dir.is_dir() else {}
        files = {path: minified(path, body) for path, body in sources.items()}
        digest = hashlib.sha256()
        for path, body in sorted(files.items()):
            digest.update(f"{path}\0{len(body)}\0".encode())
            digest.update(body)
        self.version = digest.hexdigest()[:12]
        prefix = f"/static/{self.version}/".encode()
        self._assets = {
            path: _asset(path, ASSET_REFERENCE.sub(rb"\1" + prefix, body) if path.endswith(".html") else body)
            for path, body in files.items()
        }

    def url(self, path: str) -> str:
        """The versioned URL of a file under the web directory."""
        return f"/static/{self.version}/{path}"

    def find(self, tail: str) -> tuple[Asset, str] | None:
        """The asset a `/static/{tail}` URL names and its Cache-Control, or None."""
        asset = self._assets.get(tail)
        if asset is not None:
            return asset, REVALIDATE
        versioned = VERSION.match(tail)
        if versioned is None:
            return None
        asset = self._assets.get(versioned.group(2))
        if asset is None:
            return None
        return asset, IMMUTABLE if versioned.group(1) == self.version else REVALIDATE

    def page(self, name: str) -> Asset:
        """An HTML page of the web directory (rewritten to the versioned asset URLs)."""
        asset = self._assets.get(name)
        if asset is None:
            raise web.HTTPNotFound()
        return asset


ASSETS = web.AppKey("assets", StaticAssets)


def _matches(if_none_match: str, etag: str) -> bool:
    """Weak comparison (RFC 9110 13.1.2) against a client's `If-None-Match` list."""
    wanted = etag.removeprefix("W/")
    tags = (tag.strip() for tag in if_none_match.split(",")[:64])
    return any(tag == "*" or tag.removeprefix("W/") == wanted for tag in tags)


def asset_response(request: web.Request, asset: Asset, cache_control: str) -> web.Response:
    """A 200 with the asset (gzipped when the client accepts it) or a 304 when the client has it."""
    headers = {"Cache-Control": cache_control}
    if cache_control != IMMUTABLE:  # an immutable URL is never asked again while cached: no validator
        headers["ETag"] = asset.etag
    if asset.gzipped is not None:
        headers["Vary"] = "Accept-Encoding"
    if _matches(request.headers.get("If-None-Match", ""), asset.etag):
        return web.Response(status=304, headers=headers)
    body = asset.body
    if asset.gzipped is not None and accepts_gzip(request.headers.get("Accept-Encoding", "")):
        body = asset.gzipped
        headers["Content-Encoding"] = "gzip"
    headers["Content-Type"] = asset.content_type
    return web.Response(body=body, headers=headers)


async def static_file(request: web.Request) -> web.Response:
    """`GET /static/{tail}`: a file of the web directory, versioned or not."""
    found = request.app[ASSETS].find(request.match_info["tail"])
    if found is None:
        raise web.HTTPNotFound()
    return asset_response(request, *found)


def page_response(request: web.Request, name: str) -> web.Response:
    """An HTML page, revalidated on every load so that a new version shows at once."""
    return asset_response(request, request.app[ASSETS].page(name), REVALIDATE)
