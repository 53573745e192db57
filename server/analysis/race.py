"""The race explained: each player's walk set against the shortest way, from the stored log.

`analyse_race(maze, log, results, duration_ms)` reads a finished race (its maze, its `RaceLog`, its
result rows) and returns one `PlayerAnalysis` a racer. The terms (cells on a shortest way, side regions,
depth, what a cell cuts off) are defined in `server/analysis/maze_map.py`; on top of them:

- **route**: the cells a player stood on, in order: the entrance, then the cell of every move.
- **dead-end visit**: a maximal run of a player's consecutive positions inside one side region. It is
  *entered* by the move into the region (`cell`, from the shortest-way cell `came_from`, at
  `entered_ms`) and *left* by the move back onto a shortest way (`left_ms`; None when the player was
  still inside when their race ended). `spent_ms` runs from entering to leaving, or to the end of their
  race; `depth` is the deepest cell (`analysis_map` depth) they stood on during the visit; `steps` the
  moves from entering to leaving, both counted. `kind` is the region's (`dead_end` or `detour`).
- **first wrong turn**: the first move from a cell `a` on a shortest way into a cell `b` that is not
  one step nearer the exit (`to_exit[b] != to_exit[a] - 1`): `b` lies on no shortest way from `a`.
  Stepping back along the way counts; every dead-end visit begins with one, so it comes first.
- **hint**: its race time, method and whether it found the way; `cost_ms`, the penalty the race
  charged for it (the result's `penalty` over its `hints`: what the rules charged, read back, not
  re-typed); and `saved`: None when the player stood on a shortest way when asking (they were on the
  way already, and a hint there saves nothing we can count). Inside a side region, `saved_cells` is
  the number of cells that the cell they asked from cuts off from the shortest way and that they never
  stood on in the race (the part of the dead end beyond them they then did not search), `saved_steps`
  twice that (walking into a part that leads nowhere takes a step in and a step back out for each cell),
  and `saved_ms` those steps at their own pace so far (race ms per move before the hint). An estimate
  of the search the hint spared them: it assumes they would have searched all of it, and counts
  nothing they walked.
- **splits**: `CHECKPOINTS` checkpoints along the way by distance left: checkpoint `i` (1..n, with
  `n = min(CHECKPOINTS, length)`) is reached at the first move into a cell at most
  `length * (n - i) // n` steps from the exit (the last one is the exit), in race ms without hint
  penalties; None when never reached. Splits never decrease. **segments** compare each stretch
  between checkpoints with the winner's (the first-ranked finisher): `loss_ms` is theirs minus the
  winner's. A racer who did not finish has one last open segment (`reached` false), timed to the end
  of their race: a lower bound. `biggest_loss` is the segment with the largest positive loss.
- **bottleneck splits**: the first arrival at each of at most `MAX_BOTTLENECKS` bottlenecks (cells
  every route passes, evenly spaced along the way when there are more), in route order; every route
  passes them in that order, so these never decrease either.

Pure: the same race always gives the same analysis. Linear in the maze and the log.
"""

from collections.abc import Sequence

from server.analysis.maze_map import RaceMap, race_map
from server.analysis.race_records import (
    DeadEndVisit,
    HintReport,
    PlayerAnalysis,
    RaceAnalysis,
    Segment,
    WrongTurn,
)
from server.maze.model import Maze
from server.room.racelog import LOGGED_METHODS, RaceLog
from server.room.results import ResultRow

CHECKPOINTS = 10
MAX_BOTTLENECKS = 12


