"""A process as a node of a cluster: its Redis connection, lease renewal and handover requests, and its
rooms' home (`ClusterHome`) installed in the runtime. Nothing here runs without `--redis`."""

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator

from aiohttp import web
from redis.exceptions import RedisError

from server.cluster.ownership.comeback import COMEBACK, Comeback
from server.cluster.ownership.home import ClusterHome, spawn
from server.cluster.ownership.owner import RoomOwnership
from server.cluster.ownership.reach import CHECKS_A_LEASE, REACH, RedisReach
from server.cluster.ownership.redis_link import RedisLink
from server.cluster.ownership.shared_directory import SharedDirectory
from server.cluster.ownership.shared_rooms import SharedRooms
from server.errors import GameError
from server.http.keys import CONFIG, CREATE_LIMITER, DIRECTORY, GATEWAY, REGISTRY
from server.room.records import RaceRecord
from server.sockets.gateway import SocketGateway

log = logging.getLogger(__name__)

SHARED = web.AppKey("shared_rooms", SharedRooms)
"""Present only in cluster mode."""

RETRIES = 5
"""Renewals a renewal period while they fail (see `_renew_forever`)."""
SWEEP_SECONDS = 10.0
"""How often a node drops the summaries of rooms whose keys expired."""


async def cluster_context(app: web.Application) -> AsyncIterator[None]:
    """In cluster mode: connect to Redis, hold rooms under leases, answer handover requests."""
    config = app[CONFIG]
    if config.redis_url is None:
        yield
        return
    shared = SharedRooms(config.redis_url, config.node, config.lease_ttl)
    gateway = app[GATEWAY]
    ownership = RoomOwnership(
        shared,
        app[REGISTRY],
        move_clients=lambda code, reason: spawn(gateway.move_clients(code, reason)),
        save_race=lambda record: spawn(_save_replayed(gateway, record)),
        replace=gateway.replace_elsewhere,
        joined_since=gateway.joined_since,
    )
    gateway.runner.home = ClusterHome(ownership, gateway)
    reach = RedisReach(config.lease_ttl)
    app[SHARED] = shared
    app[REACH] = reach
    app[COMEBACK] = await _comeback(shared, config.lease_ttl)
    app[DIRECTORY] = SharedDirectory(app[REGISTRY], config.node, app[CREATE_LIMITER], shared, ownership)
    renew_every, check_every = config.lease_ttl / 3, config.lease_ttl / CHECKS_A_LEASE
    tasks = [
        asyncio.create_task(_renew_forever(ownership, reach, renew_every)),
        asyncio.create_task(_let_go_when_cut_off(ownership, reach, shared.link, renew_every, check_every)),
        asyncio.create_task(_answer_handovers(shared, ownership, gateway)),
        asyncio.create_task(_sweep_forever(shared)),
    ]
    yield
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task
    await shared.close()


async def _comeback(shared: SharedRooms, lease_ttl: float) -> Comeback:
    """How long this process keeps out of the ring: read before its own first heartbeat, the last one
    in Redis is its previous run's (a process that cannot read it yet is cut off from Redis anyway)."""
    try:
        last_beat = await shared.last_alive(shared.node)
    except GameError:
        last_beat = None
    comeback = Comeback.after(last_beat, time.time(), lease_ttl)
    if comeback.sitting_out():
        log.info(
            "the previous run of %s was alive %.1f s ago: taking no rooms for %.1f s (its leases may live)",
            shared.node,
            time.time() - (last_beat or 0.0),
            comeback.left(),
        )
    return comeback


async def _save_replayed(gateway: SocketGateway, record: RaceRecord) -> None:
    """A race found finished while replaying a room's log: stored (once: saves are idempotent)."""
    try:
        await gateway.outbox.save_race(record)
    except Exception:
        log.exception("storing replayed race %s failed", record.id)


async def _renew_forever(ownership: RoomOwnership, reach: RedisReach, every: float) -> None:
    """Renew every `every` seconds; while renewals fail, five times as often, so that a process finds
    Redis back (a replica promoted in the primary's place) within a fraction of `every`."""
    while True:
        await asyncio.sleep(every / RETRIES if reach.failing else every)
        await _renew_once(ownership, reach)


async def _renew_once(ownership: RoomOwnership, reach: RedisReach) -> bool:
    """One renewal of every lease held, noted in `reach`; whether Redis answered it."""
    sent_at = reach.sending()
    try:
        await ownership.renew()
    except GameError as error:
        reach.failed()
        log.warning("renewing leases failed: %s", error.message)
        return False
    reach.answered(sent_at)
    return True


async def _let_go_when_cut_off(
    ownership: RoomOwnership, reach: RedisReach, link: RedisLink, renew_every: float, every: float
) -> None:
    """Let every room go once Redis has been silent too long (`server.cluster.ownership.reach`): its
    clients reconnect, and nginx sends them past this process to one that can serve them. Unless the
    Sentinels see the primary down (or may not have noticed yet): every process is cut off alike
    then, and the rooms and connections stay (`RedisLink.cut_off_alone`)."""
    told = False
    while True:
        await asyncio.sleep(every)
        if not reach.cut_off() or await _answers_now(ownership, reach, every):
            told = False
            continue
        reach.alone = await link.cut_off_alone(reach.silence(), renew_every)
        if not reach.alone and not told:
            log.warning("Redis is silent for every process (a primary being replaced): rooms stay")
            told = True
        elif reach.alone and ownership.leases:
            log.warning("Redis has not answered for %.1f s", reach.silence())
            for code in list(ownership.leases):
                ownership.evict(code, "this server cannot reach the game's shared state")


async def _answers_now(ownership: RoomOwnership, reach: RedisReach, within: float) -> bool:
    """Whether Redis answers a renewal within `within` seconds now. It may be back since the last
    renewal (a replica promoted in the primary's place, where a room was just taken over): asked once
    more, it keeps the rooms from going for a silence that is over; a Redis still silent costs the
    rooms' going no more than `within`."""
    try:
        return await asyncio.wait_for(_renew_once(ownership, reach), within)
    except TimeoutError:
        reach.failed()
        return False


async def _sweep_forever(shared: SharedRooms) -> None:
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            await shared.forget_gone_rooms()
        except GameError as error:
            log.warning("sweeping room summaries failed: %s", error.message)


async def _answer_handovers(shared: SharedRooms, ownership: RoomOwnership, gateway: SocketGateway) -> None:
    """Hand over each room another node asks for (its players' connections landed there)."""
    channel = shared.handover_channel(shared.node)
    while True:
        try:
            async with shared.redis.pubsub() as pubsub:
                await pubsub.subscribe(channel)
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        request = _handover_request(message["data"])
                        if request is not None:
                            code, token, until, asked_at = request
                            idle = gateway.outbox.is_idle
                            spawn(ownership.hand_over(code, idle, token, until, asked_at))
        except (RedisError, OSError) as error:
            log.warning("handover requests: %s; listening again", type(error).__name__)
            await asyncio.sleep(0.5)


def _handover_request(data: object) -> tuple[str, str | None, float, float] | None:
    """The room code, joining token, lapse and asking times of a handover request (malformed: None)."""
    try:
        request = json.loads(data)  # type: ignore[arg-type]
        code, token = request["code"], request.get("token")
        until, asked_at = float(request["until"]), float(request["asked_at"])
    except (TypeError, ValueError, KeyError):
        return None
    if not isinstance(code, str) or not (token is None or isinstance(token, str)):
        return None
    return code, token, until, asked_at
