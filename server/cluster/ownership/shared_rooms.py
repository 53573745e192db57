"""The rooms' shared state in Redis: leases, command logs, snapshots, summaries, creation limits.

Every process of a cluster reads and writes rooms only through this class (and `shared_log`, which
writes the command logs in batches on its connection). The fenced writes are the scripts of
`server.cluster.ownership.scripts`; reads (a room's snapshot and log, the public summaries) need
no lease. A Redis that cannot be reached raises `GameError("server_unavailable")`: the caller refuses
the command instead of acknowledging what it could not log.

The writes a lease's safety rests on (taking a lease: its epoch; a snapshot; a new room) are kept by
the connection's `Durability` (`redis_link`): with a replica, they are on two nodes before they are
used, so a promotion loses no epoch a lease was granted under.
"""

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import redis.asyncio as aioredis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, RedisError

from server.cluster.ownership import scripts
from server.cluster.ownership.redis_link import NotReplicated, connect
from server.errors import GameError
from server.room.snapshot import RoomStateJson
from server.room.state import UNJOINED_TIMEOUT
from server.room.views import RoomSummary

KEYS_TTL_MS = 6 * 3600 * 1000
"""A room's keys expire this long after its last write: a cluster that stopped leaves nothing behind."""

UNREACHABLE = "the game's shared state cannot be reached; try again in a moment"

UNJOINED_MS = int(UNJOINED_TIMEOUT * 1000)
"""A room made and never joined expires as it does in one process (the first owner keeps it longer)."""

SUMMARIES = "mazerace:summaries"
"""Hash of room code -> summary JSON: every room of the cluster, for the lobby list."""

T = TypeVar("T")


@dataclass(frozen=True)
class Lease:
    """A room's ownership: the fencing token every write of this owner carries."""

    code: str
    token: str

    @property
    def epoch(self) -> int:
        return int(self.token.split(":", 1)[0])


@dataclass(frozen=True)
class StoredRoom:
    """What a new owner rebuilds a room from: the snapshot and the commands logged after it."""

    state: RoomStateJson
    commands: list[object]  # each as JSON: `command_from_json` checks its shape


def room_keys(code: str) -> dict[str, str]:
    """The Redis keys of one room (one hash tag, so they stay together on a Redis Cluster)."""
    base = f"mazerace:room:{{{code}}}"
    return {name: f"{base}:{name}" for name in ("owner", "epoch", "log", "snap", "holder")}


def holder_node(token: str | None) -> str | None:
    """The node id in a lease token `"<epoch>:<node>"`."""
    return token.split(":", 1)[1] if token and ":" in token else None


