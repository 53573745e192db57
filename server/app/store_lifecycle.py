"""The app's memory at start-up and shutdown: open the store, restore the rooms saved at the last
shutdown (from the database, or from a rescue file when the database could not take them), watch the
database file while the server runs, and on shutdown save every open room before the connections
close. Shutdown always ends: each step is bounded in time, and a database that cannot be written only
sends the rooms to the rescue file instead.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator

from aiohttp import web

from server.http.keys import CONFIG, GATEWAY, REGISTRY, STORE
from server.http.replays import REPLAYS, Replays
from server.room.snapshot import RoomStateJson, maze_spec, restore_room, room_state
from server.runtime.course import build_course
from server.runtime.registry import RoomRegistry
from server.store.errors import RaceRefused, StoreError, one_line
from server.store.interface import Store
from server.store.open import open_store
from server.store.rescue import read_rescues, write_rescue

log = logging.getLogger(__name__)

FILE_CHECK_SECONDS = 2.0
"""How often the database file is looked at (it is also looked at before every write)."""
SAVE_ATTEMPTS = 3
CLOSE_SECONDS = 1.0
"""How long shutdown waits for the clients to take their close packets."""
SAVE_SECONDS = 3.0
"""Each attempt to save the open rooms at shutdown gets this long."""


def _adopt(registry: RoomRegistry, saved_at: float, state: RoomStateJson, now: float) -> None:
    if state.get("code") in registry.rooms:
        return
    try:
        spec = maze_spec(state)
        course = build_course(spec) if spec is not None else None
        registry.adopt(restore_room(state, course, saved_at, now))
    except (KeyError, TypeError, ValueError) as error:
        log.error("could not restore room %s: %s", state.get("code"), one_line(error))


async def _restore(app: web.Application, store: Store) -> None:
    registry = app[REGISTRY]
    now = time.time()
    for saved_at, state in await store.saved_rooms():
        _adopt(registry, saved_at, state, now)
    for rescue in await asyncio.to_thread(read_rescues, store.rescue_base):
        for state in rescue.rooms:
            _adopt(registry, rescue.saved_at, state, now)
        for record in rescue.races:  # one stored already by an earlier start is left as it is
            try:
                await store.save_race(record)
            except RaceRefused as error:
                log.error("race %s from the rescue file was not stored: %s", record.id, one_line(error))
        log.warning(
            "restored %d rooms and stored %d races from the rescue file %s",
            len(rescue.rooms), len(rescue.races), rescue.path,
        )  # fmt: skip
        await asyncio.to_thread(rescue.path.unlink, missing_ok=True)
    await store.clear_saved_rooms()


async def _watch(store: Store) -> None:
    """Look at the database every few seconds: a deleted file is rebuilt, a replaced one reported, a
    PostgreSQL server out of reach shows on `/healthz`."""
    while True:
        await asyncio.sleep(FILE_CHECK_SECONDS)
        try:
            await store.check()
        except Exception as error:
            log.error("checking %s failed: %s", store.name, one_line(error))


async def store_context(app: web.Application) -> AsyncIterator[None]:
    """Open the database (when configured) and bring back the rooms of the last run.

    A database that cannot be used raises `StoreError` here, before the server listens.
    """
    store = await open_store(app[CONFIG])
    if store is None:
        yield
        return
    try:
        app[STORE] = store
        app[GATEWAY].outbox.store = store
        app[GATEWAY].layouts.store = store
        app[REPLAYS] = Replays(store, layouts=app[GATEWAY].layouts)
        app[REGISTRY].daily_secret = await store.daily_secret()
        if app[CONFIG].redis_url is None:  # a cluster's rooms are in Redis, not in the database
            await _restore(app, store)
    except BaseException as error:
        await store.close()
        if store.is_storage_error(error):
            raise StoreError(store.explain(error)) from None
        raise
    watcher = asyncio.create_task(_watch(store))
    yield
    watcher.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await watcher
    await asyncio.wait_for(store.close(), SAVE_SECONDS)


async def _save_rooms(store: Store, states: list[RoomStateJson], saved_at: float) -> bool:
    for attempt in range(1, SAVE_ATTEMPTS + 1):
        try:
            await asyncio.wait_for(store.save_rooms(states, saved_at), SAVE_SECONDS)
            return True
        except Exception as error:
            log.error("saving the open rooms failed (attempt %d): %s", attempt, one_line(error))
            if attempt < SAVE_ATTEMPTS:
                await asyncio.sleep(0.2 * attempt)
    return False


async def save_open_rooms(app: web.Application) -> None:
    """On shutdown: refuse joins, save every room with people in it, then close the connections.

    Clients see their connection drop (not a deliberate disconnect), so they reconnect on their own
    and rejoin with their tokens once the server is back.
    """
    gateway = app[GATEWAY]
    if await gateway.runner.home.hand_over_all():  # a cluster: the rooms live on, on another node
        return
    gateway.runner.closing = True
    await gateway.outbox.drain()  # results already decided are stored and sent before the snapshot
    store = app.get(STORE)
    rooms = [room for room in app[REGISTRY].rooms.values() if room.people()]  # bots alone are nobody's room
    if store is not None:
        try:
            await _keep(store, [room_state(room) for room in rooms], time.time())
        except Exception:  # nothing may stop the shutdown
            log.exception("saving at shutdown failed")
    for room in rooms:
        await gateway.sio.emit("closing", {"reason": "the server is restarting"}, room=room.code)
    if gateway.sio.eio.sockets:  # engine.io refuses to disconnect an empty set
        # a polling client must fetch its close packet before Engine.IO's close returns: one that
        # is gone would hold the shutdown for good (the server closes its connections anyway)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(gateway.sio.eio.disconnect(), CLOSE_SECONDS)


async def _keep(store: Store, states: list[RoomStateJson], saved_at: float) -> None:
    """Save the rooms and any race still waiting in the store, or else in a rescue file."""
    try:
        unsaved = await asyncio.wait_for(store.saver.flush(), SAVE_SECONDS * 2)
    except TimeoutError:
        unsaved = list(store.saver.pending.values())
    if await _save_rooms(store, states, saved_at):
        log.info("saved %d open rooms", len(states))
        if not unsaved:
            return
        states = []
    where = await asyncio.to_thread(write_rescue, store.rescue_base, saved_at, states, unsaved)
    if where is not None:
        log.warning(
            "the database could not take them: %d rooms, %d races kept in %s",
            len(states),
            len(unsaved),
            where,
        )
    else:
        log.error("LOST: %d open rooms and %d races could be written nowhere", len(states), len(unsaved))
