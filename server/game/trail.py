"""A player's trail (seed 000): the path from the entrance to where they stand.

Stepping back onto the room before pops it (回退); stepping onto an older trail room (possible in mazes
with loops) cuts the trail back to that room. The trail never holds a room twice.
"""

from collections.abc import Iterator, Sequence

from server.game.directions import Direction, direction_between
from server.game.maze import Cell


class Trail:
    """Rooms from the entrance to the current room, with the facing of the last move."""

    def __init__(self, rooms: Sequence[Cell], facing: Direction = Direction.RIGHT) -> None:
        if not rooms:
            raise ValueError("a trail starts with at least the entrance")
        self._rooms: list[Cell] = []
        self._position: dict[Cell, int] = {}
        for room in rooms:
            self._enter(room)
        self.facing = facing

    def _enter(self, room: Cell) -> None:
        cut = self._position.get(room)
        if cut is not None:
            for dropped in self._rooms[cut + 1 :]:
                del self._position[dropped]
            del self._rooms[cut + 1 :]
        else:
            self._position[room] = len(self._rooms)
            self._rooms.append(room)

    @property
    def current(self) -> Cell:
        """Where the player stands."""
        return self._rooms[-1]

    @property
    def rooms(self) -> tuple[Cell, ...]:
        """The trail, entrance first, current room last."""
        return tuple(self._rooms)

    def step(self, room: Cell) -> None:
        """Record a move to neighbouring `room` (already checked legal), popping or cutting if needed."""
        facing = direction_between(self.current, room)
        if facing is not None:
            self.facing = facing
        self._enter(room)

    def __contains__(self, room: object) -> bool:
        return room in self._position

    def __len__(self) -> int:
        return len(self._rooms)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._rooms)
