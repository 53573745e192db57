"""A process's connection to the cluster's Redis, and when a write to it counts as kept.

The `--redis` URL chooses both (`server.cluster.redis_url`), here and nowhere else:

- one Redis (`redis://`): a write Redis answered is on its disk (`appendfsync always`): kept. The
  writes go as they always did, one call or one pipeline, and pay for nothing more;
- a primary with a replica behind Sentinels (`redis+sentinel://`): the connection asks the Sentinels
  where the primary is (again after every lost connection, so a promotion moves it along), and a
  write counts as kept only once it is on two nodes: its pipeline ends with `WAIT 1 <WAIT_MS>` in
  the same round trip. A primary that dies then loses nothing that was kept, since the replica
  promoted in its place has it. `WAIT` reporting no replica raises `NotReplicated`: the write is on
  the primary and may or may not survive, so whatever it was for must not be acknowledged.

The callers (`SharedRooms`, `SharedLog`) hand their writes to `Durability.write` and never ask which
kind of Redis they talk to.
"""

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from server.cluster.redis_url import PlainRedis, SentinelRedis, parse_redis_url

WAIT_MS = 250
"""How long a write waits for the replica before it is reported not replicated. A replica on a
healthy link acknowledges within a millisecond or two; a quarter of a second covers a busy machine's
stall, and leaves a lagging replica's writes several tries (each sent again, written once) within a
lease's life before the group commit gives them up as `server_unsure`."""

SENTINEL_TIMEOUT = 0.5
"""Seconds a Sentinel may take to answer (they answer from memory, within a millisecond)."""

ONE_RECONNECT = Retry(NoBackoff(), 1, supported_errors=(RedisConnectionError,))
"""A call that finds its pooled connection broken (Redis restarted, a primary replaced) is sent once more
on a new one, at once; a call that times out fails at once. redis-py would by default try either again
behind the caller (3 or more times, seconds apart), so that a 0.5 s question to a frozen Sentinel took
9 s, while every caller here has its own answer to a failure (the next renewal, `server_unsure`)."""

SOCKET_TIMEOUT = 2.0
"""Seconds a call may go unanswered (longer than `WAIT_MS`: a waiting write is not a lost one)."""

Command = tuple[Any, ...]
"""One Redis command as its words: `("EVALSHA", sha, 5, key, ..., arg, ...)`."""


Send = Callable[[Sequence[Command]], Awaitable[list[object]]]
"""Sends commands in one round trip and reads their answers, in order (the log batches' connection)."""


class NotReplicated(Exception):
    """The writes landed on the primary, but no replica confirmed them within the bound: they may be
    lost if the primary dies now. `answers` are what the primary answered, in order."""

    def __init__(self, answers: list[object]) -> None:
        super().__init__("no replica confirmed the write")
        self.answers = answers


class Durability:
    """One durable Redis: a write answered is kept."""

    async def write(self, redis: aioredis.Redis, commands: Sequence[Command]) -> list[object]:
        """Send `commands` in one round trip (one call alone goes as a plain call, cheaper than a
        pipeline); their answers, in order, an error answer in its place (a `ResponseError`)."""
        if len(commands) == 1:
            try:
                return [await redis.execute_command(*commands[0])]  # type: ignore[no-untyped-call]
            except ResponseError as error:
                return [error]
        async with redis.pipeline(transaction=False) as pipe:
            for command in commands:
                pipe.execute_command(*command)
            return list(await pipe.execute(raise_on_error=False))

    async def write_through(self, send: Send, commands: Sequence[Command]) -> list[object]:
        """As `write`, through a connection of the caller's own (`send`: one round trip)."""
        return await send(commands)