def checkpoint_distances(length: int, count: int = CHECKPOINTS) -> tuple[int, ...]:
    """The distance left at each checkpoint, decreasing to 0 (empty for a zero-length way)."""
    n = min(count, length)
    return tuple(length * (n - i) // n for i in range(1, n + 1))


def spaced(cells: Sequence[int], most: int = MAX_BOTTLENECKS) -> tuple[int, ...]:
    """At most `most` of `cells`, evenly spaced and in order (all of them when there are no more)."""
    if len(cells) <= most:
        return tuple(cells)
    return tuple(cells[(len(cells) * (2 * i + 1)) // (2 * most)] for i in range(most))


def analyse_race(maze: Maze, log: RaceLog, results: Sequence[ResultRow], duration_ms: int) -> RaceAnalysis:
    """Explain a stored race: one `PlayerAnalysis` a result row, in the rows' order."""
    where = race_map(maze)
    checkpoints = checkpoint_distances(where.length)
    bottlenecks = spaced(where.bottlenecks)
    entries = _entries_by_player(log)
    first = next((row for row in results if not row["dnf"] and row["rank"] == 1), None)
    walks = {
        row["id"]: _Walk(where, row, entries.get(row["id"], ([], [])), duration_ms, checkpoints, bottlenecks)
        for row in results
    }
    winner = walks[first["id"]] if first is not None else None
    return RaceAnalysis(
        rows=maze.rows,
        cols=maze.cols,
        shortest_path=where.shortest_path,
        checkpoints=checkpoints,
        bottlenecks=tuple(maze.cell(b) for b in bottlenecks),
        winner=first["id"] if first is not None else None,
        players=tuple(walk.analysis(winner) for walk in walks.values()),
    )


def _entries_by_player(log: RaceLog) -> dict[str, tuple[list[int], list[int]]]:
    """Each player's (times, whats) in log order."""
    split: list[tuple[list[int], list[int]]] = [([], []) for _ in log.players]
    for t, who, what in zip(log.times, log.who, log.what, strict=True):
        times, whats = split[who]
        times.append(t)
        whats.append(what)
    return dict(zip(log.players, split, strict=True))


class _Walk:
    """One player's pass over their log entries."""

    def __init__(
        self,
        where: RaceMap,
        row: ResultRow,
        entries: tuple[list[int], list[int]],
        duration_ms: int,
        checkpoints: tuple[int, ...],
        bottlenecks: tuple[int, ...],
    ) -> None:
        self.row = row
        self.where = where
        times, whats = entries
        finished = not row["dnf"] and row["time"] is not None
        end = row["time"] if finished and row["time"] is not None else duration_ms
        self.end_ms = max([end, *times[-1:]])
        self.finished = finished
        self.hint_cost = row["penalty"] // row["hints"] if row["hints"] else 0
        maze = where.maze
        here = maze.index(maze.entrance)
        self.route = [here]
        self.visits: list[DeadEndVisit] = []
        self.wrong: WrongTurn | None = None
        self.splits: list[int | None] = [None] * len(checkpoints)
        self.at_bottleneck: dict[int, int] = {}
        asked: list[tuple[int, str, bool, int, int]] = []  # t, method, found, cell, moves before
        wanted = set(bottlenecks)
        on_way, region, to_exit, depth = where.on_way, where.region, where.to_exit, where.depth
        next_checkpoint = 0
        open_visit: list[int] | None = None  # cell, came_from, entered, depth, steps
        for t, what in zip(times, whats, strict=True):
            if what < 0:
                code = -1 - what
                asked.append((t, LOGGED_METHODS[code >> 1], bool(code & 1), here, len(self.route) - 1))
                continue
            cell = what
            if self.wrong is None and on_way[here] and to_exit[cell] != to_exit[here] - 1:
                self.wrong = WrongTurn(t, maze.cell(here), maze.cell(cell))
            if open_visit is not None:
                open_visit[4] += 1
                if on_way[cell]:
                    self._close(open_visit, t)
                    open_visit = None
                else:
                    open_visit[3] = max(open_visit[3], depth[cell])
            elif region[cell] >= 0:
                open_visit = [cell, here, t, depth[cell], 1]
            while next_checkpoint < len(checkpoints) and to_exit[cell] <= checkpoints[next_checkpoint]:
                self.splits[next_checkpoint] = t
                next_checkpoint += 1
            if cell in wanted and cell not in self.at_bottleneck:
                self.at_bottleneck[cell] = t
            self.route.append(cell)
            here = cell
        if open_visit is not None:
            self._close(open_visit, None)
        self.bottleneck_splits = tuple(self.at_bottleneck.get(b) for b in bottlenecks)
        self.hints = self._hints(asked)

    def _close(self, visit: list[int], left: int | None) -> None:
        cell, came_from, entered, deepest, steps = visit
        maze = self.where.maze
        spent = (left if left is not None else self.end_ms) - entered
        kind = self.where.kinds[self.where.region[cell]]
        self.visits.append(
            DeadEndVisit(maze.cell(cell), maze.cell(came_from), entered, left, spent, deepest, steps, kind)
        )

    def _hints(self, asked: list[tuple[int, str, bool, int, int]]) -> tuple[HintReport, ...]:
        where = self.where
        walked = sorted({where.order[c] for c in self.route if where.order[c] >= 0})
        reports = []
        for t, method, found, cell, moves in asked:
            on_way = bool(where.on_way[cell])
            cells = steps = saved = None
            if not on_way:
                cells = where.cut_off(cell, walked)
                steps = 2 * cells
                saved = round(steps * t / moves) if moves else 0
            at = where.maze.cell(cell)
            reports.append(HintReport(t, method, found, at, self.hint_cost, on_way, cells, steps, saved))
        return tuple(reports)

    def segments(self, winner: "_Walk | None") -> tuple[Segment, ...]:
        """Stretches between reached checkpoints (and the open one of a racer who did not finish)."""
        out: list[Segment] = []
        before, before_winner = 0, 0
        for index, split in enumerate(self.splits, start=1):
            theirs_at = split if split is not None else self.end_ms
            win_at = winner.splits[index - 1] if winner is not None else None
            theirs = theirs_at - before
            winners = win_at - before_winner if win_at is not None else None
            loss = theirs - winners if winners is not None else None
            out.append(Segment(index, theirs, winners, loss, split is not None))
            if split is None:
                break
            before = split
            before_winner = win_at if win_at is not None else before_winner
        return tuple(out)

    def analysis(self, winner: "_Walk | None") -> PlayerAnalysis:
        """The finished record, timed against the winner's walk."""
        segments = self.segments(winner)
        losses = [s for s in segments if s.loss_ms is not None and s.loss_ms > 0]
        row = self.row
        return PlayerAnalysis(
            id=row["id"],
            name=row["name"],
            colour=row["colour"],
            finished=self.finished,
            end_ms=self.end_ms,
            penalty_ms=row["penalty"],
            moves=len(self.route) - 1,
            route=tuple(self.route),
            dead_ends=tuple(self.visits),
            dead_end_ms=sum(v.spent_ms for v in self.visits),
            first_wrong_turn=self.wrong,
            hints=self.hints,
            splits=tuple(self.splits),
            segments=segments,
            biggest_loss=max(losses, key=lambda s: s.loss_ms or 0, default=None),
            bottleneck_splits=self.bottleneck_splits,
            bot=row.get("bot"),
        )
