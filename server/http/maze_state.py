"""What the maze routes keep per app: their rate limiters (per client address), the gate their CPU work
passes one at a time, and the keys of the clear check's tokens and of the address keys, derived once from
the store's secret (which never changes for a database, so every process of a cluster derives the same
keys)."""

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

from aiohttp import web

from server.config import AppConfig
from server.http.check_tokens import token_key
from server.http.keys import CONFIG, store_of
from server.http.limits import client_address, retry_after
from server.room.rate_limits import KeyedLimiter

P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class MazeState:
    """The maze routes' limiters, and the keys once the store has given its secret."""

    work: KeyedLimiter
    """Maze files, clear checks (`AppConfig.maze_work_limit`)."""
    publish: KeyedLimiter
    """Publications (`AppConfig.publish_limit`); the daily cap is counted in the store."""
    _keys: tuple[bytes, bytes] | None = None
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    publishing: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held from counting an address's publications to storing the next one, so requests arriving at
    once cannot all pass the daily cap in one process (processes of a cluster may still each add one
    over it, at most one burst of the rate limit each)."""
    working: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(1))
    """Held by the one maze job running in a thread (`work_off_loop`)."""

    @classmethod
    def from_config(cls, config: AppConfig) -> "MazeState":
        return cls(KeyedLimiter(config.maze_work_limit), KeyedLimiter(config.publish_limit))

    async def keys(self, request: web.Request) -> tuple[bytes, bytes]:
        """(the tokens' key, the address keys' key); `no_store` without a database."""
        store = store_of(request)
        async with self._lock:
            if self._keys is None:
                secret = await store.daily_secret()
                self._keys = (token_key(secret), token_key(secret, b"mazerace publishing addresses"))
        return self._keys


MAZE_STATE = web.AppKey("maze_state", MazeState)


async def work_off_loop(request: web.Request, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a maze job (reading an import, a card, a PNG, a walk, a generator's maze) in a thread, one at
    a time in the app. A thread of pure Python takes the GIL from the event loop for up to the switch
    interval (5 ms) at a time, and each thread waiting takes its turn before the loop gets it back:
    eight imports of a 150 x 150 maze at once (well within one address's burst) held the loop up to
    190-280 ms, one at a time 26-41 ms (a busy 2-core machine): the jobs queue instead of the rooms."""
    state = request.app.get(MAZE_STATE)
    if state is None:  # an app without the maze routes (some tests' apps)
        return await asyncio.to_thread(job, *args, **kwargs)
    async with state.working:
        return await asyncio.to_thread(job, *args, **kwargs)


def spend(request: web.Request, limiter: KeyedLimiter, what: str) -> None:
    """Count one request of the client's address against `limiter`, or refuse it with `rate_limited`
    (429 and `Retry-After`, as every 429)."""
    if limiter.allow(client_address(request), time.monotonic()):
        return
    raise too_many("rate_limited", f"too many {what} from here; wait a little", retry_after(limiter.limit))


def too_many(code: str, message: str, retry: str) -> web.HTTPTooManyRequests:
    """A 429 in the API's error shape, with `Retry-After`."""
    error = {"code": code, "message": message}
    return web.HTTPTooManyRequests(
        text=json.dumps({"error": error}), content_type="application/json", headers={"Retry-After": retry}
    )


def address_key(key: bytes, request: web.Request) -> str:
    """The client's address as the store keeps it: a keyed hash, never the address itself."""
    return hmac.new(key, client_address(request).encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def add_maze_state(app: web.Application) -> None:
    """The maze routes' state, made from the app's config."""
    app[MAZE_STATE] = MazeState.from_config(app[CONFIG])
