"""The commands a room takes, as records: one frozen dataclass a command, each with every input it needs.

`Command` is their union; `dispatch.apply` applies one to a room, `json_form` is the form the log keeps.
"""

from dataclasses import dataclass

from server.maze.generation import MazeSpec
from server.maze.hint_answer import Hint
from server.maze.model import Maze
from server.maze.moves import Target
from server.room.bot_spec import BotSpec
from server.room.state import Role


@dataclass(frozen=True)
class Join:
    """A player or spectator joins, or a player comes back with their token."""

    name: object
    role: Role
    token: str | None
    new_token: str
    """The token a new player gets (drawn by the caller; unused when nobody new joins)."""
    now: float


@dataclass(frozen=True)
class SetReady:
    member: str
    ready: bool
    now: float


@dataclass(frozen=True)
class ChangeSettings:
    member: str
    changes: dict[str, object]  # raw JSON from the host's client: `settings.parse_settings` checks it
    """The settings object as the host sent it (fields left out keep their values)."""
    now: float
    layout: Maze | None = None
    """The published maze that `changes["maze"]` names, looked up by the edge: the command holds the
    maze itself, so the room (and a replay of its log) never asks the store."""


@dataclass(frozen=True)
class Start:
    """The host starts the countdown on the maze `spec` (what `prepare_start` said to make)."""

    member: str
    without_unready: bool
    spec: MazeSpec
    race_id: str
    now: float


@dataclass(frozen=True)
class Move:
    member: str
    target: Target
    now: float


@dataclass(frozen=True)
class AnswerHint:
    """A hint asked at `moves` moves, answered by a search that already ran."""

    member: str
    moves: int
    want_order: bool
    answer: Hint
    now: float

    @property
    def member_id(self) -> str:
        """The asker (the name `hint_rules.AskedHint` reads)."""
        return self.member


@dataclass(frozen=True)
class Leave:
    member: str
    now: float


@dataclass(frozen=True)
class Disconnect:
    member: str
    now: float


@dataclass(frozen=True)
class Kick:
    member: str
    target: str
    now: float


@dataclass(frozen=True)
class Lock:
    member: str
    locked: bool
    now: float


@dataclass(frozen=True)
class PassHost:
    """The host hands the host role to player `to`."""

    member: str
    to: str
    now: float


@dataclass(frozen=True)
class TakeSeat:
    """A spectator takes a free seat under `name`; `new_token` is the player's token (drawn by the caller)."""

    member: str
    name: object
    new_token: str
    now: float


@dataclass(frozen=True)
class Rematch:
    member: str
    now: float


@dataclass(frozen=True)
class AddBot:
    """The host adds a bot; `token` is drawn by the caller (never given out: nobody joins as a bot)."""

    member: str
    spec: BotSpec
    token: str
    now: float


@dataclass(frozen=True)
class RemoveBot:
    member: str
    bot: str
    now: float


@dataclass(frozen=True)
class BotStep:
    """A racing bot takes its next step (the driver paces these; the room's brain decides where)."""

    bot: str
    now: float


@dataclass(frozen=True)
class Tick:
    """The room's clock: the countdown's end, the time limit, expired grace periods."""

    now: float


Command = (
    Join
    | SetReady
    | ChangeSettings
    | Start
    | Move
    | AnswerHint
    | Leave
    | Disconnect
    | Kick
    | Lock
    | PassHost
    | TakeSeat
    | Rematch
    | AddBot
    | RemoveBot
    | BotStep
    | Tick
)
