"""The Socket.IO endpoint's HTTP side, through a real server: JSONP polling is off, an oversized polling
POST is a 413 at once (declared or chunked), and the session it came on keeps working.

Every test closes the polling sessions it opens: engine.io's shutdown waits for a polling client to
fetch its close packet, so a session left open would hold the server's teardown.
"""

import json
from collections.abc import AsyncIterator

import aiohttp

from .conftest import Harness
from .raw_http import request_bytes, send_raw

EIO = "/socket.io/?EIO=4&transport=polling"


async def handshake(harness: Harness, query: str = "") -> str:
    """A new engine.io polling session; its sid."""
    async with harness.http.get(harness.url + EIO + query) as response:
        assert response.status == 200
        text = await response.text()
    assert text.startswith("0{"), text  # a plain handshake, not a JSONP script
    return str(json.loads(text[1:])["sid"])


async def close_session(harness: Harness, sid: str) -> None:
    """Send engine.io's close packet."""
    async with harness.http.post(f"{harness.url}{EIO}&sid={sid}", data="1") as response:
        assert response.status == 200


async def open_session(harness: Harness) -> str:
    """An engine.io polling session with the Socket.IO namespace connected; its sid."""
    sid = await handshake(harness)
    async with harness.http.post(f"{harness.url}{EIO}&sid={sid}", data="40") as response:
        assert (response.status, await response.text()) == (200, "OK")
    async with harness.http.get(f"{harness.url}{EIO}&sid={sid}") as response:
        assert (await response.text()).startswith("40")  # the namespace's connect answer
    return sid


async def still_answers(harness: Harness, sid: str) -> None:
    """The session carries a command and its ack after whatever was refused."""
    async with harness.http.post(f"{harness.url}{EIO}&sid={sid}", data='421["resync",{}]') as response:
        assert response.status == 200
    async with harness.http.get(f"{harness.url}{EIO}&sid={sid}") as response:
        answer = await response.text()
    assert answer.startswith("431["), answer
    assert json.loads(answer[3:])[0]["error"]["code"] == "not_joined"


async def test_jsonp_polling_is_refused_before_engine_io(arena: Harness) -> None:
    for query in ("&j=0", "&j=", "&j=abc", "&%6A=0", "&j=0&j=1", "&b64=1&j=2"):
        async with arena.http.get(arena.url + EIO + query) as response:
            body = await response.json()
            assert response.status == 400, query
            assert body["error"]["code"] == "bad_query"
            assert "___eio" not in json.dumps(body)
    await close_session(arena, await handshake(arena, "&x=%26j%3D0"))  # a value holding "j=": no JSONP
    sid = await open_session(arena)
    async with arena.http.post(f"{arena.url}{EIO}&sid={sid}&j=0", data='d="42[]"') as response:
        assert response.status == 400
    await still_answers(arena, sid)
    await close_session(arena, sid)


async def test_an_oversized_polling_post_is_a_413_at_once(arena: Harness) -> None:
    sid = await open_session(arena)
    async with arena.http.post(
        f"{arena.url}{EIO}&sid={sid}", data="4" + "x" * 20_000, timeout=aiohttp.ClientTimeout(total=10)
    ) as response:
        assert response.status == 413
        assert (await response.json())["error"]["code"] == "too_large"
    await still_answers(arena, sid)
    await close_session(arena, sid)


async def test_a_declared_length_over_the_limit_is_answered_before_the_body_comes(arena: Harness) -> None:
    sid = await open_session(arena)
    for target in (f"/socket.io/?EIO=4&transport=polling&sid={sid}", "/api/rooms", "/r/0000000000"):
        head = request_bytes("POST", target, {"Content-Length": "50000000", "Content-Type": "text/plain"})
        answer = await send_raw(arena.url, head + b"4" * 1000)  # and then nothing more
        assert answer.status == 413, target
        assert json.loads(answer.body)["error"]["code"] == "too_large"
    await still_answers(arena, sid)
    await close_session(arena, sid)


async def chunks(total: int, size: int = 4096) -> AsyncIterator[bytes]:
    for start in range(0, total, size):
        yield b"4" * min(size, total - start)


async def test_a_chunked_polling_post_is_a_413_when_too_large_and_a_411_otherwise(arena: Harness) -> None:
    sid = await open_session(arena)
    url = f"{arena.url}{EIO}&sid={sid}"
    async with arena.http.post(
        url, data=chunks(1_000_000), timeout=aiohttp.ClientTimeout(total=10)
    ) as response:
        assert response.status == 413
        assert (await response.json())["error"]["code"] == "too_large"
    async with arena.http.post(url, data=chunks(100)) as response:
        assert response.status == 411
        assert (await response.json())["error"]["code"] == "length_required"
    await still_answers(arena, sid)
    await close_session(arena, sid)
