"""The `shortest` bot: knows the maze and walks a shortest path to the exit; its speed sets the challenge.

It is the one kind that is given the whole maze even in a fog race (the room hands it a `FullSight`):
knowing the maze is what it is. It walks downhill on the sight's distance field, one step nearer the
exit each move (ties in the seed's direction order), so it remembers nothing and costs microseconds a
move. Given a fog sight (no distances) it plans by breadth-first search through the cells it knows, and
stops (None) while they hold no way to the exit.
"""

from collections.abc import Mapping
from typing import Literal, Self, TypedDict

from server.bots.common import check_seed, side_between, side_ranks
from server.bots.plans import route_to_nearest
from server.bots.sight import Sight
from server.maze.model import Cell


class ShortestState(TypedDict):
    """A `shortest` bot mid-race: nothing but its seed, since where it stands decides its next step."""

    kind: Literal["shortest"]
    seed: int


class ShortestBot:
    """A shortest path, walked."""

    kind = "shortest"

    def __init__(self, seed: int) -> None:
        self.seed = check_seed(seed)
        self._ranks = side_ranks(seed)

    def next_step(self, sight: Sight) -> Cell | None:
        """The next cell of a shortest path to the exit, or None when the sight shows no way there."""
        here, cols, ranks = sight.here, sight.cols, self._ranks
        distance = sight.distance_to_exit(here)
        if distance is None:
            goal = sight.exit
            route = None if goal is None else route_to_nearest(sight, lambda cell: cell == goal, ranks)
            return None if route is None else divmod(route[0], cols)
        nearer = [
            cell for cell in sight.open_neighbours(here) if sight.distance_to_exit(cell) == distance - 1
        ]
        if distance <= 0 or not nearer:
            return None
        return divmod(min(nearer, key=lambda cell: ranks[side_between(here, cell, cols)]), cols)

    def to_json(self) -> ShortestState:
        """The bot's whole state, for a room snapshot."""
        return {"kind": "shortest", "seed": self.seed}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Self:
        """The same bot again; `BadBotState` if the state cannot be read."""
        return cls(check_seed(data.get("seed")))
