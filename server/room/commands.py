"""The commands a room takes, as records: everything that changes a room, and nothing else does.

Each command carries every input that is not a pure function of the room: the time, the token a new
player gets, the race id, the maze spec, a hint's answer (searched once, elsewhere). So the same
command applied to the same room gives the same answer and the same events anywhere: `apply` on a
rebuilt room (`persist.rebuild_room`) replays what the live room did, which is what fail-over logs and
replays. Each record has one JSON form (`command_to_json` / `command_from_json`), the form the log
stores.

Asking what a start or a hint would do (`prepare_start`, `request_hint`) changes nothing, so it is not
a command: the caller asks, makes the maze or runs the search off the event loop, then applies the
command with the result.
"""

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from server.errors import GameError
from server.maze.directions import Direction
from server.maze.generation import MazeSpec
from server.maze.hints import Hint
from server.maze.model import Maze
from server.maze.moves import Target
from server.room.bot_spec import BotSpec
from server.room.envelope import Envelope
from server.room.events.hints import HintAck
from server.room.events.race import Position
from server.room.membership import Membership
from server.room.room import Room
from server.room.state import Role

CourseMaker = Callable[[MazeSpec], tuple[Maze, list[int]]]
"""Makes a spec's maze and distance field (`server.runtime.course.build_course`; the edge hands in the one it
made off the event loop)."""


class BadCommand(ValueError):
    """A command's JSON that is not a command: the log is damaged or from an incompatible version."""


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
    changes: dict[str, Any]
    """The settings object as the host sent it (fields left out keep their values)."""
    now: float


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

KINDS: dict[str, type[Command]] = {
    "join": Join,
    "ready": SetReady,
    "settings": ChangeSettings,
    "start": Start,
    "move": Move,
    "hint": AnswerHint,
    "leave": Leave,
    "disconnect": Disconnect,
    "kick": Kick,
    "lock": Lock,
    "pass_host": PassHost,
    "take_seat": TakeSeat,
    "rematch": Rematch,
    "add_bot": AddBot,
    "remove_bot": RemoveBot,
    "bot_step": BotStep,
    "tick": Tick,
}
KIND_OF: dict[type[Command], str] = {cls: kind for kind, cls in KINDS.items()}


@dataclass(frozen=True)
class Outcome:
    """What a command did: the events to send, the ack data, and (a join) who joined."""

    events: list[Envelope]
    ack: Position | HintAck | None = None
    membership: Membership | None = None
    """Who joined (a join) or took a seat (`TakeSeat`)."""
    added: str | None = None
    """The id of the bot an `AddBot` added."""


def apply(room: Room, command: Command, course: CourseMaker) -> Outcome:
    """Apply `command` to `room`; a refusal raises `GameError` before anything changes."""
    match command:
        case Join(name, role, token, new_token, now):
            membership, events = room.join(name, role, token, now, new_token=new_token)
            return Outcome(events, membership=membership)
        case SetReady(member, ready, _):
            return Outcome(room.set_ready(member, ready))
        case ChangeSettings(member, changes, _):
            return Outcome(room.update_settings(member, changes))
        case Start(member, without_unready, spec, race_id, now):
            room.prepare_start(member, without_unready)  # refuse before making a maze for nothing
            maze, distances = course(spec)
            return Outcome(room.start(member, spec, maze, distances, now, without_unready, race_id=race_id))
        case Move(member, target, now):
            ack, events = room.move(member, target, now)
            return Outcome(events, ack)
        case AnswerHint(answer=answer, now=now):
            hinted, events = room.answer_hint(command, answer, now)
            return Outcome(events, hinted)
        case Leave(member, now):
            return Outcome(room.leave(member, now))
        case Disconnect(member, now):
            return Outcome(room.disconnect(member, now))
        case Kick(member, target, now):
            return Outcome(room.kick(member, target, now))
        case Lock(member, locked, _):
            return Outcome(room.lock(member, locked))
        case PassHost(member, to, _):
            return Outcome(room.pass_host(member, to))
        case TakeSeat(member, name, new_token, now):
            membership, events = room.take_seat(member, name, now, new_token=new_token)
            return Outcome(events, membership=membership)
        case Rematch(member, now):
            return Outcome(room.rematch(member, now))
        case AddBot(member, spec, token, now):
            bot_id, events = room.add_bot(member, spec, token, now)
            return Outcome(events, added=bot_id)
        case RemoveBot(member, bot, _):
            return Outcome(room.remove_bot(member, bot))
        case BotStep(bot, now):
            stepped, events = room.bot_step(bot, now)
            return Outcome(events, stepped)
        case Tick(now):
            return Outcome(room.tick(now))


# ----- JSON ------------------------------------------------------------------------------------------


def command_to_json(command: Command) -> dict[str, Any]:
    """The command as the log stores it: `{"kind", ...its fields}`."""
    data: dict[str, Any] = {"kind": KIND_OF[type(command)]}
    for field in fields(command):
        value = getattr(command, field.name)
        if isinstance(value, MazeSpec):
            value = spec_to_json(value)
        elif isinstance(value, Hint | BotSpec):
            value = value.to_json()
        elif isinstance(value, Direction):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        data[field.name] = value
    return data


def command_from_json(data: object, maze_of: Callable[[], Maze | None]) -> Command:
    """The command `command_to_json` made; `maze_of` gives the room's maze (a hint's cells need it)."""
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise BadCommand(f"not a command: {str(data)[:80]}")
    cls = KINDS[data["kind"]]
    try:
        values = {field.name: data[field.name] for field in fields(cls)}
        if cls is Start:
            values["spec"] = MazeSpec(**values["spec"])
        elif cls is AnswerHint:
            maze = maze_of()
            if maze is None:
                raise BadCommand("a hint answer for a room without a maze")
            values["answer"] = Hint.from_json(values["answer"], maze)
        elif cls is AddBot:
            values["spec"] = BotSpec.parse(values["spec"])
        elif cls is Move and isinstance(values["target"], list):
            row, col = values["target"]
            values["target"] = (int(row), int(col))
        command = cls(**values)
    except (KeyError, TypeError, ValueError, GameError) as error:
        raise BadCommand(f"malformed {data['kind']} command: {error}") from None
    return command


def spec_to_json(spec: MazeSpec) -> dict[str, Any]:
    """A maze spec's fields (the same keys `MazeSpec(**...)` takes)."""
    return {field.name: getattr(spec, field.name) for field in fields(spec)}
