"""The `tremaux` bot: Trémaux's rule, marking passages as it walks them.

Every passage it walks gets a mark (at most two). Where it stands:
- a passage to the exit is taken at once;
- if it came in by a passage marked once to a cell it had been to before (another of the cell's passages
  is marked), it turns back along that passage;
- otherwise it takes an unmarked passage (nearest the exit first, `common.exit_first`), else one marked
  once; never one marked twice.
It reads only the passages of the cell it stands on, so it races under fog too, and walks each passage
at most twice: at most 2 * passages moves, in any maze, with or without loops.
"""

from collections.abc import Mapping
from typing import Literal, Self, TypedDict

from server.bots.common import (
    NOWHERE,
    BadBotState,
    check_seed,
    exit_first,
    pack_bytes,
    side_ranks,
    size_and_last,
    unpack_bytes,
    whole,
)
from server.bots.sight import Sight
from server.maze.model import Cell
from server.maze.walls import owner_and_kind

KINDS_PER_CELL = 4
"""Passages a cell owns (east, south, south-east, south-west): the marks are indexed by `owner * 4 + kind`
(`walls.owner_and_kind`), one entry a passage whichever way it is walked."""


class TremauxState(TypedDict):
    """A `tremaux` bot mid-race: where it stood last and the cell it came from there (-1 for none), and
    `marks` (packed), a byte per possible passage."""

    kind: Literal["tremaux"]
    seed: int
    size: int
    last: int
    entry: int
    marks: str


class TremauxBot:
    """Trémaux's maze rule, one step a call."""

    kind = "tremaux"

    def __init__(self, seed: int) -> None:
        self.seed = check_seed(seed)
        self._ranks = side_ranks(seed)
        self._size = 0
        self._last = NOWHERE
        self._entry = NOWHERE
        self._marks = bytearray()

    def _passage(self, a: int, b: int, cols: int) -> int:
        owner_kind = owner_and_kind(a, b, cols)
        if owner_kind is None:
            raise ValueError(f"cells {a} and {b} are not neighbours")
        return owner_kind[0] * KINDS_PER_CELL + owner_kind[1]

    def next_step(self, sight: Sight) -> Cell | None:
        """The neighbouring cell to move into, or None when every passage is marked twice (only in a maze
        whose exit cannot be reached)."""
        self._observe(sight)
        here, cols, entry, marks = sight.here, sight.cols, self._entry, self._marks
        neighbours = sight.open_neighbours(here)
        goal = sight.exit
        if goal is not None and goal in neighbours:
            return divmod(goal, cols)
        mark = {cell: marks[self._passage(here, cell, cols)] for cell in neighbours}
        if mark.get(entry) == 1 and any(mark[c] for c in neighbours if c != entry):
            return divmod(entry, cols)
        for wanted in (0, 1):
            choices = [cell for cell in neighbours if mark[cell] == wanted]
            if choices:
                return divmod(exit_first(sight, here, choices, self._ranks)[0], cols)
        return None

    def _observe(self, sight: Sight) -> None:
        """Mark the passage just walked; no step (a refused move) changes nothing, and a jump to a cell
        that is not a neighbour starts afresh."""
        here = sight.here
        if self._size != sight.size or self._last == NOWHERE:
            self._restart(sight)
            return
        if here == self._last:
            return
        if here in sight.open_neighbours(self._last):
            passage = self._passage(self._last, here, sight.cols)
            if self._marks[passage] < 2:
                self._marks[passage] += 1
                self._entry, self._last = self._last, here
                return
        self._restart(sight)

    def _restart(self, sight: Sight) -> None:
        self._size = sight.size
        self._marks = bytearray(KINDS_PER_CELL * sight.size)
        self._last = sight.here
        self._entry = NOWHERE

    def to_json(self) -> TremauxState:
        """The bot's whole state, for a room snapshot."""
        return {
            "kind": "tremaux",
            "seed": self.seed,
            "size": self._size,
            "last": self._last,
            "entry": self._entry,
            "marks": pack_bytes(self._marks),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Self:
        """A bot that continues exactly where `to_json` left off; `BadBotState` if it cannot be read."""
        bot = cls(check_seed(data.get("seed")))
        size, bot._last = size_and_last(data, cls.kind)
        bot._size = size
        bot._entry = whole(data, "entry", cls.kind, NOWHERE, size - 1)
        bot._marks = unpack_bytes(data.get("marks"), KINDS_PER_CELL * size, "the tremaux marks", top=2)
        if bot._entry != NOWHERE and bot._last == NOWHERE:
            raise BadBotState("a tremaux bot cannot have come from a cell before its first step")
        return bot
