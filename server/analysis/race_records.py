"""The records a race analysis is made of: each racer's dead-end visits, first wrong turn, hints,
checkpoint segments, and the race's whole analysis. `server.analysis.race` defines the terms and
builds them.
"""

from dataclasses import dataclass

from server.analysis.maze_map import RegionKind
from server.maze.model import Cell


@dataclass(frozen=True)
class DeadEndVisit:
    """One visit to a side region (`server.analysis.race` docstring)."""

    cell: Cell
    came_from: Cell
    entered_ms: int
    left_ms: int | None
    spent_ms: int
    depth: int
    steps: int
    kind: RegionKind


@dataclass(frozen=True)
class WrongTurn:
    """The first step off every shortest way from where the player stood."""

    t_ms: int
    came_from: Cell
    cell: Cell


@dataclass(frozen=True)
class HintReport:
    """A hint, what it cost and (off the way) what it saved."""

    t_ms: int
    method: str
    found: bool
    cell: Cell
    cost_ms: int
    on_way: bool
    saved_cells: int | None
    saved_steps: int | None
    saved_ms: int | None


@dataclass(frozen=True)
class Segment:
    """The stretch from checkpoint `index - 1` (0: the start) to checkpoint `index`."""

    index: int
    theirs_ms: int
    winners_ms: int | None
    loss_ms: int | None
    reached: bool


@dataclass(frozen=True)
class PlayerAnalysis:
    """One racer's race explained (`server.analysis.race` docstring)."""

    id: str
    name: str
    colour: str
    finished: bool
    end_ms: int
    """When their race ended: their race time (start to the exit, without hints), else the race's end."""
    penalty_ms: int
    """What their hints added to the race time: the result's penalty. Race time plus this ranks."""
    moves: int
    route: tuple[int, ...]
    """Flat cell indices, the entrance first."""
    dead_ends: tuple[DeadEndVisit, ...]
    dead_end_ms: int
    first_wrong_turn: WrongTurn | None
    hints: tuple[HintReport, ...]
    splits: tuple[int | None, ...]
    segments: tuple[Segment, ...]
    biggest_loss: Segment | None
    bottleneck_splits: tuple[int | None, ...]
    bot: str | None
    """A bot's kind (its result row's `bot`), so a page can name it in its own words; None for a person."""


@dataclass(frozen=True)
class RaceAnalysis:
    """Every racer's analysis, and what they are drawn and timed against."""

    rows: int
    cols: int
    shortest_path: tuple[int, ...]
    checkpoints: tuple[int, ...]
    """Distance left to the exit at each checkpoint."""
    bottlenecks: tuple[Cell, ...]
    winner: str | None
    players: tuple[PlayerAnalysis, ...]
