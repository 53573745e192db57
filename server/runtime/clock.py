"""The room clock: one background task ticks every room (countdowns, time limits, grace periods)
and closes rooms that have stayed empty past the idle timeout."""

import asyncio
import logging
import time

from server.config import AppConfig
from server.errors import GameError
from server.room.commands import Tick
from server.runtime.registry import RoomRegistry
from server.runtime.runner import RoomRunner

log = logging.getLogger(__name__)


async def tick_rooms(registry: RoomRegistry, runner: RoomRunner, config: AppConfig) -> None:
    """One pass over every room."""
    if runner.closing:  # the rooms are saved as they are; their clocks stop here
        return
    now = time.time()
    for room in list(registry.rooms.values()):
        try:
            outcome, out = runner.execute(room, Tick(now))
            if outcome.events:
                runner.sender.send(out)  # not awaited: one room never holds up another
        except GameError:
            pass  # a room moving away: its new home ticks it
        except Exception:
            log.exception("ticking room %s failed", room.code)
    for code in registry.close_idle(now, config.idle_timeout):
        log.info("closed idle room %s", code)
        try:
            await runner.home.close(code)
        except GameError as error:
            log.warning("closing room %s in the shared state failed: %s", code, error.message)


async def run_clock(registry: RoomRegistry, runner: RoomRunner, config: AppConfig) -> None:
    """Tick forever; cancelled on shutdown."""
    while True:
        await asyncio.sleep(config.tick)
        await tick_rooms(registry, runner, config)
