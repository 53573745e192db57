"""The `dfs` bot: the original exercises' backtracking stack explorer (docs/origins.md), one step a call.

It keeps the way from its start as a stack and the cells it has stood on. Where it stands it probes an
open neighbour it has not stood on (nearest the exit first, see `common.exit_first`), steps in and pushes
it; at a dead end (no such neighbour) it pops and walks back one step. It reads only the passages of the
cell it stands on, so it races under fog as it does in the clear. In any maze it makes at most
2 * (cells - 1) moves: each passage of its search tree is walked once each way.
"""

from collections.abc import Mapping
from typing import Literal, Self, TypedDict

from server.bots.common import (
    NOWHERE,
    BadBotState,
    check_seed,
    exit_first,
    pack_bytes,
    pack_cells,
    side_ranks,
    size_and_last,
    unpack_bytes,
    unpack_cells,
)
from server.bots.sight import Sight
from server.maze.model import Cell


class DfsState(TypedDict):
    """A `dfs` bot mid-race: `stack` from its start to where it stood last (packed cells), `visited` a
    byte a cell (packed)."""

    kind: Literal["dfs"]
    seed: int
    size: int
    last: int
    stack: str
    visited: str


class DfsBot:
    """Depth-first search walked one step at a time."""

    kind = "dfs"

    def __init__(self, seed: int) -> None:
        self.seed = check_seed(seed)
        self._ranks = side_ranks(seed)
        self._size = 0
        self._last = NOWHERE
        self._stack: list[int] = []
        self._visited = bytearray()

    def next_step(self, sight: Sight) -> Cell | None:
        """The neighbouring cell to move into, or None when there is nowhere left to go (only in a maze
        whose exit cannot be reached from the start)."""
        self._observe(sight)
        here, stack, visited = sight.here, self._stack, self._visited
        neighbours = sight.open_neighbours(here)
        goal = sight.exit
        if goal is not None and goal in neighbours:
            return divmod(goal, sight.cols)
        fresh = [cell for cell in neighbours if not visited[cell]]
        if fresh:
            return divmod(exit_first(sight, here, fresh, self._ranks)[0], sight.cols)
        if len(stack) > 1:
            return divmod(stack[-2], sight.cols)
        return None

    def _observe(self, sight: Sight) -> None:
        """Take in the last move from where the bot now stands: a step forward pushes, a step back pops,
        no step (the move was refused) changes nothing, and anything else starts the search afresh."""
        here = sight.here
        if self._size != sight.size or self._last == NOWHERE:
            self._restart(sight)
            return
        if here == self._last:
            return
        stack, visited = self._stack, self._visited
        if len(stack) > 1 and here == stack[-2]:
            stack.pop()
        elif not visited[here] and here in sight.open_neighbours(self._last):
            stack.append(here)
            visited[here] = 1
        else:
            self._restart(sight)
            return
        self._last = here

    def _restart(self, sight: Sight) -> None:
        self._size = sight.size
        self._visited = bytearray(sight.size)
        self._visited[sight.here] = 1
        self._stack = [sight.here]
        self._last = sight.here

    def to_json(self) -> DfsState:
        """The bot's whole state, for a room snapshot."""
        return {
            "kind": "dfs",
            "seed": self.seed,
            "size": self._size,
            "last": self._last,
            "stack": pack_cells(self._stack),
            "visited": pack_bytes(self._visited),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Self:
        """A bot that continues exactly where `to_json` left off; `BadBotState` if it cannot be read."""
        bot = cls(check_seed(data.get("seed")))
        size, bot._last = size_and_last(data, cls.kind)
        bot._size = size
        bot._stack = unpack_cells(data.get("stack"), size, "the dfs stack")
        bot._visited = unpack_bytes(data.get("visited"), size, "the dfs visited flags")
        if bot._last != NOWHERE and (not bot._stack or bot._stack[-1] != bot._last):
            raise BadBotState("a dfs bot's stack must end where it stood last")
        return bot
