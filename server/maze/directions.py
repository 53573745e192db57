"""The directions of a move and the arrows that show a player's facing.

Four in every maze (the original exercise's arrows ▷◁△▽), and the four diagonals in an 8-direction maze,
shown by the corner triangles ◹◿◺◸."""

from enum import StrEnum

from server.errors import IllegalMove
from server.maze.model import Cell


class Direction(StrEnum):
    """A move direction, named as the protocol and the CLI spell it."""

    UP = "up"
    RIGHT = "right"
    DOWN = "down"
    LEFT = "left"
    UP_RIGHT = "up-right"
    DOWN_RIGHT = "down-right"
    DOWN_LEFT = "down-left"
    UP_LEFT = "up-left"

    @property
    def diagonal(self) -> bool:
        """Whether this direction only exists in an 8-direction maze."""
        return self in _DIAGONALS

    @property
    def delta(self) -> Cell:
        """(row, column) step of this direction."""
        return _DELTAS[self]

    @property
    def arrow(self) -> str:
        """The seed-000 arrow for a player facing this way."""
        return _ARROWS[self]

    def step(self, cell: Cell) -> Cell:
        """The cell one step away from `cell` in this direction."""
        dr, dc = _DELTAS[self]
        return cell[0] + dr, cell[1] + dc


_DELTAS: dict[Direction, Cell] = {
    Direction.UP: (-1, 0),
    Direction.RIGHT: (0, 1),
    Direction.DOWN: (1, 0),
    Direction.LEFT: (0, -1),
    Direction.UP_RIGHT: (-1, 1),
    Direction.DOWN_RIGHT: (1, 1),
    Direction.DOWN_LEFT: (1, -1),
    Direction.UP_LEFT: (-1, -1),
}
_DIAGONALS = frozenset(d for d, (dr, dc) in _DELTAS.items() if dr and dc)
_ARROWS = {
    Direction.UP: "△",
    Direction.RIGHT: "▷",
    Direction.DOWN: "▽",
    Direction.LEFT: "◁",
    Direction.UP_RIGHT: "◹",
    Direction.DOWN_RIGHT: "◿",
    Direction.DOWN_LEFT: "◺",
    Direction.UP_LEFT: "◸",
}
_BY_DELTA = {delta: direction for direction, delta in _DELTAS.items()}


def parse_direction(text: object) -> Direction:
    """A direction from its name; anything else is an `IllegalMove` with code `bad_direction`."""
    if isinstance(text, str):
        try:
            return Direction(text.strip().lower())
        except ValueError:
            pass
    names = ", ".join(d.value for d in Direction)
    raise IllegalMove(f"direction must be one of {names}", code="bad_direction")


def direction_between(a: Cell, b: Cell) -> Direction | None:
    """The direction from cell `a` to neighbouring cell `b`, or None if they are not neighbours."""
    return _BY_DELTA.get((b[0] - a[0], b[1] - a[1]))
