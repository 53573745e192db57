"""The app's memory at start-up and shutdown: open the store, restore the rooms saved at the last
shutdown, and on shutdown save every open room before the connections close."""

import logging
import time
from collections.abc import AsyncIterator

from aiohttp import web

from server.course import build_course
from server.game.persist import maze_spec, restore_room, room_state
from server.keys import CONFIG, GATEWAY, REGISTRY, STORE
from server.store import Store

log = logging.getLogger(__name__)


async def store_context(app: web.Application) -> AsyncIterator[None]:
    """Open the database (when configured) and bring back the rooms of the last run."""
    path = app[CONFIG].db_path
    if path is None:
        yield
        return
    store = await Store.open(path)
    app[STORE] = store
    app[GATEWAY].outbox.store = store
    app[REGISTRY].daily_secret = await store.daily_secret()
    now = time.time()
    for saved_at, state in await store.saved_rooms():
        try:
            spec = maze_spec(state)
            course = build_course(spec) if spec is not None else None
            app[REGISTRY].adopt(restore_room(state, course, saved_at, now))
        except (KeyError, TypeError, ValueError):
            log.exception("could not restore room %s", state.get("code"))
    await store.clear_saved_rooms()
    yield
    await store.close()


async def save_open_rooms(app: web.Application) -> None:
    """On shutdown: refuse joins, save every room with players, then close the connections.

    Clients see their connection drop (not a deliberate disconnect), so they reconnect on their own
    and rejoin with their tokens once the server is back.
    """
    gateway = app[GATEWAY]
    gateway.closing = True
    await gateway.outbox.drain()  # results already decided are stored and sent before the snapshot
    store = app.get(STORE)
    rooms = [room for room in app[REGISTRY].rooms.values() if room.active_players()]
    if store is not None:
        await store.save_rooms([room_state(room) for room in rooms], time.time())
        log.info("saved %d open rooms", len(rooms))
    for room in rooms:
        await gateway.sio.emit("closing", {"reason": "the server is restarting"}, room=room.code)
    if gateway.sio.eio.sockets:  # engine.io refuses to disconnect an empty set
        await gateway.sio.eio.disconnect()
