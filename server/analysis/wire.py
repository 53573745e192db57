"""The race analysis in the form `GET /api/races/{id}/analysis` sends (docs/protocol.md, "Race analysis").

Cells are `[r, c]` as everywhere on the wire, times race ms. Routes (a racer's walk: up to 45,000 moves)
and the shortest path are packed cell lists like a hint's path (`wire.PackedCells`, docs/protocol.md,
"Cell lists": 2 bytes a cell in base64), so the biggest race's 16 routes are about 2 MB before gzip.
"""

from typing import NotRequired, TypedDict

from server.analysis.race_records import (
    DeadEndVisit,
    HintReport,
    PlayerAnalysis,
    RaceAnalysis,
    Segment,
    WrongTurn,
)
from server.maze.wire import PackedCells


class VisitJson(TypedDict):
    cell: list[int]
    came_from: list[int]
    entered: int
    left: int | None
    spent: int
    depth: int
    steps: int
    kind: str


class WrongTurnJson(TypedDict):
    t: int
    came_from: list[int]
    cell: list[int]


class HintJson(TypedDict):
    t: int
    method: str
    found: bool
    cell: list[int]
    cost: int
    on_way: bool
    saved_cells: int | None
    saved_steps: int | None
    saved: int | None


class SegmentJson(TypedDict):
    index: int
    theirs: int
    winners: int | None
    loss: int | None
    reached: bool


class PlayerAnalysisJson(TypedDict):
    id: str
    name: str
    colour: str
    finished: bool
    end: int
    penalty: int
    moves: int
    route: str
    dead_ends: list[VisitJson]
    dead_end_time: int
    first_wrong_turn: WrongTurnJson | None
    hints: list[HintJson]
    splits: list[int | None]
    segments: list[SegmentJson]
    biggest_loss: SegmentJson | None
    bottleneck_splits: list[int | None]
    bot: NotRequired[str]
    """Only a bot's: its kind, as a result row has it."""


class AnalysisJson(TypedDict):
    cols: int
    shortest_path: str
    checkpoints: list[int]
    bottlenecks: list[list[int]]
    winner: str | None
    players: list[PlayerAnalysisJson]


def pack_cells(cells: tuple[int, ...], size: int, cols: int) -> str:
    """Flat cell indices as a packed cell list (`wire.PackedCells`)."""
    return PackedCells.pack(cells, size, cols).to_wire()


def unpack_cells(text: str, size: int, cols: int) -> tuple[int, ...]:
    """Inverse of `pack_cells` (for tests and tools)."""
    return tuple(PackedCells.from_wire(text, size, cols).indices())


def _visit(v: DeadEndVisit) -> VisitJson:
    return {
        "cell": list(v.cell),
        "came_from": list(v.came_from),
        "entered": v.entered_ms,
        "left": v.left_ms,
        "spent": v.spent_ms,
        "depth": v.depth,
        "steps": v.steps,
        "kind": v.kind,
    }


def _wrong(w: WrongTurn | None) -> WrongTurnJson | None:
    return None if w is None else {"t": w.t_ms, "came_from": list(w.came_from), "cell": list(w.cell)}


def _hint(h: HintReport) -> HintJson:
    return {
        "t": h.t_ms,
        "method": h.method,
        "found": h.found,
        "cell": list(h.cell),
        "cost": h.cost_ms,
        "on_way": h.on_way,
        "saved_cells": h.saved_cells,
        "saved_steps": h.saved_steps,
        "saved": h.saved_ms,
    }


def _segment(s: Segment | None) -> SegmentJson | None:
    if s is None:
        return None
    return {
        "index": s.index,
        "theirs": s.theirs_ms,
        "winners": s.winners_ms,
        "loss": s.loss_ms,
        "reached": s.reached,
    }


def _player(p: PlayerAnalysis, size: int, cols: int) -> PlayerAnalysisJson:
    wire: PlayerAnalysisJson = {
        "id": p.id,
        "name": p.name,
        "colour": p.colour,
        "finished": p.finished,
        "end": p.end_ms,
        "penalty": p.penalty_ms,
        "moves": p.moves,
        "route": pack_cells(p.route, size, cols),
        "dead_ends": [_visit(v) for v in p.dead_ends],
        "dead_end_time": p.dead_end_ms,
        "first_wrong_turn": _wrong(p.first_wrong_turn),
        "hints": [_hint(h) for h in p.hints],
        "splits": list(p.splits),
        "segments": [s for s in map(_segment, p.segments) if s is not None],
        "biggest_loss": _segment(p.biggest_loss),
        "bottleneck_splits": list(p.bottleneck_splits),
    }
    if p.bot is not None:
        wire["bot"] = p.bot
    return wire


def analysis_json(analysis: RaceAnalysis) -> AnalysisJson:
    """The wire form of a race's analysis."""
    size, cols = analysis.rows * analysis.cols, analysis.cols
    return {
        "cols": analysis.cols,
        "shortest_path": pack_cells(analysis.shortest_path, size, cols),
        "checkpoints": list(analysis.checkpoints),
        "bottlenecks": [list(b) for b in analysis.bottlenecks],
        "winner": analysis.winner,
        "players": [_player(p, size, cols) for p in analysis.players],
    }
