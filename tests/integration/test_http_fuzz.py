"""Random requests to every HTTP route through a real server, sent byte for byte over a socket: any
method, path segment, query string, header and body. None may answer 5xx or stall, and afterwards the
same server still serves pages and makes rooms.

Hypothesis runs in a worker thread and hands each example to the test's event loop (as test_fuzz.py
does for Socket.IO commands), so one server sees every example.
"""

import asyncio
import json
from pathlib import Path
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import StartServer
from .raw_http import RawAnswer, request_bytes, send_raw

ROUTES = {
    "/": "GET", "/r/{}": "GET", "/replay/{}": "GET", "/healthz": "GET", "/api/rooms": "POST",
    "/api/rooms/{}": "GET", "/api/daily": "POST", "/api/leaderboard": "GET", "/api/races": "GET",
    "/api/races/{}": "GET", "/static/{}": "GET", "/static/{}/js/pages/room.js": "GET", "/socket.io/": "GET",
    "/{}": "GET", "/api/{}": "GET",
}  # fmt: skip
"""Every route (and two catch-alls) with the method it answers."""
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "BREW"]
QUERY_KEYS = [
    "limit", "preset", "algorithm", "name", "daily", "watch", "EIO", "transport", "sid", "j", "t", "b64",
]  # fmt: skip
SETTINGS = ["preset", "rows", "cols", "algorithm", "braid", "hint_methods", "max_players", "public"]
HEADER_NAMES = [
    "Content-Type", "Accept-Encoding", "If-None-Match", "If-Modified-Since", "Host", "Origin", "Range",
    "Cookie", "Upgrade", "Accept", "Accept-Language", "X-Forwarded-For", "X-Forwarded-Proto", "Referer",
    "Sec-WebSocket-Key", "Sec-WebSocket-Version", "Expect",
]  # fmt: skip

printable = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=40)
unicode_text = st.text(max_size=30)
segments = st.one_of(
    printable.map(lambda s: quote(s, safe="")),
    unicode_text.map(lambda s: quote(s, safe="")),
    st.sampled_from(["0000000000", "AAAAAAAAAAAAAAAA", "..", "%2e%2e", "%00", "%ff", "a/b", "js/room.js"]),
    st.sampled_from(["css/app.css", "0123456789ab", "vendor/socket.io.min.js", "%2F..%2F", "~", ""]),
)
values = st.one_of(
    unicode_text,
    st.integers(-(10**30), 10**30).map(str),
    st.integers(1, 7_000).map(lambda n: "9" * n),
    st.integers(4_000, 7_000).map(lambda n: "1" * n),  # past Python's int-string conversion limit
    st.sampled_from(
        ["today", "2026-02-30", "2026-11-30", "easy", "custom", "prim", "4", "polling", "websocket"]
    ),
)
queries = st.lists(st.tuples(st.sampled_from(QUERY_KEYS * 4) | unicode_text, values), max_size=5).map(
    lambda pairs: "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs)
)
header_values = st.one_of(
    printable,
    st.sampled_from([
        "application/json", "application/json; charset=latin-1", "application/json; charset=nope",
        "multipart/form-data; boundary=x", "text/plain", "gzip;q=nan, *;q=2", "gzip", "websocket",
        "bytes=0-10", "bytes=-5,9999999-", 'W/"x", *', "localhost", "evil.example:99999", "[::1",
        "100-continue", "13", "http://evil.example",
    ]),
)  # fmt: skip
bodies = st.one_of(
    st.just(b""),
    st.binary(max_size=300),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | unicode_text,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(unicode_text, inner, max_size=4),
        max_leaves=8,
    ).map(lambda value: json.dumps(value).encode()),
    st.dictionaries(st.sampled_from(SETTINGS), values | st.lists(values, max_size=2)).map(
        lambda value: json.dumps(value).encode()
    ),
)
CONTENT_TYPES = [
    "application/json", "application/json; charset=latin-1", "application/json; charset=nope",
    "application/json; charset=utf-16", "text/plain", "multipart/form-data; boundary=x", "",
]  # fmt: skip


@st.composite
def requests(draw: st.DrawFn) -> dict[str, object]:
    """A request that mostly uses a route's own method, so that its handler runs and sees the odd input."""
    route = draw(st.sampled_from(sorted(ROUTES)))
    method = draw(st.sampled_from([ROUTES[route]] * 6 + METHODS))
    headers = draw(st.dictionaries(st.sampled_from(HEADER_NAMES), header_values, max_size=5))
    body = draw(bodies) if method not in ("GET", "HEAD") or draw(st.booleans()) else b""
    if body and draw(st.booleans()):
        headers["Content-Type"] = draw(st.sampled_from(CONTENT_TYPES))
    return {
        "method": method,
        "route": route,
        "segment": draw(segments),
        "query": draw(queries),
        "headers": headers,
        "body": body,
        "chunked": draw(st.integers(0, 4)) == 0,
    }


def encode(example: dict[str, object]) -> tuple[str, bytes]:
    """The request line's target and the whole request's bytes."""
    route, segment, query = str(example["route"]), str(example["segment"]), str(example["query"])
    target = route.replace("{}", segment or "x") + (f"?{query}" if query else "")
    headers = dict(example["headers"])  # type: ignore[call-overload]
    body = bytes(example["body"])  # type: ignore[call-overload]
    if example["chunked"] and body:
        headers["Transfer-Encoding"] = "chunked"
        body = f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
    return target, request_bytes(str(example["method"]), target, headers, body)


async def test_no_request_makes_a_route_answer_5xx(start_server: StartServer, tmp_path: Path) -> None:
    harness = await start_server(db_path=tmp_path / "fuzz.db")
    await harness.create_room()
    loop = asyncio.get_running_loop()
    answers: list[RawAnswer] = []

    async def one(example: dict[str, object]) -> None:
        target, data = encode(example)
        handshake = target.startswith("/socket.io/") and example["method"] == "GET"
        answer = await send_raw(harness.url, data, read_body=handshake)
        assert answer.status < 500, (answer.status, target, data[:600])
        answers.append(answer)
        if answer.status == 200 and answer.body.startswith(b"0{"):  # an engine.io session was opened:
            sid = json.loads(answer.body[1:])["sid"]  # close it, or it would hold the server's shutdown
            async with harness.http.post(
                f"{harness.url}/socket.io/?EIO=4&transport=polling&sid={sid}", data="1"
            ):
                pass

    @settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(example=requests())
    def fuzz(example: dict[str, object]) -> None:
        asyncio.run_coroutine_threadsafe(one(example), loop).result(timeout=60)

    await asyncio.to_thread(fuzz)
    statuses = sorted({answer.status for answer in answers})
    print(f"{len(answers)} requests, statuses {statuses}")
    assert len(answers) >= 600

    for path in ("/", "/r/0000000000", "/static/js/pages/room.js", "/healthz", "/api/rooms", "/api/races"):
        status, _, _ = await harness.request("GET", path)
        assert status == 200, path
    assert await harness.create_room()
