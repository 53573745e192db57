"""Sending a big answer (a replay, an analysis) that is kept gzip-compressed, to clients that may read
slowly, without ever holding it whole a second time.

A client that takes gzip is sent the kept bytes themselves, a piece at a time; one that does not is sent
them decompressed a piece at a time as it reads (`PIECE` bytes each), so the decompressed body (tens of
megabytes for a long race's analysis) never exists whole. Each piece is written only once the client
has taken the one before (aiohttp's flow control), so a slow reader holds about one piece, not the
answer; a write that makes no progress for `write_stall` seconds hangs the connection up. A client
address may have `downloads_per_address` answers being sent at once (`rate_limits.AddressSlots`): one more is
refused with `too_many_downloads` (429) before anything is built or sent.
"""

import asyncio
import logging
import zlib
from collections.abc import Iterator

from aiohttp import web

from server.http.edge import DOCUMENT_HEADERS

log = logging.getLogger(__name__)

PIECE = 64 * 1024
"""Bytes written at a time: what a slow reader can make the server hold, per download."""
FED_AT_ONCE = 16 * 1024
"""Compressed bytes handed to the decompressor at a time."""
SLOT_RETRY_AFTER = 5
"""Seconds a client refused a download slot is told to wait (`Retry-After`): a normal download of the
biggest answer takes about that long on a slow line."""


def gzip_pieces(body: bytes) -> Iterator[memoryview]:
    """The compressed body itself, in pieces (views: nothing is copied)."""
    whole = memoryview(body)
    for start in range(0, len(body), PIECE):
        yield whole[start : start + PIECE]


def inflated_pieces(body: bytes) -> Iterator[bytes]:
    """A one-member gzip body decompressed a piece at a time, each at most `PIECE` bytes.

    The input is fed in slices of `FED_AT_ONCE` bytes too: zlib hands back what it has not read yet as
    a copy (`unconsumed_tail`), and fed the whole body it would copy megabytes for every piece."""
    inflater = zlib.decompressobj(wbits=31)
    whole = memoryview(body)
    for start in range(0, len(body), FED_AT_ONCE):
        rest: bytes | memoryview = whole[start : start + FED_AT_ONCE]
        while rest:
            piece = inflater.decompress(rest, PIECE)
            rest = inflater.unconsumed_tail
            if piece:
                yield piece
    if tail := inflater.flush():
        yield tail  # at most one match's worth: the input is all read


def inflated_length(body: bytes) -> int:
    """The decompressed length a gzip member records in its last four bytes (answers stay under 4 GB)."""
    return int.from_bytes(body[-4:], "little")


async def send_compressed(
    request: web.Request, body: bytes, headers: dict[str, str], *, gzip_ok: bool, write_stall: float
) -> web.StreamResponse:
    """Send the gzip-compressed JSON `body`, as it is or decompressed as it goes (see the module)."""
    response = web.StreamResponse(headers={**DOCUMENT_HEADERS, **headers})
    response.content_type = "application/json"
    if gzip_ok:
        response.headers["Content-Encoding"] = "gzip"
        response.content_length = len(body)
        pieces: Iterator[bytes | memoryview] = gzip_pieces(body)
    else:
        response.content_length = inflated_length(body)
        pieces = inflated_pieces(body)
    if request.method == "HEAD":
        pieces = iter(())  # the head only: aiohttp would send what is written, even to a HEAD
    try:
        await response.prepare(request)
        for piece in pieces:
            await asyncio.wait_for(response.write(piece), write_stall)
        await response.write_eof()
    except TimeoutError:
        log.info("a download to %s made no progress for %.0f s: hung up", request.remote, write_stall)
        _hang_up(request)
    except ConnectionError:
        _hang_up(request)  # the client left: nothing more to send
    return response


def _hang_up(request: web.Request) -> None:
    if request.transport is not None:
        request.transport.abort()
