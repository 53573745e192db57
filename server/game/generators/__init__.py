"""Maze generators by name.

Each generator carves walls for a rows x cols maze from a passed-in `random.Random`, so the same seed
gives the same maze on every machine; none touches the global random. `classic` also needs the
entrance and exit, because it redraws until they are connected; the perfect generators connect all.
`growing-tree` also takes a bias (`growing_tree.BIASES`); in `PERFECT` it has its default, newest.
"""

import random
from collections.abc import Callable

from server.game.generators import (
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

Carver = Callable[[int, int, random.Random], tuple[bytearray, bytearray]]

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
