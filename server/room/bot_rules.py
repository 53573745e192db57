"""The bot layer of a room: the host adds and removes bots in the lobby, and each bot step is a move.

A bot is a player (a colour, a name like "DFS bot", a place in the results) whose moves its brain
(`server/bots`) decides. A step is a command like a person's move (`commands.BotStep`): the room
builds the bot's sight (in a fog race, only what the bot has seen, kept like a person's), asks the brain
and applies the answer through the same `_step` every move takes, with the same checks and caps. The
brain is made at the race's start from a seed drawn from the race seed and the bot's id, and its state
is part of the room's saved state, so a replayed or rebuilt room decides exactly the same moves. The
shell only paces the steps (`server/runtime/bot_driver.py`), at the bot's speed and within the move limit.
"""

from server.bots import FogSight, FullSight, bot_name
from server.errors import GameError
from server.room import views
from server.room.bot_spec import BotSpec
from server.room.envelope import Envelope
from server.room.events import MoveAck
from server.room.hint_rules import HintRules
from server.room.players import PALETTE, Player


class BotRules(HintRules):
    """Adding, removing and stepping bots."""

    def add_bot(self, member_id: str, spec: BotSpec, token: str, now: float) -> tuple[str, list[Envelope]]:
        """The host adds a bot in the lobby; its id and the events. `token` is never given to anyone: a
        bot is driven by the server, never joined as."""
        self._require_host(member_id)
        self._require_phase("lobby")
        if self.seats_full:
            raise GameError("the room is full: raise max_players or remove someone first", code="room_full")
        self.last_active = now
        taken = {p.name for p in self.active_players()}
        name, n = bot_name(spec.kind), 2
        while name in taken:
            name = f"{bot_name(spec.kind)} {n}"
            n += 1
        used = {p.colour for p in self.active_players()}
        colour = next(c for c in PALETTE if c not in used)
        bot = Player(self._next_id("p"), name, colour, token, now, ready=True, bot=spec)
        self.players[bot.id] = bot
        self._emit("joined", {**views.player_entry(self, bot), "role": "player"})
        return bot.id, self._drain()

    def remove_bot(self, member_id: str, bot_id: str) -> list[Envelope]:
        """The host takes a bot out of the lobby."""
        self._require_host(member_id)
        self._require_phase("lobby")
        bot = self.players.get(bot_id)
        if bot is None or bot.bot is None:
            raise GameError("no bot in this room has that id", code="unknown_member")
        del self.players[bot_id]
        self._emit("left", {"id": bot_id, "role": "player"})
        return self._drain()

    def bot_step(self, bot_id: str, now: float) -> tuple[MoveAck | None, list[Envelope]]:
        """One step of a racing bot, decided by its brain; nothing when it has nowhere to go."""
        bot = self._racer(bot_id, now)
        if bot.bot is None or bot.brain is None:
            raise GameError("that player is not a bot", code="unknown_member")
        maze, distances = self._course()
        here = self._trail(bot).current
        if bot.fog is not None and bot.bot.kind != "shortest":  # the shortest bot knows the maze
            sight: FogSight | FullSight = FogSight(maze, bot.fog.seen, here, exit_shown=True)
        else:
            sight = FullSight(maze, here, distances)
        step = bot.brain.next_step(sight)
        if step is None:
            return None, []
        return self.move(bot_id, step, now)

    def bots_racing(self) -> list[Player]:
        """The bots still in the race (the driver paces these)."""
        return [p for p in self.racers() if p.bot is not None and p.racing]
