"""The commands a room takes, as records: everything that changes a room, and nothing else does.

Each command carries every input that is not a pure function of the room: the time, the token a new
player gets, the race id, the maze spec, a hint's answer (searched once, elsewhere). So the same
command applied to the same room gives the same answer and the same events anywhere: `apply` on a
rebuilt room (`snapshot.rebuild_room`) replays what the live room did, which is what fail-over logs and
replays. Each record has one JSON form (`command_to_json` / `command_from_json`), the form the log
stores.

Asking what a start or a hint would do (`prepare_start`, `request_hint`) changes nothing, so it is not
a command: the caller asks, makes the maze or runs the search off the event loop, then applies the
command with the result.

The package: `records` (the commands), `dispatch` (`apply` and its `Outcome`), `json_form` (the log's
form). The names below are what the rest of the server imports from `server.room.commands`.
"""

from server.room.commands.dispatch import CourseMaker, Outcome, apply
from server.room.commands.json_form import (
    KINDS,
    BadCommand,
    command_from_json,
    command_to_json,
)
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

__all__ = [
    "KINDS",
    "AddBot",
    "AnswerHint",
    "BadCommand",
    "BotStep",
    "ChangeSettings",
    "Command",
    "CourseMaker",
    "Disconnect",
    "Join",
    "Kick",
    "Leave",
    "Lock",
    "Move",
    "Outcome",
    "PassHost",
    "Rematch",
    "RemoveBot",
    "SetReady",
    "Start",
    "TakeSeat",
    "Tick",
    "apply",
    "command_from_json",
    "command_to_json",
]