class SharedRooms:
    """One process's connection to the cluster's Redis."""

    def __init__(self, url: str, node: str, lease_ttl: float) -> None:
        self.node = node
        self.lease_ttl_ms = int(lease_ttl * 1000)
        self.link = connect(url)
        self.redis: aioredis.Redis = self.link.redis
        self.durability = self.link.durability
        self._acquire = self.redis.register_script(scripts.ACQUIRE)
        self._renew = self.redis.register_script(scripts.RENEW)
        self._snapshot = self.redis.register_script(scripts.SNAPSHOT)
        self._close = self.redis.register_script(scripts.CLOSE)
        self._release = self.redis.register_script(scripts.RELEASE)

    async def close(self) -> None:
        await self.link.aclose()

    async def _call(self, action: Callable[[], Awaitable[T]]) -> T:
        try:
            return await action()
        except (RedisError, OSError) as error:
            raise GameError(
                f"the game's shared state cannot be reached ({type(error).__name__})",
                code="server_unavailable",
            ) from None

    async def _kept(self, script: AsyncScript, keys: list[str], args: list[str | int]) -> Any:
        """Run `script` and make sure its write is kept (`Durability`); its answer. `NotReplicated`
        when it may not be."""
        command = ("EVALSHA", script.sha, len(keys), *keys, *args)
        (answer,) = await self._call(lambda: self.durability.write(self.redis, [command]))
        if isinstance(answer, NoScriptError):  # Redis restarted empty, or a replica was promoted
            await self._call(lambda: self.redis.script_load(script.script))
            (answer,) = await self._call(lambda: self.durability.write(self.redis, [command]))
        if isinstance(answer, Exception):
            raise GameError(f"the game's shared state refused a write ({answer})", code="server_unavailable")
        return answer

    # ----- rooms ------------------------------------------------------------------------------------

    async def create(self, code: str, state: RoomStateJson, summary: RoomSummary) -> bool:
        """Store a new room's first snapshot (no owner yet); False when the code is taken."""
        keys = room_keys(code)
        snap = "0-0\n" + json.dumps(state, separators=(",", ":"))

        command = ("SET", keys["snap"], snap, "NX", "PX", UNJOINED_MS)
        try:
            (made,) = await self._call(lambda: self.durability.write(self.redis, [command]))
        except NotReplicated:
            raise GameError(UNREACHABLE, code="server_unavailable") from None
        if made:
            await self._call(lambda: self.redis.hset(SUMMARIES, code, json.dumps(summary)))
        return bool(made)

    async def exists(self, code: str) -> bool:
        return bool(await self._call(lambda: self.redis.exists(room_keys(code)["snap"])))

    async def acquire(self, code: str) -> tuple[Lease | None, str | None]:
        """Take the room's lease if it is free: (lease, the previous owner's token or None); held:
        (None, the holder's token); granted but not kept (no replica confirmed it, so a promotion
        could lose its epoch): given up again, (None, None), to be asked again.

        Raises `unknown_room` when the room has no snapshot (it never existed, or it closed).
        """
        keys = room_keys(code)
        kept = True
        try:
            answer = await self._kept(
                self._acquire,
                [keys["owner"], keys["epoch"], keys["snap"], keys["holder"]],
                [self.node, self.lease_ttl_ms, KEYS_TTL_MS],
            )
        except NotReplicated as unsure:
            answer, kept = unsure.answers[0], False
        if not isinstance(answer, list):
            raise GameError(UNREACHABLE, code="server_unavailable")
        granted, token, previous = answer[0], _text(answer[1]), _text(answer[2])
        if granted == -1:
            raise GameError("no room has that code (it may have closed)", code="unknown_room")
        if granted == 1 and not kept:
            await self.release(Lease(code, token))
            return None, None
        if granted == 1:
            return Lease(code, token), previous or None
        return None, token

    async def owner_token(self, code: str) -> str | None:
        value = await self._call(lambda: self.redis.get(room_keys(code)["owner"]))
        return value.decode() if isinstance(value, bytes) else None

    async def load(self, code: str) -> StoredRoom:
        """The room's snapshot and every command logged after it."""
        keys = room_keys(code)

        async def read() -> tuple[Any, Any]:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.get(keys["snap"])
                pipe.xrange(keys["log"], "-", "+")
                snap, entries = await pipe.execute()
            return snap, entries

        snap, entries = await self._call(read)
        if snap is None:
            raise GameError("no room has that code (it may have closed)", code="unknown_room")
        after, _, state = snap.decode().partition("\n")
        commands = [
            json.loads(fields[b"c"])
            for entry_id, fields in entries
            if _stream_id(entry_id) > _stream_id(after)
        ]
        return StoredRoom(json.loads(state), commands)

    async def renew(self, leases: list[Lease]) -> list[bool]:
        """Extend these leases; False for each one that is no longer ours."""
        if not leases:
            return []
        keys = [room_keys(lease.code)["owner"] for lease in leases]
        args: list[str | int] = [self.lease_ttl_ms, *(lease.token for lease in leases)]
        renewed = await self._call(lambda: self._renew(keys=keys, args=args))
        return [bool(value) for value in renewed]

    async def snapshot(self, lease: Lease, state: str, *, release: bool) -> bool:
        """Make `state` the snapshot after every logged command (and give the lease up if `release`)."""
        keys = room_keys(lease.code)
        try:
            written = await self._kept(
                self._snapshot,
                [keys["owner"], keys["log"], keys["snap"]],
                [lease.token, state, "release" if release else "keep", KEYS_TTL_MS],
            )
        except NotReplicated:
            raise GameError(UNREACHABLE, code="server_unavailable") from None
        return written is not None

    async def release(self, lease: Lease) -> None:
        """Give the lease up, writing nothing."""
        key = room_keys(lease.code)["owner"]
        await self._call(lambda: self._release(keys=[key], args=[lease.token]))

    async def close_room(self, lease: Lease) -> None:
        """Delete an idle room's keys, if the lease is still ours."""
        keys = room_keys(lease.code)
        await self._call(
            lambda: self._close(
                keys=[
                    keys["owner"],
                    keys["log"],
                    keys["snap"],
                    SUMMARIES,
                    lease.code,
                    keys["epoch"],
                    keys["holder"],
                ],
                args=[lease.token],
            )
        )

    # ----- the cluster's lobby ----------------------------------------------------------------------

    async def summaries(self) -> dict[str, RoomSummary]:
        """Every room's summary, by code (the JSON its owner wrote)."""
        raw = await self._call(lambda: self.redis.hgetall(SUMMARIES))
        return {_text(code): json.loads(text) for code, text in raw.items()}

    async def summaries_of(self, codes: list[str]) -> list[str]:
        """The summary JSON of each of these rooms that has one."""
        values = await self._call(lambda: self.redis.hmget(SUMMARIES, codes))
        return [_text(value) for value in values if value is not None]

    async def forget_gone_rooms(self) -> None:
        """Drop summaries of rooms whose keys expired (rooms made and never joined)."""
        codes = list((await self.summaries()).keys())
        for code in codes:
            if not await self.exists(code):
                await self._call(lambda code=code: self.redis.hdel(SUMMARIES, code))  # type: ignore[misc]

    async def allow(self, key: str, limit: int, window: float) -> bool:
        """A fixed-window counter shared by the cluster: at most `limit` per `window` seconds."""
        slot = f"mazerace:limit:{key}:{int(time.time() // window)}"

        async def count() -> int:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.incr(slot)
                pipe.expire(slot, int(window) + 1)
                made, _ = await pipe.execute()
            return int(made)

        return await self._call(count) <= limit

    # ----- nodes ------------------------------------------------------------------------------------

    async def beat(self, now: float) -> None:
        """Say this node is alive at `now` (a new owner of its rooms pauses their clocks from here)."""
        key = f"mazerace:node:{self.node}:alive"
        await self._call(lambda: self.redis.set(key, repr(now), px=KEYS_TTL_MS))

    async def last_alive(self, node: str) -> float | None:
        value = await self._call(lambda: self.redis.get(f"mazerace:node:{node}:alive"))
        return float(value) if value is not None else None

    def handover_channel(self, node: str) -> str:
        return f"mazerace:node:{node}:handover"

    async def ask_handover(self, node: str, code: str, token: str | None, until: float) -> None:
        """Ask the node holding `code` to hand it over (it snapshots, releases and moves its clients);
        `token` is the joining player's, whose other tab there is told it was `replaced`. The request
        lapses at `until` (wall clock): the asker has given up by then."""
        message = json.dumps({"code": code, "token": token, "until": until, "asked_at": time.time()})
        await self._call(lambda: self.redis.publish(self.handover_channel(node), message))


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _stream_id(text: str | bytes) -> tuple[int, int]:
    value = text.decode() if isinstance(text, bytes) else text
    millis, _, seq = value.partition("-")
    return int(millis), int(seq or 0)
