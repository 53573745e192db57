"""A player of the room as the terminal client keeps them, from the server's player entries and moves.

The records it reads (`PlayerEntry`, `Position`, ...) come through `server.room.wire_readers`, which
checked their shape, so a cell here is always a `[row, col]` pair.
"""

from dataclasses import dataclass, field
from typing import TypeGuard

from server.clients.terminal.labels import bot_name
from server.clients.terminal.messages import ENGLISH, Messages
from server.clients.terminal.printable import printable
from server.maze.directions import Direction
from server.maze.model import Cell
from server.room.events.players import PlayerEntry
from server.room.events.race import Finished, MovedUnseen, Position


def cell_of(pair: list[int]) -> Cell:
    """A wire cell `[row, col]` (checked by the readers) as a cell."""
    return pair[0], pair[1]


def facing_of(value: str) -> Direction | None:
    """A wire direction; None for one this client does not know."""
    try:
        return Direction(value)
    except ValueError:
        return None


@dataclass
class Racer:
    """A player of the room as the client keeps it (a wire player entry, its `room` read as `cell`)."""

    id: str
    name: str
    ready: bool = False
    connected: bool = True
    bot: str | None = None
    """A bot's kind (None for a person), so it is named in the player's language."""
    cell: Cell | None = None
    facing: Direction | None = None
    trail: list[Cell] = field(default_factory=list)
    moves: int = 0
    hints: int = 0
    penalty: int = 0
    """Ms their hints added to their race time."""
    finished: bool = False
    rank: int | None = None
    time: int | None = None
    dnf: bool = False
    left: bool = False

    @classmethod
    def of(cls, entry: PlayerEntry) -> "Racer":
        """A racer from a player entry."""
        racer = cls(entry["id"], printable(entry["name"]))
        racer.update(entry)
        return racer

    def shown(self, words: Messages = ENGLISH) -> str:
        """The name the screen shows: a bot's in the player's language, a person's as they typed it."""
        return bot_name(self.bot, self.name, words) if self.bot is not None else self.name

    def update(self, entry: PlayerEntry) -> None:
        """Lay a player entry over what is known. A position it leaves out (a rival out of a fog racer's
        sight) stays as it was, and so do a rank and a time it does not have yet."""
        self.ready, self.connected = entry["ready"], entry["connected"]
        self.finished, self.dnf, self.left = entry["finished"], entry["dnf"], entry["left"]
        self.moves, self.hints, self.penalty = entry["moves"], entry["hints"], entry["penalty"]
        self.rank = entry.get("rank", self.rank)
        time = entry.get("time")
        self.time = time if time is not None else self.time
        if "bot" in entry:
            self.bot = printable(entry["bot"]["kind"], 20)
        if "cell" in entry:
            self.cell = cell_of(entry["cell"])
        if "facing" in entry:
            self.facing = facing_of(entry["facing"])
        if "trail" in entry:
            self.trail = [cell_of(pair) for pair in entry["trail"]]
        elif self.cell is not None and not self.trail:
            self.trail = [self.cell]

    def record_finish(self, data: Finished) -> None:
        """A `finished` event: the rank (provisional until the results), the time and the counts;
        the `finished` flag stays as the last player entry said."""
        self.moves, self.hints, self.rank = data["moves"], data["hints"], data["rank"]
        self.penalty = data["penalty"]
        self.time = data["time"] if data["time"] is not None else self.time

    def moved(self, data: Position | MovedUnseen, fog: bool) -> None:
        """A `moved` event or a move's ack: keep the first `trail_len - 1` cells, then add the new one."""
        self.moves = data["moves"]
        if not shows_where(data):  # a fog race: the rival walked out of sight
            self.cell, self.trail = None, []
            return
        cell = cell_of(data["cell"])
        keep = max(0, min(len(self.trail), data["trail_len"] - 1))
        self.trail = [cell] if fog else [*self.trail[:keep], cell]
        self.cell = cell
        self.facing = facing_of(data["facing"]) or self.facing


def shows_where(data: Position | MovedUnseen) -> TypeGuard[Position]:
    """Whether a move says where the racer stands (a fog racer is not told of a rival out of sight)."""
    return "cell" in data
