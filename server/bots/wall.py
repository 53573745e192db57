"""The `wall` bot: right hand on the wall, with Trémaux's rule when the wall leads round in a circle.

Turn order. Headings are the eight compass directions, numbered clockwise as the screen shows them
(east 0, south-east 1, south 2, ... north-east 7). Arriving with heading h the bot tries, in order, the
sharpest right turn first: h + 3 (back to the right), h + 2 (right), h + 1, h (straight on), h - 1,
h - 2 (left), h - 3, and h + 4 (back the way it came). In a 4-direction maze only the even headings
exist and this is the familiar right, straight, left, back. Sweeping from just past "back" is what
keeps the right hand on one wall through corner-to-corner passages too.

It starts with its back to the outer wall (the entrance is on the edge), so its hand is on the outer
wall, which the exit also touches: in a 4-direction maze, loops or not, it reaches the exit, walking
each passage at most once each way. In an 8-direction maze two diagonal passages may cross, and with
loops the hand can then come round to where it was, facing the same way, for ever. The bot notes every
(cell, heading) it arrives with; arriving with one a second time means it is in such a circle, and it
goes on from there by Trémaux's rule (`tremaux.TremauxBot`), which always finishes. Pledge's rule would
not do: it finds the way out of an enclosure, not a given cell. A bot started off the edge faces the
first of its seed's directions, and the same watch catches an island wall.
"""

from collections.abc import Mapping
from typing import Literal, Self, TypedDict

from server.bots.common import (
    NOWHERE,
    BadBotState,
    check_seed,
    pack_bytes,
    side_between,
    side_ranks,
    size_and_last,
    unpack_bytes,
    whole,
)
from server.bots.sight import Sight
from server.bots.tremaux import TremauxBot, TremauxState
from server.maze.model import Cell

HEADINGS = 8
HEADING_OF_SIDE = (0, 2, 4, 6, 1, 3, 5, 7)
"""The clockwise heading of each side in `walls.SIDE_BITS` order (E, S, W, N, SE, SW, NW, NE)."""
TURNS = (3, 2, 1, 0, -1, -2, -3, 4)
"""The right hand's order of turns, relative to the heading the bot arrived with."""
NORTH, EAST, SOUTH, WEST = 6, 0, 2, 4


class WallState(TypedDict):
    """A `wall` bot mid-race: where it stood last and its heading there, `arrivals` (packed) a byte per
    (cell, heading) it has arrived with, and the Trémaux bot it handed over to, if it has."""

    kind: Literal["wall"]
    seed: int
    size: int
    last: int
    heading: int
    arrivals: str
    fallback: TremauxState | None


class WallBot:
    """The right-hand rule, falling back to Trémaux's when it walks in a circle."""

    kind = "wall"

    def __init__(self, seed: int) -> None:
        self.seed = check_seed(seed)
        ranks = side_ranks(seed)
        self._first_heading = HEADING_OF_SIDE[ranks.index(0)]
        self._size = 0
        self._last = NOWHERE
        self._heading = 0
        self._arrivals = bytearray()
        self._fallback: TremauxBot | None = None

    @property
    def fell_back(self) -> bool:
        """Whether the wall led round in a circle and the bot now follows Trémaux's rule."""
        return self._fallback is not None

    def next_step(self, sight: Sight) -> Cell | None:
        """The neighbouring cell to move into, or None if the cell it stands on has no open side."""
        self._observe(sight)
        if self._fallback is not None:
            return self._fallback.next_step(sight)
        here, cols = sight.here, sight.cols
        neighbours = sight.open_neighbours(here)
        goal = sight.exit
        if goal is not None and goal in neighbours:
            return divmod(goal, cols)
        by_heading = {HEADING_OF_SIDE[side_between(here, cell, cols)]: cell for cell in neighbours}
        for turn in TURNS:
            cell = by_heading.get((self._heading + turn) % HEADINGS)
            if cell is not None:
                return divmod(cell, cols)
        return None

    def _observe(self, sight: Sight) -> None:
        """Take in the last move: the new heading, and whether this arrival has happened before."""
        if self._fallback is not None:
            return
        here = sight.here
        if self._size != sight.size or self._last == NOWHERE:
            self._restart(sight)
            return
        if here == self._last:
            return
        if here not in sight.open_neighbours(self._last):
            self._restart(sight)
            return
        self._heading = HEADING_OF_SIDE[side_between(self._last, here, sight.cols)]
        self._last = here
        arrival = here * HEADINGS + self._heading
        if self._arrivals[arrival]:
            self._fallback = TremauxBot(self.seed)
        self._arrivals[arrival] = 1

    def _restart(self, sight: Sight) -> None:
        here, cols = sight.here, sight.cols
        row, col = divmod(here, cols)
        rows = sight.size // cols
        outside = [side for side, edge in ((NORTH, row == 0), (EAST, col == cols - 1)) if edge]
        outside += [side for side, edge in ((SOUTH, row == rows - 1), (WEST, col == 0)) if edge]
        self._heading = (outside[0] + 4) % HEADINGS if outside else self._first_heading
        self._size = sight.size
        self._last = here
        self._arrivals = bytearray(HEADINGS * sight.size)
        self._arrivals[here * HEADINGS + self._heading] = 1
        self._fallback = None

    def to_json(self) -> WallState:
        """The bot's whole state, for a room snapshot."""
        return {
            "kind": "wall",
            "seed": self.seed,
            "size": self._size,
            "last": self._last,
            "heading": self._heading,
            "arrivals": pack_bytes(self._arrivals),
            "fallback": None if self._fallback is None else self._fallback.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Self:
        """A bot that continues exactly where `to_json` left off; `BadBotState` if it cannot be read."""
        bot = cls(check_seed(data.get("seed")))
        size, bot._last = size_and_last(data, cls.kind)
        bot._size = size
        bot._heading = whole(data, "heading", cls.kind, 0, HEADINGS - 1)
        bot._arrivals = unpack_bytes(data.get("arrivals"), HEADINGS * size, "the wall bot's arrivals")
        fallback = data.get("fallback")
        if fallback is not None:
            if not isinstance(fallback, dict) or fallback.get("kind") != "tremaux":
                raise BadBotState("a wall bot's fallback must be a tremaux bot's state")
            bot._fallback = TremauxBot.from_json(fallback)
        return bot
