"""A bare HTTP/1.1 client over a TCP socket, for requests aiohttp's client would refuse to send (odd
headers, lying lengths, bodies cut short). It writes the bytes given and reads the answer's head."""

import asyncio
import contextlib
from dataclasses import dataclass

from yarl import URL

TIMEOUT = 10.0
"""Seconds to wait for the head of an answer: a server that takes longer has stalled."""


@dataclass(frozen=True)
class RawAnswer:
    """The status and the header lines of an answer (lower-cased names), and what of the body came."""

    status: int
    headers: dict[str, str]
    body: bytes


def request_bytes(method: str, target: str, headers: dict[str, str], body: bytes = b"") -> bytes:
    """An HTTP/1.1 request with `Connection: close` (and a Content-Length unless the headers say)."""
    lines = [f"{method} {target} HTTP/1.1"]
    names = {name.lower() for name in headers}
    if "host" not in names:
        lines.append("Host: 127.0.0.1")
    if body and not names & {"content-length", "transfer-encoding"}:
        lines.append(f"Content-Length: {len(body)}")
    lines.extend(f"{name}: {value}" for name, value in headers.items())
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


async def send_raw(url: str, data: bytes, *, read_body: bool = True) -> RawAnswer:
    """Send `data` to the server at `url` and read its answer (and its body, if asked)."""
    address = URL(url)
    reader, writer = await asyncio.open_connection(address.host, address.port)
    try:
        writer.write(data)
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            if name:
                headers[name.strip().lower()] = value.strip()
        body = b""
        if read_body:  # by its length when there is one: the server may linger before it closes
            length = headers.get("content-length", "")
            reading = reader.readexactly(int(length)) if length.isdecimal() else reader.read()
            body = await asyncio.wait_for(reading, TIMEOUT)
        return RawAnswer(int(status_line.split(" ", 2)[1]), headers, body)
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await writer.wait_closed()
