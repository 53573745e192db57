"""Where the entrance and exit go: the corners, as most of the original
exercises have them, or two different sides, as the moving maze has them (docs/origins.md)."""

import random

from server.errors import BadSettings
from server.maze.model import Cell

OPENINGS: tuple[str, ...] = ("corners", "edges")

TOP, RIGHT, BOTTOM, LEFT = range(4)


def _cell_on_side(side: int, rows: int, cols: int, rng: random.Random) -> Cell:
    if side in (TOP, BOTTOM):
        return (0 if side == TOP else rows - 1, int(rng.random() * cols))
    return (int(rng.random() * rows), cols - 1 if side == RIGHT else 0)


def place_openings(kind: str, rows: int, cols: int, rng: random.Random) -> tuple[Cell, Cell]:
    """Entrance and exit cells; `edges` puts them on two different sides, at random places."""
    if kind == "corners":
        return (0, 0), (rows - 1, cols - 1)
    if kind != "edges":
        raise BadSettings(f"openings must be one of {', '.join(OPENINGS)}, got {kind!r}")
    entrance_side = int(rng.random() * 4)
    exit_side = (entrance_side + 1 + int(rng.random() * 3)) % 4
    while True:
        entrance = _cell_on_side(entrance_side, rows, cols, rng)
        exit = _cell_on_side(exit_side, rows, cols, rng)
        if entrance != exit:  # a corner cell lies on two sides
            return entrance, exit
