"""The values the server names (hint methods, directions, presets, generators, bots), the race's times and
the key help, in the player's language (`Messages`). A value the catalogue does not know (a newer
server's) shows as the server names it."""

import re

from server.clients.terminal.messages import ENGLISH, Messages, slug
from server.maze.directions import Direction
from server.room.race_time import NO_TIME, clock

SOLO_HELP = ("help.move", "help.typed", "help.hint", "help.method", "help.quit")
"""The lines of the key help (`?`) in a solo game, between its title and the way back."""
ROOM_HELP = (*SOLO_HELP[:-1], "help.ready", "help.start", "help.follow", "help.quit")
"""The lines of the key help in a room."""


def method_name(method: str, words: Messages = ENGLISH) -> str:
    """A hint method as the player reads it (`dfs`, or DFS in Chinese)."""
    key = slug(method)
    return words.label(f"method.{key}", method)


def direction_name(direction: Direction, words: Messages = ENGLISH) -> str:
    """A direction as the player reads it (`up`, or 上 in Chinese)."""
    key = slug(direction.value)
    return words.label(f"direction.{key}", direction.value)


def preset_name(preset: str, words: Messages = ENGLISH) -> str:
    """A maze size (`easy`, or 简单 in Chinese)."""
    key = slug(preset)
    return words.label(f"preset.{key}", preset)


def algorithm_name(algorithm: str, words: Messages = ENGLISH) -> str:
    """A maze generator (`backtracker`, or 递归回溯 in Chinese)."""
    key = slug(algorithm)
    return words.label(f"algorithm.{key}", algorithm)


def bot_name(kind: str, served: str, words: Messages = ENGLISH) -> str:
    """A bot's name in the player's language ("DFS 机器人" for the server's "DFS bot"), keeping the number the
    server adds beside a second bot of its kind ("DFS bot 2": "DFS 机器人 2"). A kind the catalogue does
    not know keeps the server's name."""
    key = slug(kind)
    named = words.label(f"bot.{key}.name", "")
    if not named:
        return served
    number = re.search(r" (\d+)$", served)
    return f"{named} {number.group(1)}" if number else named


def result_time(race_ms: int | None, penalty_ms: int, words: Messages = ENGLISH) -> str:
    """A finisher's time as every results table shows it (`server.room.race_time.result_time`'s rules):
    the total, then how it is made up when hints cost something, "0:14.1 (0:09.1 + 0:05.0 hints)";
    `NO_TIME` without a race time."""
    if race_ms is None:
        return NO_TIME
    penalty = max(0, penalty_ms)
    total = clock(race_ms + penalty)
    if not penalty:
        return total
    return words("results.time_with_hints", total=total, time=clock(race_ms), penalty=clock(penalty))


def help_lines(keys: tuple[str, ...], words: Messages = ENGLISH) -> list[str]:
    """The key help `?` shows in place of the maze or the lobby: the lines of `keys`."""
    return [words("help.title"), *("  " + words(key) for key in keys), "", words("help.close")]
