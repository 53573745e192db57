"""A command's one JSON form, the form the log stores: `{"kind", ...its fields}`, and the way back."""

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import NotRequired, TypedDict

from server.errors import GameError
from server.maze.directions import Direction
from server.maze.generation import MazeSpec
from server.maze.hint_answer import Hint
from server.maze.model import Maze
from server.maze.wire import MazeJson, decode_maze, encode_maze
from server.room.bot_spec import BotSpec
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


class BadCommand(ValueError):
    """A command's JSON that is not a command: the log is damaged or from an incompatible version."""


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


def command_to_json(command: Command) -> dict[str, object]:  # JSON for the log: any command's fields
    """The command as the log stores it: `{"kind", ...its fields}`."""
    data: dict[str, object] = {"kind": KIND_OF[type(command)]}
    for field in fields(command):
        value = getattr(command, field.name)
        if isinstance(value, MazeSpec):
            value = spec_to_json(value)
        elif isinstance(value, Maze):
            value = encode_maze(value)
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
        values = {
            field.name: data[field.name] if field.default is MISSING else data.get(field.name, field.default)
            for field in fields(cls)
        }  # a field with a default was added later: older logs lack it
        if cls is Start:
            values["spec"] = spec_from_json(values["spec"])
        elif cls is ChangeSettings and values["layout"] is not None:
            values["layout"] = decode_maze(values["layout"])
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


class MazeSpecJson(TypedDict):
    """A maze spec as a `start` command keeps it: the keys `MazeSpec(**...)` takes."""

    algorithm: str
    rows: int
    cols: int
    seed: int
    braid: float
    openings: str
    bias: str
    directions: int
    layout: NotRequired[MazeJson]
    """A hand-made maze's spec only: the maze (`MazeSpec.layout`) in its wire form."""


def spec_to_json(spec: MazeSpec) -> MazeSpecJson:
    """A maze spec's fields."""
    data: MazeSpecJson = {
        "algorithm": spec.algorithm,
        "rows": spec.rows,
        "cols": spec.cols,
        "seed": spec.seed,
        "braid": spec.braid,
        "openings": spec.openings,
        "bias": spec.bias,
        "directions": spec.directions,
    }
    if spec.layout is not None:
        data["layout"] = encode_maze(spec.layout)
    return data


def spec_from_json(data: object) -> MazeSpec:
    """The spec `spec_to_json` wrote (`TypeError`, `ValueError` or `GameError` if it is not one)."""
    if not isinstance(data, dict):
        raise TypeError("a maze spec must be a JSON object")
    layout = data.get("layout")
    values = {key: value for key, value in data.items() if key != "layout"}
    return MazeSpec(**values, layout=decode_maze(layout) if layout is not None else None)
