"""`GET /api/races/{id}`: a stored race for the replay page, built off the event loop.

The answer carries the race's log as packed columns (`RaceLog.to_wire`), is gzip-compressed once in a
worker thread and kept in a bounded cache, so the biggest race the bounds allow (16 racers, 45,000
moves each) costs one build and then only a send. Builds run two at a time and every address is rate
limited, so replays never crowd out the rooms. The send is streamed (`server.http.downloads`): a client
without gzip gets the answer decompressed as it reads, never whole, and an address has a few download
slots, so slow readers cannot pin answers in memory.

A daily race is sealed until its UTC day is over: before that, the answer has its results (without the
rooms players stopped in) and `sealed_until`, but no seed, maze or log, which would give away the
day's maze and its route to anyone who has not raced it yet.

`GET /api/races/{id}/analysis` (each racer's race explained, `server.analysis.race`) is answered the
same way, but built once in a worker process (seconds of pure Python), compressed, kept in the same
cache, sealed for a daily race of a day not yet over (the analysis draws the route: the answer then has
`maze` and `analysis` null), and rate limited on the replay's terms by a limiter of its own (a replay
page asks for both). A refusal over either limit is a 429 with `Retry-After`, as every 429 is.
"""

import asyncio
import collections
import datetime
import gzip
import json
import re
import time
from collections.abc import Awaitable, Callable
from typing import Literal

from aiohttp import web

from server.analysis.race import analyse_race
from server.analysis.wire import analysis_json
from server.errors import GameError
from server.http.downloads import SLOT_RETRY_AFTER, send_compressed
from server.http.edge import accepts_gzip, json_error
from server.http.keys import CONFIG
from server.http.limits import client_address, retry_after
from server.maze.generation import generate
from server.maze.model import Maze
from server.maze.wire import encode_maze
from server.room.rate_limits import AddressSlots, KeyedLimiter, RateLimit
from server.room.settings import spec_for
from server.runtime.published_layouts import PublishedLayouts
from server.runtime.race_analyses import check_analysable, in_analysis_worker
from server.store.interface import Store, StoredRace

RACE_ID = re.compile(r"^[A-Za-z0-9_-]{16}\Z")
REPLAY_LIMIT = RateLimit(1.0, 10.0)
"""Replay answers per client address: a burst of 10, then one a second."""
CACHE_BYTES = 64 * 1024 * 1024
"""Compressed answers kept, in bytes (the biggest race is about 3 MB compressed)."""
BUILDS_AT_ONCE = 2
GZIP_LEVEL = 1
"""Level 1: a 720,000-move answer in 0.3 s (level 6 takes 1.6 s for 7 % less)."""


def sealed_until(daily: str | None, now: datetime.datetime) -> int | None:
    """For a daily race of a day not yet over, the epoch ms when it opens (the next UTC midnight)."""
    if daily is None:
        return None
    opens = datetime.datetime.combine(
        datetime.date.fromisoformat(daily) + datetime.timedelta(days=1), datetime.time(), datetime.UTC
    )
    return round(opens.timestamp() * 1000) if now < opens else None


Kind = Literal["replay", "analysis"]
PLURALS: dict[Kind, str] = {"replay": "replays", "analysis": "analyses"}
Builder = Callable[[StoredRace, datetime.datetime, Maze | None], tuple[bytes, bool]]
"""Makes an answer off the loop: the gzip-compressed JSON of a stored race (raced on the published
maze given, if any), and whether it is sealed."""


def build_answer(race: StoredRace, now: datetime.datetime, layout: Maze | None = None) -> tuple[bytes, bool]:
    """The gzip-compressed JSON answer for a stored race, and whether it is sealed (pure, CPU-bound:
    runs in a worker thread). A race on a published maze is on `layout`, that maze."""
    until = sealed_until(race["daily"], now)
    if until is not None:
        answer: dict[str, object] = {k: v for k, v in race.items() if k not in ("seed", "log")}  # JSON out
        answer["results"] = [{**row, "cell": None} for row in race["results"]]
        answer |= {"seed": None, "maze": None, "log": None, "sealed_until": until}
        body = json.dumps(answer, separators=(",", ":")).encode()
    else:
        spec = spec_for(race["settings"], race["seed"], layout)
        answer = {k: v for k, v in race.items() if k != "log"}
        answer |= {"maze": encode_maze(generate(spec)), "sealed_until": None}
        head = json.dumps(answer, separators=(",", ":")).encode()
        body = b"".join((head[:-1], b',"log":', race["log"].wire_json(), b"}"))
    return gzip.compress(body, GZIP_LEVEL), until is not None


