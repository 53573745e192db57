"""Page weight: the bytes a room page load transfers (status lines, headers and bodies, counted on the
socket), on a first visit with and without gzip, and on a repeat visit with the browser's cache; and, for
information, a first visit of the front page, the editor and the list of published mazes.

The page is crawled as a browser loads it: the HTML, every `/static/` asset it references, every
module those scripts import by relative URL, and the message catalogues i18n.js fetches (English: the
main one and each extra the page declares on its root element, `data-catalogues="makers"`). A
repeat visit asks again only for what was not cached as immutable, with the validators the first
answers gave (If-None-Match / If-Modified-Since).

    python -m tests.bench page_weight            # against this checkout's app, started in-process
    python -m tests.bench.page_weight --url URL  # against any running server (e.g. an older build)
"""

import argparse
import asyncio
import gzip
import posixpath
import re
from dataclasses import dataclass

from aiohttp import web
from yarl import URL

TITLE = "page weight: bytes on the wire for a room page load (first visit, gzip or not; repeat visit)"

REFERENCE = re.compile(r"""\s(?:src|href)=["'](/static/[^"']+)["']""")
IMPORT = re.compile(r"""from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]""")
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"
BUDGET = 112 * 1024
"""The room page's first visit (gzip accepted) stays within this many bytes."""
OTHER_PAGES = ("/", "/editor", "/mazes")
"""Pages measured for information (the front page, and two that declare the makers catalogue)."""
CATALOGUE_LOADER = "js/common/i18n.js"
CATALOGUES = "../../i18n/"
DECLARED = re.compile(r"""<html\b[^>]*\sdata-catalogues=["']([^"']*)["']""")


@dataclass(frozen=True)
class Fetched:
    """One answer as it came over the socket."""

    url: str
    status: int
    wire_bytes: int
    headers: dict[str, str]
    body: bytes


async def fetch(base: URL, path: str, headers: dict[str, str]) -> Fetched:
    """GET `path` on a fresh connection and count every byte of the answer."""
    reader, writer = await asyncio.open_connection(base.host, base.port)
    lines = [f"GET {path} HTTP/1.1", f"Host: {base.host}:{base.port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    data = await reader.read()
    writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parsed = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        parsed[name.strip().lower()] = value.strip()
    if parsed.get("transfer-encoding") == "chunked":
        body = _unchunk(body)
    return Fetched(path, int(status_line.split()[1]), len(data), parsed, body)


def _unchunk(data: bytes) -> bytes:
    out, rest = b"", data
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out, rest = out + rest[:size], rest[size + 2 :]
    return out


def _text(answer: Fetched) -> str:
    if answer.headers.get("content-encoding") == "gzip":
        return gzip.decompress(answer.body).decode()
    return answer.body.decode()


async def load_page(base: URL, page: str, headers: dict[str, str]) -> list[Fetched]:
    """The page and everything it loads, in the order a browser finds them."""
    first = await fetch(base, page, headers)
    answers, pending, seen = [first], REFERENCE.findall(_text(first)), set()
    declared = DECLARED.search(_text(first))
    catalogues = ["", *(f"{name}/" for name in declared.group(1).split())] if declared else [""]
    while pending:
        url = pending.pop(0)
        if url in seen:
            continue
        seen.add(url)
        answer = await fetch(base, url, headers)
        answers.append(answer)
        if url.endswith(".js") and answer.status == 200:
            folder = url.rsplit("/", 1)[0]
            for a, b in IMPORT.findall(_text(answer)):
                pending.append(posixpath.normpath(f"{folder}/{a or b}"))  # `../` as a browser resolves it
            if url.endswith(CATALOGUE_LOADER):  # it fetches the page's catalogues (English here) first
                for extra in catalogues:
                    pending.append(posixpath.normpath(f"{folder}/{CATALOGUES}{extra}en.json"))
    return answers


async def repeat_visit(base: URL, first: list[Fetched]) -> list[Fetched]:
    """What a browser asks again on the next visit: everything not cached as immutable, conditionally."""
    again = []
    for answer in first:
        if "immutable" in answer.headers.get("cache-control", ""):
            continue
        headers = {"Accept-Encoding": BROWSER_ENCODINGS}
        if "etag" in answer.headers:
            headers["If-None-Match"] = answer.headers["etag"]
        if "last-modified" in answer.headers:
            headers["If-Modified-Since"] = answer.headers["last-modified"]
        again.append(await fetch(base, answer.url, headers))
    return again


def _row(label: str, answers: list[Fetched]) -> str:
    total = sum(a.wire_bytes for a in answers)
    statuses = sorted({a.status for a in answers})
    return f"  {label:<38} {len(answers):>3} requests {total:>9,} bytes ({total / 1024:6.1f} KB)  {statuses}"


async def measure(base: URL) -> None:
    page = "/r/0000000000"
    plain = await load_page(base, page, {"Accept-Encoding": "identity"})
    packed = await load_page(base, page, {"Accept-Encoding": BROWSER_ENCODINGS})
    print(f"room page load from {base} ({len(packed)} files):")
    print(_row("first visit, no compression", plain))
    print(_row("first visit, browser (gzip accepted)", packed))
    first = sum(a.wire_bytes for a in packed)
    verdict = "within" if first <= BUDGET else "OVER"
    print(
        f"  {verdict} the budget of {BUDGET:,} bytes ({BUDGET // 1024} KiB) by {abs(BUDGET - first):,} bytes"
    )
    print(_row("repeat visit, browser cache", await repeat_visit(base, packed)))
    cached = sum(1 for a in packed if "immutable" in a.headers.get("cache-control", ""))
    print(f"  cached as immutable: {cached} of {len(packed)} files")
    print("other pages, first visit, browser (gzip accepted):")
    for other in OTHER_PAGES:
        print(_row(other, await load_page(base, other, {"Accept-Encoding": BROWSER_ENCODINGS})))


async def _measure_this_checkout() -> None:
    from server.app.factory import create_app  # this checkout's app, on a real port
    from server.cluster.services import free_port
    from server.config import AppConfig

    runner = web.AppRunner(create_app(AppConfig()))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        await measure(URL(f"http://127.0.0.1:{port}"))
    finally:
        await runner.cleanup()


def run(quick: bool) -> None:
    """Print the page-weight table for this checkout (quick or not: it is one page load)."""
    asyncio.run(_measure_this_checkout())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m tests.bench.page_weight", description=TITLE)
    parser.add_argument("--url", help="a running server to measure instead of this checkout's app")
    args = parser.parse_args()
    if args.url:
        asyncio.run(measure(URL(args.url)))
    else:
        run(quick=False)
