"""The `bfs` bot: walks to each cell in the order a breadth-first search from where it stands finds
cells it has not stood on.

A BFS from the entrance walked cell by cell would cost about cells x depth moves, far over the move cap;
so each time it reaches the cell it was heading for, it searches breadth-first again, from there, through
the cells it knows, and heads for the nearest cell it has not stood on (ties: the exit, then the cell
nearest the exit as the crow flies, then the seed's direction order; see `plans.route_to_nearest`).
In the open parts of a braided maze it visibly sweeps the cells around it before going on; in a corridor
it looks much like `dfs`. Under fog it plans only through cells it has seen, and a cell it has not seen
that a known cell opens into counts as a cell to visit.
"""

from collections.abc import Mapping
from typing import Literal, Self, TypedDict

from server.bots.common import (
    NOWHERE,
    check_seed,
    pack_bytes,
    pack_cells,
    side_ranks,
    size_and_last,
    unpack_bytes,
    unpack_cells,
)
from server.bots.plans import route_to_nearest
from server.bots.sight import Sight
from server.maze.model import Cell


class BfsState(TypedDict):
    """A `bfs` bot mid-race: where it stood last, the cells it has stood on (packed, a byte a cell), and
    the route it is walking (packed cells, the next step last)."""

    kind: Literal["bfs"]
    seed: int
    size: int
    last: int
    visited: str
    route: str


class BfsBot:
    """Nearest-unvisited-cell exploration, planned by breadth-first search."""

    kind = "bfs"

    def __init__(self, seed: int) -> None:
        self.seed = check_seed(seed)
        self._ranks = side_ranks(seed)
        self._size = 0
        self._last = NOWHERE
        self._visited = bytearray()
        self._route: list[int] = []
        """The cells still to walk to the target, reversed: the next step is `_route[-1]`."""

    def next_step(self, sight: Sight) -> Cell | None:
        """The neighbouring cell to move into, or None once no known passage leads to a cell it has not
        stood on (only in a maze whose exit cannot be reached)."""
        self._observe(sight)
        here, cols, visited = sight.here, sight.cols, self._visited
        goal = sight.exit
        if goal is not None and goal in sight.open_neighbours(here):
            return divmod(goal, cols)
        if not self._route or visited[self._route[0]]:
            route = route_to_nearest(sight, lambda cell: not visited[cell], self._ranks)
            if route is None:
                return None
            self._route = route[::-1]
        return divmod(self._route[-1], cols)

    def _observe(self, sight: Sight) -> None:
        """Take in the last move: a step along the route moves on; a refused move changes nothing; any
        other move drops the route, to be planned again from where the bot is."""
        here = sight.here
        if self._size != sight.size or self._last == NOWHERE:
            self._size = sight.size
            self._visited = bytearray(sight.size)
            self._route = []
        elif here == self._last:
            return
        elif self._route and self._route[-1] == here:
            self._route.pop()
        else:
            self._route = []
        self._visited[here] = 1
        self._last = here

    def to_json(self) -> BfsState:
        """The bot's whole state, for a room snapshot."""
        return {
            "kind": "bfs",
            "seed": self.seed,
            "size": self._size,
            "last": self._last,
            "visited": pack_bytes(self._visited),
            "route": pack_cells(self._route),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Self:
        """A bot that continues exactly where `to_json` left off; `BadBotState` if it cannot be read."""
        bot = cls(check_seed(data.get("seed")))
        size, bot._last = size_and_last(data, cls.kind)
        bot._size = size
        bot._visited = unpack_bytes(data.get("visited"), size, "the bfs visited flags")
        bot._route = unpack_cells(data.get("route"), size, "the bfs route")
        return bot
