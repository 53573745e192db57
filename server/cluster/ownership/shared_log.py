"""The rooms' logs in Redis, written a batch at a time: one pipelined round trip for the log entries of
every room a group commit gathered, one call of `APPEND_GROUP` a room.

One script call a room in one pipeline, rather than one script over all the rooms of a batch: each
room's step stays atomic and fenced by its own lease, a refused room's call writes nothing and leaves
the others as they are, and a call touches one room's keys (and the summaries hash), so rooms hashed
over several Redis primaries can later split a batch by primary without changing the script. The
pipeline is not a transaction: nothing needs the rooms of a batch to land together. The connection's
`Durability` (`redis_link`) says when the batch is kept: with a replica, the pipeline ends with `WAIT`
in the same round trip, and a batch no replica confirmed is `LogUncertain`: sent again (written once)
until it is confirmed or its rooms' entries are answered `server_unsure`.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, RedisError, ResponseError

from server.cluster.ownership import scripts
from server.cluster.ownership.log_connection import LogConnection
from server.cluster.ownership.redis_link import NotReplicated
from server.cluster.ownership.shared_rooms import KEYS_TTL_MS, SUMMARIES, Lease, SharedRooms, room_keys
from server.errors import GameError


class LogUncertain(Exception):
    """A batch Redis did not answer: each of its writes may have landed or not."""


@dataclass(frozen=True)
class GroupWrite:
    """One room's share of a batch: its entries in order (each as its id and command JSON), and the
    snapshot and summary of the room after the last of them ('' for none)."""

    lease: Lease
    entries: tuple[tuple[str, str], ...]
    snapshot: str
    summary: str
    again: bool = False
    """Sent before without an answer: some of the entries may be in the log already."""
    refresh: bool = True
    """Push the room's keys' expiry back (always with a snapshot)."""


LOG_TIMEOUT = 2.0
"""Seconds a batch's round trip may take before its writes are taken as uncertain (as the process's
other Redis calls)."""

WriteResult = bool | ResponseError
"""Per room: True logged, False refused (the lease is not ours), or the error Redis answered for that
room's call alone (out of memory, say): it wrote nothing, and may be sent again."""


class SharedLog:
    """Writes batches of log entries through a process's connection to the cluster's Redis."""

    def __init__(self, shared: SharedRooms) -> None:
        self.redis = shared.redis
        self.connection = LogConnection(shared.redis, LOG_TIMEOUT)
        self.durability = shared.durability
        self._sha = ""

    async def append(self, writes: Sequence[GroupWrite]) -> list[WriteResult]:
        """Log each room's entries under its lease, in one round trip.

        Raises `server_unavailable` when Redis could not be reached at all (nothing was written), and
        `LogUncertain` when it did not answer, or no replica confirmed the batch. Sending the same
        entries again (with more after them) is safe: the script writes an entry once.
        """
        try:
            if not self._sha:
                self._sha = await self.redis.script_load(scripts.APPEND_GROUP)
            results = await self._send(writes)
            if any(isinstance(result, NoScriptError) for result in results):  # Redis restarted empty
                self._sha = await self.redis.script_load(scripts.APPEND_GROUP)
                results = await self._send(writes)
        except NotReplicated as short:
            if any(isinstance(answer, NoScriptError) for answer in short.answers):
                self._sha = ""  # a promoted replica knows no script: loaded again on the next send
            raise LogUncertain("no replica confirmed the batch") from None
        except (RedisError, OSError) as error:
            if _never_sent(error):
                raise GameError(
                    "the game's shared state cannot be reached", code="server_unavailable"
                ) from None
            raise LogUncertain(type(error).__name__) from None
        return [result if isinstance(result, ResponseError) else result is not None for result in results]

    async def _send(self, writes: Sequence[GroupWrite]) -> list[object]:
        """One call a room, written together on the log connection (one round trip), with what the
        connection's `Durability` adds to it (a replica's `WAIT`)."""
        commands = [("EVALSHA", self._sha, 5, *_arguments(write)) for write in writes]
        return await self.durability.write_through(self.connection.round_trip, commands)


def _arguments(write: GroupWrite) -> list[str | int]:
    """The keys and arguments of one room's `APPEND_GROUP` call."""
    keys = room_keys(write.lease.code)
    return [
        keys["owner"],
        keys["log"],
        keys["snap"],
        SUMMARIES,
        keys["epoch"],
        write.lease.token,
        KEYS_TTL_MS if write.refresh or write.snapshot else "",
        write.snapshot,
        write.summary,
        write.lease.code,
        "1" if write.again else "",
        *(part for entry in write.entries for part in entry),
    ]


def _never_sent(error: BaseException) -> bool:
    """Whether a failed call certainly did not reach Redis: the connection could not even be made
    (redis-py says "Error N connecting to ..."). A timeout or a connection lost later may have."""
    return isinstance(error, RedisConnectionError) and "connecting to" in str(error)
