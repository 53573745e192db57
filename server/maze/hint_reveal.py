"""How much of a hint's way a racer is shown: the whole way (the original exercise's full solution), or
only the way on to the next junction, so that one hint helps without deciding the race.

A junction is the first cell along the way, after at least one step, where the racer has a choice: a
cell with more than two open neighbours in the maze's topology (4 or 8 directions). The exit counts as
one too, since a way never runs on past it. Every way a hint draws is cut the same way: the way on, the
trail back when the racer must back up first, and in a fog race the way to the nearest unseen cell. The
answer's single cells stay as they are: the first step (the direction to take), how far to back up
(`back_to`: the racer walked that trail, so naming its end shows no new way) and the unseen cell to
explore towards.
"""

from dataclasses import replace
from typing import Literal

from server.maze.hint_answer import Hint
from server.maze.model import Maze
from server.maze.wire import PackedCells

HINT_REVEALS: tuple[str, ...] = ("junction", "whole")
"""The `hint_reveal` room setting's values; the first is the default."""

CUT_STEPS = 8
"""Most steps a cut way shows when no junction comes sooner. A corridor needs no help to follow, and
without a cap a hint in a maze of long corridors (a binary-tree or sidewinder maze, or a long dead-end
run) would still show most of the way; 8 steps is a quarter of the easy preset's way (a median of 32
steps from the entrance of a 10 x 10 backtracker maze), and enough to see which way a corridor turns."""

Cut = Literal["junction", "steps"]
"""Why a shown way stops before the whole way's end: at the next junction, or after CUT_STEPS steps."""


def cut_length(maze: Maze, way: PackedCells) -> tuple[int, Cut | None]:
    """How many cells of `way` (a hint's cell list, the racer's cell first) the cut way keeps, and why it
    stops there (None when it keeps the whole way)."""
    indices, exit = way.indices(), maze.index(maze.exit)
    last = len(indices) - 1
    for step in range(1, last):
        cell = indices[step]
        if cell == exit or maze.degree(cell) > 2:
            return step + 1, "junction"
        if step == CUT_STEPS:
            return step + 1, "steps"
    return len(indices), None


def cut_cells(maze: Maze, way: PackedCells) -> tuple[PackedCells, Cut | None]:
    """The cut way of `way`: its first `cut_length` cells (a prefix, so still packed), and why it stops."""
    keep, cut = cut_length(maze, way)
    if cut is None:
        return way, None
    return PackedCells(way.data[: keep * way.width], way.cols, way.width), cut


def cut_hint(maze: Maze, answer: Hint) -> tuple[Hint, Cut | None]:
    """`answer` with its way cut (`cut_cells`), and why that way stops early (None when nothing was cut).
    A hint has at most one way: the way on, or else the trail back, or else (in fog) the way to explore.
    The cut `Hint` names its cut ways' ends as `back_to` and `explore`; the room's views keep the whole
    answer's (see the module's docstring)."""
    if answer.path_cells is not None:
        path, cut = cut_cells(maze, answer.path_cells)
        return replace(answer, path_cells=path), cut
    if answer.back_cells is not None:
        back, cut = cut_cells(maze, answer.back_cells)
        return replace(answer, back_cells=back), cut
    if answer.explore_cells is not None:
        explore, cut = cut_cells(maze, answer.explore_cells)
        return replace(answer, explore_cells=explore), cut
    return answer, None