@dataclass(frozen=True)
class ReplicaWait(Durability):
    """A primary with replicas: a write is kept once `replicas` of them have it (`WAIT`)."""

    replicas: int = 1
    wait_ms: int = WAIT_MS

    async def write(self, redis: aioredis.Redis, commands: Sequence[Command]) -> list[object]:
        """As `Durability.write`, always pipelined and followed by `WAIT` on the same connection (a
        `WAIT` counts the writes of its own connection); `NotReplicated` when it comes up short."""
        async with redis.pipeline(transaction=False) as pipe:
            for command in commands:
                pipe.execute_command(*command)
            pipe.execute_command("WAIT", self.replicas, self.wait_ms)
            return self._confirmed(await pipe.execute(raise_on_error=False))

    async def write_through(self, send: Send, commands: Sequence[Command]) -> list[object]:
        """As `write`, through `send`: the `WAIT` rides in the same round trip, after the commands."""
        return self._confirmed(await send([*commands, ("WAIT", self.replicas, self.wait_ms)]))

    def _confirmed(self, replies: list[object]) -> list[object]:
        """The commands' answers, once the last reply (the `WAIT`'s) counts enough replicas."""
        *answers, replicas = replies
        if not (isinstance(replicas, int) and replicas >= self.replicas):
            raise NotReplicated(answers)
        return answers


@dataclass
class RedisLink:
    """The client every call of this process goes through, and the rule its writes are kept by."""

    redis: aioredis.Redis
    durability: Durability
    sentinel: Sentinel | None = None
    master: str = ""
    """The primary's name at the Sentinels (with `sentinel`)."""

    async def cut_off_alone(self, silent_for: float, renew_every: float) -> bool:
        """Whether this process, with no answer from Redis for `silent_for` seconds, is cut off alone
        (so its rooms are better served elsewhere), rather than with every process while the
        Sentinels replace a primary that died.

        Alone: without Sentinels (nothing to tell the two apart); when most Sentinels cannot be asked
        (cut off from them too); or when most of them still see the primary up although the silence
        is long enough for them to have noticed a dead one: their `down-after-milliseconds`, plus
        `renew_every` (this process's last answer may predate the primary's last reply to them by
        that much) and a tenth of a second for their check to run."""
        if self.sentinel is None:
            return True
        sentinels = self.sentinel.sentinels
        views = await asyncio.gather(
            *(asyncio.wait_for(s.sentinel_master(self.master), SENTINEL_TIMEOUT) for s in sentinels),
            return_exceptions=True,
        )
        answered = [view for view in views if isinstance(view, dict)]
        majority = len(sentinels) // 2 + 1
        if len(answered) < majority:
            return True
        if sum(1 for view in answered if view.get("is_sdown")) >= majority:
            return False
        noticed = max(int(view.get("down-after-milliseconds", 0)) for view in answered) / 1000
        return silent_for >= noticed + renew_every + 0.1

    async def aclose(self) -> None:
        await self.redis.aclose()
        if self.sentinel is not None:
            await self.sentinel.aclose()


def connect(url: str) -> RedisLink:
    """A client of the Redis `url` names (not connected yet: the first call connects)."""
    options: dict[str, Any] = {
        "socket_timeout": SOCKET_TIMEOUT,
        "socket_connect_timeout": 1.0,
        "health_check_interval": 5,
        "retry": ONE_RECONNECT,
    }
    address = parse_redis_url(url)
    if isinstance(address, PlainRedis):
        return RedisLink(aioredis.from_url(address.url, **options), Durability())
    return _through_sentinels(address, options)


def _through_sentinels(address: SentinelRedis, options: dict[str, Any]) -> RedisLink:
    sentinel = Sentinel(  # type: ignore[no-untyped-call, unused-ignore]  # typed from redis-py 8
        list(address.sentinels),
        sentinel_kwargs={
            "password": address.sentinel_password,
            "socket_timeout": SENTINEL_TIMEOUT,
            "socket_connect_timeout": SENTINEL_TIMEOUT,
            "retry": ONE_RECONNECT,
        },
    )
    redis = sentinel.master_for(
        address.master, db=address.db, username=address.username, password=address.password, **options
    )
    return RedisLink(redis, ReplicaWait(), sentinel, address.master)
