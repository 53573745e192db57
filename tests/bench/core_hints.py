"""The hints section of the core benchmark: a hint from the entrance of the very same maze, by the core
(on a fresh maze, then with its open-sides masks cached) and by the reference.

Its own module because it is a table of its own, and `fresh` is also used by the 8-direction figures
(eight.py).
"""

import random
from dataclasses import dataclass

from server.maze.generation import MazeSpec, generate
from server.maze.hints import hint
from server.maze.model import Maze
from server.maze.solvers import SEARCH_METHODS
from tests.bench import reference
from tests.bench.core_plan import HINT_ALGORITHMS, HINT_SEED, Plan, ratio, reference_cell
from tests.bench.timing import Job, Sample, measure, measure_budgeted, print_table, seconds

REFERENCE_METHOD = {"dfs-recursive": "dfs"}
"""The reference has no recursive search; its dfs finds the same path."""


def fresh(maze: Maze) -> Maze:
    """An equal maze without its cached open-sides masks, as just generated (diagonals kept)."""
    return Maze(
        maze.rows, maze.cols, maze.east, maze.south, maze.entrance, maze.exit, maze.southeast, maze.southwest
    )


@dataclass
class HintRow:
    first: float | None
    repeated: float | None


def core_hint(mazes: list[Maze], method: str) -> Job:
    """A core hint from the entrance of mazes[i] (trail = just the entrance); notes the path's room count."""
    rng = random.Random(0)

    def job(i: int) -> int:
        maze = mazes[i]
        path = hint(maze, [maze.entrance], method, rng).path
        return len(path) if path else 0

    return job


def reference_hint(matrix: reference.Matrix, entrance: tuple[int, int], method: str) -> Job:
    """A reference hint from the entrance on the matrix; notes the path's room count."""

    def job(i: int) -> int:
        return len(reference.hint(matrix, [entrance], method) or ())

    return job


def bench_hints(plan: Plan) -> dict[tuple[str, int, str], HintRow]:
    """Hints from the entrance (trail = [entrance]) on the same maze: core first/repeated vs reference."""
    results: dict[tuple[str, int, str], HintRow] = {}
    rows = []
    for size in plan.hint_sizes:
        repeats = plan.hint_repeats[size]
        for algorithm in HINT_ALGORITHMS:
            maze = generate(MazeSpec(algorithm, size, size, HINT_SEED))
            matrix = reference.from_strings(maze.to_matrix())
            entrance = maze.entrance
            for method in SEARCH_METHODS:
                first = measure(core_hint([fresh(maze) for _ in range(repeats)], method), repeats)
                warm = fresh(maze)
                warm.open_sides  # noqa: B018 - build the cache before timing
                repeated = measure(core_hint([warm] * repeats, method), repeats)
                ref = measure_budgeted(
                    reference_hint(matrix, entrance, REFERENCE_METHOD.get(method, method)),
                    repeats + 1,
                    plan.hint_budget[size],
                )
                ref_first = ref.times[0] if ref.times else None
                ref_repeated = Sample(ref.times[1:]).median
                core_steps = repeated.notes[0] - 1
                ref_steps = "-" if not ref.notes else ref.notes[0] - 1
                results[algorithm, size, method] = HintRow(first.median, repeated.median)
                rows.append(
                    (
                        f"{size}x{size}",
                        algorithm,
                        method,
                        seconds(first.median),
                        seconds(repeated.median),
                        seconds(ref_first) if ref_first is not None else reference_cell(ref),
                        seconds(ref_repeated) if ref_repeated is not None else reference_cell(ref),
                        ratio(ref_repeated, repeated.median),
                        core_steps,
                        ref_steps,
                    )
                )
    budgets = ", ".join(f"{n}: {plan.hint_budget[n]:g} s" for n in plan.hint_sizes)
    print_table(
        "Hints from the entrance (hint(maze, [entrance], method)), same maze for core and reference",
        (
            "size",
            "maze",
            "method",
            "core first",
            "core repeat",
            "ref first",
            "ref repeat",
            "ref/core",
            "core steps",
            "ref steps",
        ),
        rows,
        left=3,
        note=(
            "core first = median over fresh copies of the maze (includes building maze.open_sides, cached);"
            " core repeat = median\nwith the masks cached. The reference has no cache: ref first is its"
            " first call, ref repeat the median of the\nothers. Reference budget per row: "
            f"{budgets}. Seed {HINT_SEED}, corners openings. For dfs-recursive the reference runs its dfs."
        ),
    )
    return results
