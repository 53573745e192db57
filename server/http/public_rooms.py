"""`GET /api/rooms`: the public rooms, served from a copy at most `ttl` seconds old.

Building the list walks every room and encodes it (39 ms with the room table full), and anyone may ask
for it 20 times a second: three addresses listing at that pace held up every race. The encoded list,
and its gzip form, are kept for a second, so listing costs a lookup whoever asks and however often.

A room no person is in (made and not yet joined, or left to its bots or to nobody, waiting out its idle
timeout) is not listed: a newcomer joining it would wait alone in a lobby nobody is coming back to.
"""

import gzip
import time
from collections.abc import Awaitable, Callable

import orjson
from aiohttp import web

from server.http.edge import COMPRESS_OVER, accepts_gzip
from server.room.preview import PREVIEW_ONLY
from server.room.views import RoomSummary


class PublicRooms:
    """The public list's JSON body, plain and gzipped, rebuilt when older than `ttl`."""

    def __init__(self, rooms: Callable[[], Awaitable[list[RoomSummary]]], ttl: float) -> None:
        self._rooms = rooms
        self.ttl = ttl
        self._built_at = -float("inf")
        self._plain = b""
        self._zipped = b""

    async def bodies(self) -> tuple[bytes, bytes]:
        """The current list, plain and gzipped (built anew at most once every `ttl` seconds)."""
        if time.monotonic() - self._built_at >= self.ttl:
            rooms = await self._rooms()
            listed = [
                {key: value for key, value in room.items() if key not in PREVIEW_ONLY}
                for room in rooms
                if room.get("occupied")  # a summary stored by a version before the key: not listed
            ]
            self._plain = orjson.dumps({"rooms": listed})
            self._zipped = gzip.compress(self._plain, 1) if len(self._plain) > COMPRESS_OVER else b""
            self._built_at = time.monotonic()
        return self._plain, self._zipped

    async def answer(self, request: web.Request) -> web.Response:
        """The list, gzipped for a client that takes it when it is worth it."""
        plain, zipped = await self.bodies()
        response = web.Response(body=plain, content_type="application/json")
        if zipped:
            response.headers["Vary"] = "Accept-Encoding"
            if accepts_gzip(request.headers.get("Accept-Encoding", "")):
                response.body = zipped
                response.headers["Content-Encoding"] = "gzip"
        return response


PUBLIC_ROOMS = web.AppKey("public_rooms", PublicRooms)
