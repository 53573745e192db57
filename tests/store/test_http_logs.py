"""Malformed HTTP requests to a real `python -m server` process: each is answered 400, and the log
grows by a line every few seconds at most, not by a traceback each (646 bytes each before)."""

import asyncio
from pathlib import Path

import aiohttp

from .live import ServerProcess

MALFORMED = [
    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n",  # a request line over aiohttp's 8190 bytes
    b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
    b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nX: " + b"b" * 9000 + b"\r\n\r\n",
    b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
]


async def send(port: int, data: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    return answer


async def test_malformed_requests_are_answered_and_logged_in_a_bounded_way(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    async with aiohttp.ClientSession() as http:
        server = await ServerProcess.start(tmp_path / "races.db", log, http)
        try:
            before = log.stat().st_size
            for batch in range(20):
                answers = await asyncio.gather(
                    *(send(server.port, MALFORMED[(batch + i) % len(MALFORMED)]) for i in range(50))
                )
                assert all(answer.split(b" ", 2)[1] == b"400" for answer in answers), answers[0][:200]
            async with http.get(server.url + "/healthz") as response:
                assert response.status == 200
            grown = log.read_bytes()[before:]
            assert b"Traceback" not in grown, grown[:2000]
            assert grown.count(b"malformed HTTP request") <= 2, grown[:2000]
            assert len(grown) < 2_000, len(grown)
        finally:
            await server.ensure_stopped()
