"""Regression test: requests aiohttp cannot parse wrote a traceback each (about 450 bytes); a server
process's log now stays a few lines long whatever junk arrives."""

import asyncio
from pathlib import Path

import aiohttp

from .live import ServerProcess

JUNK = (
    b"GARBAGE\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
    b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" * 10,
    b"POST /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: x\r\n"
    b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
)
ROUNDS = 100


async def send_junk(port: int, payload: bytes) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(payload)
    await writer.drain()
    await reader.read(200)
    writer.close()
    await writer.wait_closed()


async def test_junk_requests_leave_the_log_short(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    async with aiohttp.ClientSession() as http:
        server = await ServerProcess.start(tmp_path / "mazerace.db", log, http)
        try:
            before = log.stat().st_size
            for _ in range(ROUNDS):
                await asyncio.gather(*(send_junk(server.port, payload) for payload in JUNK))
            async with http.get(server.url + "/healthz") as response:
                assert response.status == 200  # still serving
            await asyncio.sleep(0.2)
            written = log.read_text(errors="replace")[before:]
        finally:
            await server.ensure_stopped()
    assert "Traceback" not in written
    assert len(written) < 10_000, f"{len(written)} bytes for {ROUNDS * len(JUNK)} junk requests"
