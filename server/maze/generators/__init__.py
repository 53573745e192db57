"""Maze generators by name.

Each generator carves the passages (`walls.Walls`) of a rows x cols maze in 4 or 8 directions from a
passed-in `random.Random`, so the same seed gives the same maze on every machine; none touches the global
random. `classic` also needs the entrance and exit, because it redraws until they are connected; the
perfect generators connect all. `growing-tree` also takes a bias (`growing_tree.BIASES`); in `PERFECT`
it has its default, newest. `grid.FOUR_ONLY` lists the generators with no 8-direction form.
"""

import random
from collections.abc import Callable

from server.maze.generators import (
    aldous_broder,
    backtracker,
    binary_tree,
    division,
    eller,
    growing_tree,
    hunt_and_kill,
    kruskal,
    prim,
    sidewinder,
    wilson,
)
from server.maze.generators.grid import FOUR_ONLY, check_directions
from server.maze.walls import Walls

Carver = Callable[[int, int, random.Random, int], Walls]
"""(rows, cols, rng, directions) to the carved passages."""

PERFECT: dict[str, Carver] = {
    "backtracker": backtracker.carve,
    "prim": prim.carve,
    "kruskal": kruskal.carve,
    "division": division.carve,
    "wilson": wilson.carve,
    "aldous-broder": aldous_broder.carve,
    "hunt-and-kill": hunt_and_kill.carve,
    "growing-tree": growing_tree.carve,
    "sidewinder": sidewinder.carve,
    "binary-tree": binary_tree.carve,
    "eller": eller.carve,
}
"""Generators with exactly one path between any two cells."""

ALGORITHMS: tuple[str, ...] = ("classic", *PERFECT)
"""Every generator name, the seed-000 one first."""

BIASES = growing_tree.BIASES
"""How `growing-tree` picks the cell it grows from."""
DEFAULT_BIAS = "newest"

EIGHT_DIRECTION_ALGORITHMS: tuple[str, ...] = tuple(name for name in ALGORITHMS if name not in FOUR_ONLY)
"""The generators that also carve 8-direction mazes."""

__all__ = [
    "ALGORITHMS",
    "BIASES",
    "DEFAULT_BIAS",
    "EIGHT_DIRECTION_ALGORITHMS",
    "PERFECT",
    "check_directions",
]
