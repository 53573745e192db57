"""The four directions of a move and the arrows that show a player's facing (seed 000: ▷◁△▽)."""

from enum import StrEnum

from server.game.errors import IllegalMove
from server.game.maze import Cell


class Direction(StrEnum):
    """A move direction, named as the protocol and the CLI spell it."""

    UP = "up"
    RIGHT = "right"
    DOWN = "down"
    LEFT = "left"

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
}
_ARROWS = {Direction.UP: "△", Direction.RIGHT: "▷", Direction.DOWN: "▽", Direction.LEFT: "◁"}
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
