"""The room clock: one background task ticks every room (countdowns, time limits, grace periods)
and closes rooms that have stayed empty past the idle timeout."""

import asyncio
import logging
import time

from server.config import AppConfig
from server.course import build_course
from server.game.commands import Tick, apply
from server.registry import RoomRegistry
from server.sockets import SocketGateway

log = logging.getLogger(__name__)


async def tick_rooms(registry: RoomRegistry, gateway: SocketGateway, config: AppConfig) -> None:
    """One pass over every room."""
    if gateway.closing:  # the rooms are saved as they are; their clocks stop here
        return
    now = time.time()
    for room in list(registry.rooms.values()):
        try:
            events = apply(room, Tick(now), build_course).events
            if events:
                # not awaited: one room never holds up another
                gateway.outbox.send(gateway.outgoing(room, events))
        except Exception:
            log.exception("ticking room %s failed", room.code)
    for code in registry.close_idle(now, config.idle_timeout):
        log.info("closed idle room %s", code)


async def run_clock(registry: RoomRegistry, gateway: SocketGateway, config: AppConfig) -> None:
    """Tick forever; cancelled on shutdown."""
    while True:
        await asyncio.sleep(config.tick)
        await tick_rooms(registry, gateway, config)
