"""The connection the log batches travel on: one Redis connection kept for them, spoken to directly.

Every acknowledged command rides in a log batch, so a batch's round trip is on the path of every
move. Through redis-py's pipeline it cost this process ~180 µs of CPU for one room's write (the pool's
bookkeeping, a timeout task per read and per send, the reply callbacks), against ~45 µs written and
read here (measured on this project's 2-core machine). redis-py's public calls on one connection
(`send_packed_command`, then `read_response` a reply, its own timeout off) still cost ~60-100 µs more a
round trip than reading its stream here (a health check, and a parser call through several layers a
reply; measured side by side against a real Redis). The connection is still made by redis-py's pool
(its address, password, database, and whatever the pool resolves the primary with); this class then
writes the batch's commands in Redis's protocol and reads the replies with hiredis itself, under one
timeout for the whole round trip. One batch is in flight at a time (the group commit sends the next
when this one has answered), so the connection needs no lock.

A write refused `READONLY` means the node was made a replica while this connection stayed open (Sentinel
and the launcher disconnect its clients when they demote a node; a bare `REPLICAOF` does not): the
connection is closed, as redis-py's own Sentinel connections do, so the next batch asks for the primary
again instead of being refused there until the connection breaks. So is one that answered `NOSCRIPT`
(a Redis restarted empty, or such a replica, which may have lost its scripts): the caller loads the
script through the pool, which finds the primary, and a connection left on the replica would never
see it.
"""

import asyncio
from collections.abc import Sequence

import hiredis
import redis.asyncio as aioredis
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ReadOnlyError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

Argument = str | int | bytes
Reply = object
"""A reply as hiredis reads it (bytes, int, None, a list of them), or the `ResponseError` Redis
answered for that one command (`NoScriptError` for an unknown script, `ReadOnlyError` from a replica)."""

READ_SIZE = 65536


def pack(commands: Sequence[Sequence[Argument]]) -> bytes:
    """Commands in Redis's protocol (RESP arrays of bulk strings), ready to be written at once."""
    out: list[bytes] = []
    for args in commands:
        out.append(b"*%d\r\n" % len(args))
        for arg in args:
            data = arg if isinstance(arg, bytes) else str(arg).encode()
            out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


def _error(reply: ResponseError) -> ResponseError:
    text = str(reply)
    if text.startswith("NOSCRIPT"):
        return NoScriptError(text)
    return ReadOnlyError(text) if text.startswith("READONLY") else reply


class LogConnection:
    """A connection of `redis`'s pool kept for the log batches."""

    def __init__(self, redis: aioredis.Redis, timeout: float) -> None:
        self.redis = redis
        self.timeout = timeout
        self._connection: AbstractConnection | None = None

    async def round_trip(self, commands: Sequence[Sequence[Argument]]) -> list[Reply]:
        """Send `commands` together and read their replies, in order.

        Raises redis-py's `ConnectionError` ("... connecting to ...") when no connection could be made
        (nothing was sent), and its `ConnectionError` or `TimeoutError` when the connection failed or
        Redis did not answer within `timeout` after sending (any of the commands may have run)."""
        connection = self._connection
        if connection is None:
            pool = self.redis.connection_pool
            connection = self._connection = await pool.get_connection()  # type: ignore[no-untyped-call]
        if not connection.is_connected:  # closed since (the pool disconnected it): made again
            await connection.connect()
        reader, writer = connection._reader, connection._writer  # made and owned by redis-py
        if reader is None or writer is None:
            raise RedisConnectionError("Error connecting to Redis: the log connection is not open")
        parser = hiredis.Reader(replyError=ResponseError)
        replies: list[Reply] = []
        try:
            async with asyncio.timeout(self.timeout):
                writer.write(pack(commands))
                while len(replies) < len(commands):
                    reply = parser.gets()
                    if reply is False:
                        data = await reader.read(READ_SIZE)
                        if not data:
                            raise RedisConnectionError("Redis closed the log connection")
                        parser.feed(data)
                    else:
                        replies.append(_error(reply) if isinstance(reply, ResponseError) else reply)
        except TimeoutError:
            await self._drop()
            raise RedisTimeoutError("Redis did not answer a log batch in time") from None
        except (OSError, RedisConnectionError, hiredis.ProtocolError) as error:
            await self._drop()
            raise RedisConnectionError(f"the log connection failed: {error}") from None
        except BaseException:  # cancelled midway: replies may be left unread on the connection
            await self._drop()
            raise
        if any(isinstance(reply, (ReadOnlyError, NoScriptError)) for reply in replies):
            await self._drop()  # perhaps on a node made a replica: the next batch finds the primary again
        return replies

    async def _drop(self) -> None:
        """Close the connection (the next batch makes another); the pool forgets it."""
        connection, self._connection = self._connection, None
        if connection is not None:
            await connection.disconnect()
            await self.redis.connection_pool.release(connection)
