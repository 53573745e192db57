"""Applying a command: each record is handed to the `Room` method that takes it, and what it did comes
back as an `Outcome`."""

from collections.abc import Callable
from dataclasses import dataclass

from server.maze.generation import MazeSpec
from server.maze.model import Maze
from server.room.commands.records import (
    AddBot,
    AnswerHint,
    BotStep,
    ChangeSettings,
    Command,
    Disconnect,
    Join,
    Kick,
    Leave,
    Lock,
    Move,
    PassHost,
    Rematch,
    RemoveBot,
    SetReady,
    Start,
    TakeSeat,
    Tick,
)
from server.room.envelope import Envelope
from server.room.events.hints import HintAck
from server.room.events.race import Position
from server.room.membership import Membership
from server.room.room import Room

CourseMaker = Callable[[MazeSpec], tuple[Maze, list[int]]]
"""Makes a spec's maze and distance field (`server.runtime.course.build_course`; the edge hands in the one it
made off the event loop)."""


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
        case ChangeSettings(member, changes, _, layout):
            return Outcome(room.update_settings(member, changes, layout))
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
