"""Build a maze from its full description: a pure function of (algorithm, size, openings, braid, seed,
bias, directions), or a hand-made maze carried whole (`MazeSpec.layout`)."""

import random
from dataclasses import dataclass
from typing import TypeGuard

from server.errors import BadSettings
from server.maze.generators import (
    ALGORITHMS,
    BIASES,
    DEFAULT_BIAS,
    PERFECT,
    check_directions,
    classic,
    growing_tree,
)
from server.maze.generators.braid import braid as braid_walls
from server.maze.model import Maze, check_size
from server.maze.openings import OPENINGS, place_openings

MAX_SEED = 2**63 - 1


def is_number_within(value: object, low: float, high: float) -> TypeGuard[int | float]:
    """Whether `value` is a JSON number (not a bool) from `low` to `high`.

    Compared exactly, never converted: a JSON reader gives an integer of any size for a long run of
    digits, and such an integer overflows a float (`math.isfinite(10**400)` raises); NaN fails every
    comparison, so it is refused too.
    """
    return not isinstance(value, bool) and isinstance(value, int | float) and low <= value <= high


@dataclass(frozen=True)
class MazeSpec:
    """Everything that decides a maze; equal specs give equal mazes."""

    algorithm: str
    rows: int
    cols: int
    seed: int
    braid: float = 0.0
    openings: str = "corners"
    bias: str = DEFAULT_BIAS
    """How `growing-tree` picks the cell it grows from; the other generators take only the default."""
    directions: int = 4
    """4, or 8 for cells that also join at their corners (not every generator has that form)."""
    layout: Maze | None = None
    """A hand-made (published) maze, raced as it is: its size and directions are the spec's, and the
    generator's fields decide nothing. It travels inside the spec so that a start command (and the
    log that keeps it) holds the very maze, and a replay of the commands needs no store."""

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise BadSettings(f"algorithm must be one of {', '.join(ALGORITHMS)}, got {self.algorithm!r}")
        check_size(self.rows, self.cols)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise BadSettings("seed must be a whole number")
        if not 0 <= self.seed <= MAX_SEED:
            raise BadSettings(f"seed must be between 0 and {MAX_SEED}")
        if not is_number_within(self.braid, 0, 1):
            raise BadSettings("braid must be a number between 0 and 1")
        if self.openings not in OPENINGS:
            raise BadSettings(f"openings must be one of {', '.join(OPENINGS)}")
        if self.bias not in BIASES:
            raise BadSettings(f"bias must be one of {', '.join(BIASES)}")
        if self.bias != DEFAULT_BIAS and self.algorithm != "growing-tree":
            raise BadSettings("bias is a setting of the growing-tree generator only")
        if isinstance(self.directions, bool) or not isinstance(self.directions, int):
            raise BadSettings("directions must be 4 or 8")
        if self.layout is None:
            check_directions(self.algorithm, self.directions)
        elif (self.rows, self.cols, self.directions) != (
            self.layout.rows,
            self.layout.cols,
            self.layout.directions,
        ):
            raise BadSettings("a hand-made maze's spec must have the maze's size and directions")


def generate(spec: MazeSpec) -> Maze:
    """The maze of `spec`: openings, then walls, then braiding, all drawn from one seeded Random; a
    hand-made maze is its own answer."""
    if spec.layout is not None:
        return spec.layout
    rng = random.Random(spec.seed)
    rows, cols, directions = spec.rows, spec.cols, spec.directions
    entrance, exit = place_openings(spec.openings, rows, cols, rng)
    if spec.algorithm == "classic":
        start, goal = entrance[0] * cols + entrance[1], exit[0] * cols + exit[1]
        walls = classic.carve(rows, cols, rng, start, goal, directions)
    elif spec.algorithm == "growing-tree":
        walls = growing_tree.carve(rows, cols, rng, directions, spec.bias)
    else:
        walls = PERFECT[spec.algorithm](rows, cols, rng, directions)
    braid_walls(walls, cols, spec.braid, rng)
    return Maze.from_walls(rows, cols, walls, entrance, exit)
