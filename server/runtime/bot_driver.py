"""The bot driver: paces every racing bot at its speed, each step a `BotStep` command.

The room decides where a bot goes (its brain is in the room's state, `server/room/bot_rules.py`); the
driver only says when. One task for the whole app wakes every `BOT_TICK` seconds and steps each bot
whose time has come, through the same `RoomRunner.execute` and the same move limit (keyed by the bot as
a member) as a person's move, so a bot can never outpace a person. A bot that fell behind (a slow loop) takes
one step, not a burst. In a cluster only the process that holds a room steps its bots (`execute`
refuses elsewhere), and its log carries each step, so a new owner continues the same race.
"""

import asyncio
import logging
import time
from collections.abc import Callable

from server.errors import GameError
from server.room.commands import BotStep
from server.runtime.registry import RoomRegistry
from server.runtime.runner import RoomRunner

log = logging.getLogger(__name__)

BOT_TICK = 0.025
"""Seconds between the driver's passes: a 20 moves/s bot (the fastest) steps every second pass."""


class BotDriver:
    """When each racing bot steps next, by (room code, bot id), on the monotonic clock."""

    def __init__(
        self, registry: RoomRegistry, runner: RoomRunner, may_move: Callable[[str, str], bool]
    ) -> None:
        self.registry = registry
        self.runner = runner
        self.may_move = may_move
        """Whether a bot (room code, bot id) may step now: the move limit every player has."""
        self.due: dict[tuple[str, str], float] = {}

    def step_due(self, monotonic: float) -> int:
        """Step every bot whose time has come; how many stepped."""
        if self.runner.closing:
            return 0
        stepped = 0
        live: set[tuple[str, str]] = set()
        for room in list(self.registry.rooms.values()):
            if room.phase != "racing":
                continue
            for bot in room.bots_racing():
                if bot.bot is None:
                    continue
                key, interval = (room.code, bot.id), 1 / bot.bot.speed
                live.add(key)
                due = self.due.setdefault(key, monotonic + interval)
                if monotonic < due:
                    continue
                self.due[key] = max(due + interval, monotonic)
                if not self.may_move(room.code, bot.id):
                    continue
                try:
                    outcome, out = self.runner.execute(room, BotStep(bot.id, time.time()))
                except GameError:  # the room is moving to another process, or the race just ended
                    continue
                if outcome.events:
                    self.runner.sender.send(out)  # not awaited: one room never holds up another
                    stepped += 1
        for key in [key for key in self.due if key not in live]:
            del self.due[key]
        return stepped


async def run_bots(
    registry: RoomRegistry,
    runner: RoomRunner,
    may_move: Callable[[str, str], bool],
    monotonic: Callable[[], float] = time.monotonic,
) -> None:
    """Drive the bots forever; cancelled on shutdown."""
    driver = BotDriver(registry, runner, may_move)
    while True:
        await asyncio.sleep(BOT_TICK)
        try:
            driver.step_due(monotonic())
        except Exception:
            log.exception("driving the bots failed")
