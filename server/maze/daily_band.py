"""The daily maze's difficulty band: every day's maze of a preset is about as hard as any other day's.

The score is the number of decision points on the shortest way (`difficulty.decision_points`): the
cells where a racer on the way to the exit has more than one way forward, the choices they must get
right. One breadth-first search gives it, so scoring a candidate costs about what making it does.

Generators differ far more than seeds do (at 50 x 50 the middle half of a backtracker maze's scores
is 33-48, of recursive division's 78-105), so a single band per preset would leave most generators
no maze at all. The band is therefore per preset and generator: the middle half (the quartiles) of
that generator's scores at that size, on the daily maze's rules (braid 0.1, corner openings),
measured over 300 seeds by `python -m tests.bench daily_band`, which prints these numbers again. The
generator itself is drawn from the date (`daily.daily_settings`).

The day's seed is the first of a fixed sequence of candidates (`daily.candidate_seeds`, from the
date's digest) whose maze scores inside the band. At least half of all seeds are in it, so the first
candidate is in the band about half the time and all `MAX_TRIES` miss about once in 4 billion days;
then (the documented fallback) the candidate scoring nearest the band wins, the earliest on a tie.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from server.maze.difficulty import decision_points
from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze

MAX_TRIES = 32
"""Candidates scored at most before the fallback (2 s for the hard preset's slowest generator)."""

DAILY_BRAID = 0.1
"""Share of dead ends the daily maze removes (`daily.daily_settings`); the bands are measured with it."""


@dataclass(frozen=True)
class Band:
    """Scores from `low` to `high`, both included."""

    low: int
    high: int

    def distance(self, score: int) -> int:
        """How far `score` lies outside the band (0 inside)."""
        return max(self.low - score, 0, score - self.high)


BANDS: dict[str, dict[str, Band]] = {
    "easy": {
        "backtracker": Band(4, 7),
        "prim": Band(10, 13),
        "kruskal": Band(9, 12),
        "division": Band(9, 12),
        "wilson": Band(9, 12),
        "aldous-broder": Band(9, 12),
        "hunt-and-kill": Band(4, 7),
        "growing-tree": Band(4, 7),
        "sidewinder": Band(8, 11),
        "binary-tree": Band(7, 11),
        "eller": Band(9, 12),
    },
    "medium": {
        "backtracker": Band(33, 46),
        "prim": Band(67, 75),
        "kruskal": Band(70, 82),
        "division": Band(79, 102),
        "wilson": Band(69, 82),
        "aldous-broder": Band(68, 82),
        "hunt-and-kill": Band(31, 39),
        "growing-tree": Band(34, 46),
        "sidewinder": Band(55, 63),
        "binary-tree": Band(46, 53),
        "eller": Band(65, 77),
    },
    "hard": {
        "backtracker": Band(76, 102),
        "prim": Band(141, 153),
        "kruskal": Band(149, 172),
        "division": Band(183, 233),
        "wilson": Band(146, 165),
        "aldous-broder": Band(148, 167),
        "hunt-and-kill": Band(69, 80),
        "growing-tree": Band(75, 100),
        "sidewinder": Band(116, 128),
        "binary-tree": Band(94, 104),
        "eller": Band(141, 161),
    },
}
"""The band of each preset and generator (see the module docstring)."""


def daily_score(maze: Maze) -> int:
    """The score the band is of: decision points on the shortest way."""
    return decision_points(maze)


def pick_seed(
    candidates: Iterable[int], spec_of: Callable[[int], MazeSpec], band: Band, tries: int = MAX_TRIES
) -> int:
    """The first of `candidates` (at most `tries` of them) whose maze (`spec_of(seed)`) scores in
    `band`; when none does, the one scoring nearest the band, the earliest on a tie."""
    best: tuple[int, int] | None = None  # (distance from the band, seed)
    for k, seed in enumerate(candidates):
        if k == tries:
            break
        distance = band.distance(daily_score(generate(spec_of(seed))))
        if distance == 0:
            return seed
        if best is None or distance < best[0]:
            best = (distance, seed)
    if best is None:
        raise ValueError("no candidate seed to pick from")
    return best[1]
