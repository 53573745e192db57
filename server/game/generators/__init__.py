"""Maze generators by name.

Each generator carves walls for a rows x cols maze from a passed-in `random.Random`, so the same seed
gives the same maze on every machine; none touches the global random. `classic` also needs the
entrance and exit, because it redraws until they are connected; the perfect generators connect all.
"""

import random
from collections.abc import Callable

from server.game.generators import backtracker, division, kruskal, prim, wilson

Carver = Callable[[int, int, random.Random], tuple[bytearray, bytearray]]

PERFECT: dict[str, Carver] = {
    "backtracker": backtracker.carve,
    "prim": prim.carve,
    "kruskal": kruskal.carve,
    "division": division.carve,
    "wilson": wilson.carve,
}
"""Generators with exactly one path between any two cells."""

ALGORITHMS: tuple[str, ...] = ("classic", *PERFECT)
"""Every generator name, the seed-000 one first."""
