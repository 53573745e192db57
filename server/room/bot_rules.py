"""The bot rules: the host adds and removes bots in the lobby, and each bot step is a move.

A bot is a player (a colour, a name like "DFS bot", a place in the results) whose moves its brain
(`server/bots`) decides. A step is a command like a person's move (`commands.BotStep`): the room
builds the bot's sight (in a fog race, only what the bot has seen, kept like a person's), asks the brain
and applies the answer through the same `race.move` every move takes, with the same checks and caps. The
brain is made at the race's start from a seed drawn from the race seed and the bot's id, and its state
is part of the room's saved state, so a replayed or rebuilt room decides exactly the same moves. The
shell only paces the steps (`server/runtime/bot_driver.py`), at the bot's speed and within the move limit.
"""

from server.bots import FogSight, FullSight, bot_name
from server.errors import GameError
from server.room import race
from server.room.bot_spec import BotSpec
from server.room.events.race import MoveAck
from server.room.guards import course_of, racer_of, require_host, require_phase, trail_of
from server.room.names import unique_name
from server.room.players import PALETTE, Player
from server.room.state import RoomState
from server.room.views.players import player_entry


def add(state: RoomState, member_id: str, spec: BotSpec, token: str, now: float) -> str:
    """The host adds a bot in the lobby; its id. `token` is never given to anyone: a bot is driven by
    the server, never joined as."""
    require_host(state, member_id)
    require_phase(state, "lobby")
    if state.seats_full:
        raise GameError("the room is full: raise max_players or remove someone first", code="room_full")
    state.last_active = now
    name = unique_name(bot_name(spec.kind), [p.name for p in state.active_players()])
    used = {p.colour for p in state.active_players()}
    colour = next(c for c in PALETTE if c not in used)
    bot = Player(state.next_id("p"), name, colour, token, now, ready=True, bot=spec)
    state.players[bot.id] = bot
    state.emit("joined", {**player_entry(state, bot), "role": "player"})
    return bot.id


def remove(state: RoomState, member_id: str, bot_id: str) -> None:
    """The host takes a bot out of the lobby."""
    require_host(state, member_id)
    require_phase(state, "lobby")
    bot = state.players.get(bot_id)
    if bot is None or bot.bot is None:
        raise GameError("no bot in this room has that id", code="unknown_member")
    del state.players[bot_id]
    state.emit("left", {"id": bot_id, "role": "player"})


def step(state: RoomState, bot_id: str, now: float) -> MoveAck | None:
    """One step of a racing bot, decided by its brain; None when it has nowhere to go. Refused while no
    person is connected: the race waits, as it was, for its people to come back."""
    bot = racer_of(state, bot_id, now)
    if not state.watched:
        raise GameError("no person is here: the bots wait for one", code="not_racing")
    if bot.bot is None or bot.brain is None:
        raise GameError("that player is not a bot", code="unknown_member")
    maze, distances = course_of(state)
    here = trail_of(bot).current
    if bot.fog is not None and bot.bot.kind != "shortest":  # the shortest bot knows the maze
        sight: FogSight | FullSight = FogSight(maze, bot.fog.seen, here, exit_shown=True)
    else:
        sight = FullSight(maze, here, distances)
    target = bot.brain.next_step(sight)
    if target is None:
        return None
    return race.move(state, bot_id, target, now)


def count(state: RoomState) -> int:
    """The bots in the room (the edge caps them: `server.runtime.bot_quota`)."""
    return sum(1 for p in state.active_players() if p.bot is not None)


def racing(state: RoomState) -> list[Player]:
    """The bots still in the race that may step now (the driver paces these): none while no person is
    connected, so a race nobody watches costs nothing and a racer who comes back within the grace
    period finds every bot where it was."""
    if not state.watched:
        return []
    return [p for p in state.racers() if p.bot is not None and p.racing]