def build_analysis(
    race: StoredRace, now: datetime.datetime, layout: Maze | None = None
) -> tuple[bytes, bool]:
    """The gzip-compressed analysis answer of a stored race, and whether it is sealed (pure,
    CPU-bound: runs in a worker process); a race on a published maze is on `layout`."""
    until = sealed_until(race["daily"], now)
    answer: dict[str, object] = {"race": race["id"], "daily": race["daily"], "sealed_until": until}
    if until is None:
        maze = generate(spec_for(race["settings"], race["seed"], layout))
        duration = max(0, int(race["ended_at"]) - int(race["started_at"]))
        answer["maze"] = encode_maze(maze)  # drawn under the routes: a fog race's page never had it all
        answer["analysis"] = analysis_json(analyse_race(maze, race["log"], race["results"], duration))
    else:
        answer |= {"maze": None, "analysis": None}
    body = json.dumps(answer, separators=(",", ":")).encode()
    return gzip.compress(body, GZIP_LEVEL), until is not None


BUILDERS: dict[Kind, Builder] = {"replay": build_answer, "analysis": build_analysis}
BUILD_OFF_THE_LOOP: dict[Kind, Callable[..., Awaitable[tuple[bytes, bool]]]] = {
    "replay": asyncio.to_thread,
    "analysis": in_analysis_worker,
}
"""Where each answer is built. A replay's build is mostly encoding and gzip, which let go of the GIL:
a thread. An analysis is seconds of pure Python on the biggest race: the analyses' own worker process,
so the loop keeps serving moves and no hint search waits behind it."""


class Replays:
    """Answers replay (and analysis) requests from the store, with a rate limit per address and a cache."""

    def __init__(
        self, store: Store, cache_bytes: int = CACHE_BYTES, layouts: PublishedLayouts | None = None
    ) -> None:
        self.store = store
        self.layouts = layouts or PublishedLayouts(store)
        """Where the maze of a race on a published maze is found (its settings name only the code)."""
        self.cache_bytes = cache_bytes
        self.limiters = {kind: KeyedLimiter(REPLAY_LIMIT) for kind in BUILDERS}
        self._cache: collections.OrderedDict[tuple[Kind, str], bytes] = collections.OrderedDict()
        self._cached = 0
        self._builds = asyncio.Semaphore(BUILDS_AT_ONCE)
        self.slots = AddressSlots()

    async def compressed(self, race_id: str, kind: Kind = "replay") -> bytes:
        """The gzip-compressed answer of `kind` for `race_id`; `unknown_race` if there is none."""
        key = (kind, race_id)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        async with self._builds:
            hit = self._cache.get(key)  # built by the request we waited behind
            if hit is not None:
                return hit
            race = await self.store.race(race_id) if RACE_ID.match(race_id) else None
            if race is None:
                raise GameError("no stored race has that id", code="unknown_race")
            now = datetime.datetime.now(datetime.UTC)
            if kind == "analysis" and sealed_until(race["daily"], now) is None:
                check_analysable(len(race["log"]))
            layout = await self.layouts.of_stored(race["settings"])
            body, sealed = await BUILD_OFF_THE_LOOP[kind](BUILDERS[kind], race, now, layout)
        if not sealed:
            self._remember(key, body)
        return body

    def _remember(self, key: tuple[Kind, str], body: bytes) -> None:
        if len(body) > self.cache_bytes:
            return
        self._cache[key] = body
        self._cached += len(body)
        while self._cached > self.cache_bytes:
            _, dropped = self._cache.popitem(last=False)
            self._cached -= len(dropped)

    async def answer(self, request: web.Request, kind: Kind = "replay") -> web.StreamResponse:
        """The HTTP answer: gzip as is when the client takes it (every browser does), else plain,
        streamed either way (`server.http.downloads`), within the address's download slots."""
        address = client_address(request)
        limiter = self.limiters[kind]
        if not limiter.allow(address, time.monotonic()):
            refused = json_error("rate_limited", f"too many {PLURALS[kind]} asked from here; wait a little")
            refused.headers["Retry-After"] = retry_after(limiter.limit)
            return refused
        config = request.app[CONFIG]
        if not self.slots.take(address, config.downloads_per_address):
            refused = json_error("too_many_downloads", "too many answers are being sent here at once; wait")
            refused.headers["Retry-After"] = str(SLOT_RETRY_AFTER)
            return refused
        try:
            body = await self.compressed(request.match_info["race_id"], kind)
            headers = {"Vary": "Accept-Encoding", "Cache-Control": "no-cache"}
            gzip_ok = accepts_gzip(request.headers.get("Accept-Encoding", ""))
            return await send_compressed(
                request, body, headers, gzip_ok=gzip_ok, write_stall=config.write_stall
            )
        finally:
            self.slots.give_back(address)


REPLAYS = web.AppKey("replays", Replays)
"""Present only when the app has a database (set with the store)."""
