"""Bots: players whose moves an algorithm decides, in the pure core (no clock, no sockets, no global
random).

How a room drives one:
1. The host's `add_bot` payload becomes a `BotSpec` (`BotSpec.parse`, `BadSettings` on any fault); the
   bot races as `bot_name(kind)`.
2. At the start, `make_bot(kind, seed)` with a seed drawn from the room's seed (say the race seed plus the
   bot's place), so a replay and a fail-over decide the same moves.
3. `speed` times a second: build the bot's sight, `step = bot.next_step(sight)`, and send the step through
   the same command path as a person's move. In a clear race the sight is `FullSight(maze, position,
   distances)` (the race's distance field from `build_course`); in a fog race `FogSight(maze, seen,
   position, exit_shown=...)` over the bot's own seen array, which the room keeps up to date with
   `reveal` after each move (and at the start), like a person's: it must mark at least every cell the bot
   stands on. The `shortest` bot always gets a `FullSight`. None means nowhere to go (never in a maze
   whose exit is reachable): stop driving it.
4. A snapshot carries `bot.to_json()` (a `BotState`, a few kB at 100 x 100); `bot_from_json` rebuilds it,
   and it continues exactly. A bot reads where it stands at each call, so a refused move costs nothing
   and is simply decided again.
"""

from server.bots.common import BadBotState
from server.bots.kinds import BOT_KINDS, Bot, BotState, bot_from_json, bot_name, make_bot
from server.bots.sight import FogSight, FullSight, Sight, UnknownCell, reveal

__all__ = [
    "BOT_KINDS",
    "BadBotState",
    "Bot",
    "BotState",
    "FogSight",
    "FullSight",
    "Sight",
    "UnknownCell",
    "bot_from_json",
    "bot_name",
    "make_bot",
    "reveal",
]
