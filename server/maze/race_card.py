"""The difficulty card of a race's maze: `difficulty.analyse` in the form the wire, the store and the
replay carry it.

The card is a pure function of the maze, so it is never kept in a room's state: whoever builds the
maze (`server.runtime.course.build_course`, off the event loop: about 0.1 s at 150 x 150) builds the card with
it, and it is kept beside the maze for as long as the maze lives, as the hint tree is. A room rebuilt
from its log on another process rebuilds its maze, and so its card, from the maze spec.

The number of shortest routes can be far larger than a JavaScript number holds exactly (a classic
150 x 150 maze has some 10^36): `count_json` sends it as a JSON number up to 2^53 - 1 and as the
string of its decimal digits beyond, exact either way.
"""

import weakref
from typing import TypedDict

from server.maze.difficulty import analyse
from server.maze.model import Maze

MAX_EXACT_NUMBER = 2**53 - 1
"""The largest whole number every JSON reader (a JavaScript number) holds exactly."""

Count = int | str
"""A count on the wire: a number up to `MAX_EXACT_NUMBER`, beyond that its decimal digits as a string."""


class DifficultyCard(TypedDict):
    """How hard a race's maze is (docs/protocol.md, "Difficulty card"), measured from the entrance to
    the exit. `bottlenecks` is only a count: the cells themselves would show the way."""

    cells: int
    solution_length: int | None
    dead_ends: int
    dead_end_share: float
    decision_points: int
    longest_dead_end: int
    shortest_paths: Count
    bottlenecks: int


def count_json(count: int) -> Count:
    """`count` as the wire carries it, exact: a number when JSON readers hold it exactly, else digits."""
    return count if count <= MAX_EXACT_NUMBER else str(count)


def card_for(maze: Maze) -> DifficultyCard:
    """Measure `maze` (a tenth of a second at 150 x 150: build it where the maze is built)."""
    found = analyse(maze)
    return {
        "cells": found.cells,
        "solution_length": found.solution_length,
        "dead_ends": found.dead_ends,
        "dead_end_share": round(found.dead_end_share, 4),
        "decision_points": found.decision_points,
        "longest_dead_end": found.longest_dead_end,
        "shortest_paths": count_json(found.shortest_paths),
        "bottlenecks": len(found.bottlenecks),
    }


_CARDS: "weakref.WeakKeyDictionary[Maze, DifficultyCard]" = weakref.WeakKeyDictionary()
"""Each live maze's card, kept as long as the maze is."""


def card_of(maze: Maze) -> DifficultyCard:
    """The maze's card, measured on first use and kept while the maze lives. The server measures it
    when it makes the maze, in the worker thread, so later calls (on the event loop) only look it up."""
    card = _CARDS.get(maze)
    if card is None:
        card = _CARDS[maze] = card_for(maze)
    return card


def keep_card(maze: Maze, card: DifficultyCard) -> None:
    """Keep `card` as `maze`'s (measured elsewhere, such as in the worker process that made the maze)."""
    _CARDS[maze] = card


def built_card(maze: Maze) -> DifficultyCard | None:
    """The maze's card if it is measured already (never measures)."""
    return _CARDS.get(maze)
