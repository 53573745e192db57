"""One room: its state and every command it takes, each handed to the rule module that owns it.

A room is pure and deterministic: the caller passes the time, the maze, new players' tokens and race
ids, and owns the seeded random source the room draws seeds and random hint methods from (its state is
part of the room's snapshot), so a snapshot and the commands since rebuild the room exactly (see
`snapshot`).

`Room` is the room's state (`RoomState`: its fields and queries, which callers read as before) with one
method a command. A method calls the rule function that owns the command (`membership`, `lobby`,
`race`, `hint_rules`, `bot_rules`), which records every change as an event on the state's outbox, and
returns those events (drained here, once a command) with any ack. A refused command raises a
`GameError` before anything changes. Times are seconds (the caller's clock); on the wire they are
milliseconds.
"""

from server.maze.generation import MazeSpec
from server.maze.hint_answer import Hint
from server.maze.model import Maze
from server.maze.moves import Target
from server.room import bot_rules, hint_rules, lobby, membership, race
from server.room.bot_spec import BotSpec
from server.room.envelope import Envelope
from server.room.events.hints import HintAck
from server.room.events.race import MoveAck
from server.room.hint_rules import AskedHint, HintRequest
from server.room.membership import Membership
from server.room.players import Player
from server.room.records import RaceRecord
from server.room.state import Role, RoomState


class Room(RoomState):
    """The authoritative state of one room, with every command it takes."""

    # ----- membership (`membership`) -----------------------------------------------------------------

    def join(
        self, name: object, role: Role, token: str | None, now: float, *, new_token: str
    ) -> tuple[Membership, list[Envelope]]:
        """Add a player or spectator, or give a returning player (by token) their place back."""
        joined = membership.join(self, name, role, token, now, new_token)
        return joined, self.drain()

    def disconnect(self, member_id: str, now: float) -> list[Envelope]:
        """A connection dropped: spectators go at once, players keep their place for the grace period."""
        membership.disconnect(self, member_id, now)
        return self.drain()

    def leave(self, member_id: str, now: float) -> list[Envelope]:
        """A member leaves for good: a racer is out of the race (DNF); the host passes on."""
        membership.leave(self, member_id, now)
        return self.drain()

    def kick(self, member_id: str, target_id: str, now: float) -> list[Envelope]:
        """The host removes a player or spectator for good."""
        membership.kick(self, member_id, target_id, now)
        return self.drain()

    def take_seat(
        self, member_id: str, name: object, now: float, *, new_token: str
    ) -> tuple[Membership, list[Envelope]]:
        """A spectator takes a free seat between races, as a new player with the token `new_token`."""
        seated = membership.take_seat(self, member_id, name, now, new_token)
        return seated, self.drain()

    def pass_host(self, member_id: str, target_id: str) -> list[Envelope]:
        """The host hands the host role to another player who is connected (not a bot)."""
        membership.pass_host(self, member_id, target_id)
        return self.drain()

    # ----- the clock (`membership`, then `race`) -----------------------------------------------------

    def tick(self, now: float) -> list[Envelope]:
        """Advance the room's clock: expired grace periods, the countdown's end, the ghosts, the time
        limit."""
        membership.expire_grace(self, now)
        race.tick(self, now)
        return self.drain()

    # ----- the lobby (`lobby`) -----------------------------------------------------------------------

    def set_ready(self, member_id: str, ready: bool) -> list[Envelope]:
        """A player marks themselves ready (or not) in the lobby."""
        lobby.set_ready(self, member_id, ready)
        return self.drain()

    def update_settings(self, member_id: str, data: object, layout: Maze | None = None) -> list[Envelope]:
        """The host changes settings in the lobby; fields left out keep their values (`layout`: the
        published maze the settings newly name)."""
        lobby.update_settings(self, member_id, data, layout)
        return self.drain()

    def lock(self, member_id: str, locked: bool) -> list[Envelope]:
        """The host locks the room (no new players) or opens it again."""
        lobby.lock(self, member_id, locked)
        return self.drain()

    def prepare_start(self, member_id: str, without_unready: bool = False) -> MazeSpec:
        """Refuse a start that cannot happen; otherwise say which maze to make (it changes nothing)."""
        return lobby.prepare_start(self, member_id, without_unready)

    def start(
        self,
        member_id: str,
        spec: MazeSpec,
        maze: Maze,
        distances: list[int],
        now: float,
        without_unready: bool = False,
        *,
        race_id: str,
    ) -> list[Envelope]:
        """Begin the countdown with the maze made (off the event loop) from `prepare_start`'s spec."""
        lobby.start(self, member_id, spec, (maze, distances), now, without_unready, race_id)
        return self.drain()

    # ----- the race (`race`) -------------------------------------------------------------------------

    def move(self, member_id: str, target: Target, now: float) -> tuple[MoveAck, list[Envelope]]:
        """Move a racer one cell; the ack data and the events."""
        ack = race.move(self, member_id, target, now)
        return ack, self.drain()

    def rematch(self, member_id: str, now: float) -> list[Envelope]:
        """The host takes the room back to the lobby for a new maze with the same settings."""
        race.rematch(self, member_id, now)
        return self.drain()

    def take_finished_race(self) -> RaceRecord | None:
        """The race that ended since the last call, for the caller to store before announcing it."""
        return race.take_finished(self)

    # ----- hints (`hint_rules`) ----------------------------------------------------------------------

    def hint(
        self, member_id: str, method: str, want_order: bool, now: float
    ) -> tuple[HintAck, list[Envelope]]:
        """Ask for a hint and answer it in one call (the server splits it to search off the loop)."""
        ack = hint_rules.hint(self, member_id, method, want_order, now)
        return ack, self.drain()

    def request_hint(self, member_id: str, method: str, want_order: bool, now: float) -> HintRequest:
        """Check a hint may be given and pin down what to search (it changes nothing)."""
        return hint_rules.request(self, member_id, method, want_order, now)

    def answer_hint(self, request: AskedHint, answer: Hint, now: float) -> tuple[HintAck, list[Envelope]]:
        """Count and announce a hint found by `hint_rules.solve_hint`; the ack and the events."""
        ack = hint_rules.answer(self, request, answer, now)
        return ack, self.drain()

    # ----- bots (`bot_rules`) ------------------------------------------------------------------------

    def add_bot(self, member_id: str, spec: BotSpec, token: str, now: float) -> tuple[str, list[Envelope]]:
        """The host adds a bot in the lobby; its id and the events."""
        bot_id = bot_rules.add(self, member_id, spec, token, now)
        return bot_id, self.drain()

    def remove_bot(self, member_id: str, bot_id: str) -> list[Envelope]:
        """The host takes a bot out of the lobby."""
        bot_rules.remove(self, member_id, bot_id)
        return self.drain()

    def bot_step(self, bot_id: str, now: float) -> tuple[MoveAck | None, list[Envelope]]:
        """One step of a racing bot, decided by its brain; nothing when it has nowhere to go."""
        ack = bot_rules.step(self, bot_id, now)
        return ack, self.drain()

    def bots_racing(self) -> list[Player]:
        """The bots still in the race (the driver paces these)."""
        return bot_rules.racing(self)
