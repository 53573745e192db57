"""The bot kinds by name: what a bot is to its caller, how to make one and how to rebuild one."""

from collections.abc import Mapping
from typing import Protocol

from server.bots.bfs import BfsBot, BfsState
from server.bots.common import BadBotState
from server.bots.dfs import DfsBot, DfsState
from server.bots.shortest import ShortestBot, ShortestState
from server.bots.sight import Sight
from server.bots.tremaux import TremauxBot, TremauxState
from server.bots.wall import WallBot, WallState
from server.maze.model import Cell

BotState = DfsState | WallState | TremauxState | BfsState | ShortestState
"""A bot's whole state as JSON-able data (`to_json`); `bot_from_json` reads any of them back."""


class Bot(Protocol):
    """A bot's brain: one step a call, decided from what it may see and what it remembers."""

    @property
    def kind(self) -> str:
        """One of `BOT_KINDS`."""
        ...

    @property
    def seed(self) -> int:
        """The seed it was made with: it breaks every tie, so equal seeds make equal races."""
        ...

    def next_step(self, sight: Sight) -> Cell | None:
        """The open neighbouring cell to move into now, or None when it has nowhere to go (in a maze
        whose exit it can reach, never). Call it again after the move has been applied (or refused: a
        refused move changes nothing, and the answer is the same)."""
        ...

    def to_json(self) -> BotState:
        """Everything it remembers, to carry in a room snapshot."""
        ...


_CLASSES: dict[str, type[DfsBot] | type[WallBot] | type[TremauxBot] | type[BfsBot] | type[ShortestBot]] = {
    "dfs": DfsBot,
    "wall": WallBot,
    "tremaux": TremauxBot,
    "bfs": BfsBot,
    "shortest": ShortestBot,
}

BOT_KINDS: tuple[str, ...] = tuple(_CLASSES)
"""Every bot kind, in the order the lobby offers them."""

_NAMES = {
    "dfs": "DFS bot",
    "wall": "Wall bot",
    "tremaux": "Trémaux bot",
    "bfs": "BFS bot",
    "shortest": "Shortest bot",
}


def bot_name(kind: str) -> str:
    """The name a bot of `kind` races under ("DFS bot", ...); KeyError for an unknown kind."""
    return _NAMES[kind]


def make_bot(kind: str, seed: int) -> Bot:
    """A new bot of `kind` (one of `BOT_KINDS`, checked first by `BotSpec`) whose ties `seed` breaks."""
    return _CLASSES[kind](seed)


def bot_from_json(data: object) -> Bot:
    """The bot a `to_json` state describes, continuing exactly; `BadBotState` if it cannot be read."""
    if not isinstance(data, Mapping):
        raise BadBotState("a bot's state must be a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _CLASSES:
        raise BadBotState(f"a bot's kind must be one of {', '.join(BOT_KINDS)}")
    return _CLASSES[kind].from_json(data)
