"""The room clock: one background task ticks every room (countdowns, time limits, grace periods)
and closes rooms that have stayed empty past the idle timeout."""

import asyncio
import logging
import time

from server.config import AppConfig
from server.errors import GameError
from server.room.commands import Tick
from server.runtime.registry import RoomRegistry
from server.sockets.gateway import SocketGateway

log = logging.getLogger(__name__)


async def tick_rooms(registry: RoomRegistry, gateway: SocketGateway, config: AppConfig) -> None:
    """One pass over every room."""
    if gateway.closing:  # the rooms are saved as they are; their clocks stop here
        return
    now = time.time()
    for room in list(registry.rooms.values()):
        try:
            outcome, out = gateway.execute(room, Tick(now))
            if outcome.events:
                gateway.outbox.send(out)  # not awaited: one room never holds up another
        except GameError:
            pass  # a room moving away: its new home ticks it
        except Exception:
            log.exception("ticking room %s failed", room.code)
    for code in registry.close_idle(now, config.idle_timeout):
        log.info("closed idle room %s", code)
        if gateway.ownership is not None:
            try:
                await gateway.ownership.close(code)
            except GameError as error:
                log.warning("closing room %s in the shared state failed: %s", code, error.message)


async def run_clock(registry: RoomRegistry, gateway: SocketGateway, config: AppConfig) -> None:
    """Tick forever; cancelled on shutdown."""
    while True:
        await asyncio.sleep(config.tick)
        await tick_rooms(registry, gateway, config)
