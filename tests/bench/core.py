"""Benchmark of the pure core (server.maze, server.room) against the plain reference in tests/bench.

Sections: maze generation for every algorithm and size, hints from the entrance, the encoded wire size,
then a targets table. Times are medians of several repeats (time.perf_counter). The reference runs in a
forked child under a time budget and a memory cap, and shows ">budget" where it could not finish once.
Core and reference draw different mazes for the same seed; what is compared is the same algorithm, size
and (for hints) the very same maze.
"""

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass

from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.maze.hints import hint
from server.maze.model import Maze
from server.maze.solvers import SEARCH_METHODS
from server.maze.wire import encode_maze
from tests.bench import reference
from tests.bench.timing import Job, Sample, measure, measure_budgeted, print_table, seconds

NAME = "core"
TITLE = "Game core: generation, hints, wire size"

HINT_ALGORITHMS = ("backtracker", "classic")
HINT_SEED = 1
ENCODE_SIZE = 100

SLOW_GENERATORS = ("wilson", "classic")
NEW_GENERATORS = ("aldous-broder", "hunt-and-kill", "growing-tree", "sidewinder", "binary-tree", "eller")
"""The later generators: a 10 ms target at 100x100 and no 1000x1000 target (none was set)."""
TARGET_NEW_GENERATE_100 = 10e-3
REFERENCE_METHOD = {"dfs-recursive": "dfs"}
"""The reference has no recursive search; its dfs finds the same path."""
TARGET_GENERATE_100 = 5e-3
TARGET_GENERATE_1000 = 1.0
TARGET_SLOW_GENERATE_100 = 20e-3
TARGET_BFS_HINT_100 = 2e-3
TARGET_ENCODED_100 = 4096


@dataclass(frozen=True)
class Plan:
    """How much to measure: sizes, repeats per size and the reference's time budgets (seconds)."""

    sizes: tuple[int, ...]
    core_repeats: dict[int, int]
    reference_repeats: dict[int, int]
    reference_budget: dict[int, float]
    hint_sizes: tuple[int, ...]
    hint_repeats: dict[int, int]
    hint_budget: dict[int, float]


FULL = Plan(
    sizes=(10, 50, 100, 300, 1000),
    core_repeats={10: 21, 50: 11, 100: 9, 300: 5, 1000: 3},
    reference_repeats={10: 21, 50: 11, 100: 7, 300: 3, 1000: 1},
    reference_budget={10: 5.0, 50: 5.0, 100: 8.0, 300: 8.0, 1000: 8.0},
    hint_sizes=(100, 1000),
    hint_repeats={100: 9, 1000: 3},
    hint_budget={100: 5.0, 1000: 6.0},
)

QUICK = Plan(
    sizes=(10, 50, 100, 300),
    core_repeats={10: 7, 50: 5, 100: 5, 300: 3},
    reference_repeats={10: 5, 50: 5, 100: 3, 300: 1},
    reference_budget={10: 2.0, 50: 2.0, 100: 3.0, 300: 3.0},
    hint_sizes=(100,),
    hint_repeats={100: 5},
    hint_budget={100: 3.0},
)


def reference_cell(sample: Sample) -> str:
    """The reference's median, or why there is none."""
    if sample.times:
        return seconds(sample.median)
    return {"budget": ">budget", "memory": ">memory"}.get(sample.status, sample.status)


def ratio(slow: float | None, fast: float | None) -> str:
    if slow is None or fast is None or fast <= 0:
        return "-"
    return f"{slow / fast:.1f}x"


def fresh(maze: Maze) -> Maze:
    """An equal maze without its cached open-sides masks, as just generated (diagonals kept)."""
    return Maze(
        maze.rows, maze.cols, maze.east, maze.south, maze.entrance, maze.exit, maze.southeast, maze.southwest
    )


# Generation -------------------------------------------------------------------------------------------


def core_generator(algorithm: str, size: int) -> Job:
    """Generate a size x size maze with the core; the repeat number is the seed."""

    def job(seed: int) -> None:
        generate(MazeSpec(algorithm, size, size, seed))

    return job


def reference_generator(algorithm: str, size: int) -> Job:
    """Generate a size x size maze with the reference; the repeat number is the seed."""

    def job(seed: int) -> None:
        reference.generate(algorithm, size, size, seed)

    return job


def bench_generation(plan: Plan) -> dict[tuple[str, int], float | None]:
    """Median generation time of every algorithm at every size, core beside reference."""
    core_medians: dict[tuple[str, int], float | None] = {}
    rows = []
    for size in plan.sizes:
        for algorithm in ALGORITHMS:
            core = measure(core_generator(algorithm, size), plan.core_repeats[size])
            wanted = plan.reference_repeats[size]
            ref = measure_budgeted(reference_generator(algorithm, size), wanted, plan.reference_budget[size])
            core_medians[algorithm, size] = core.median
            rows.append(
                (
                    f"{size}x{size}",
                    algorithm,
                    seconds(core.median),
                    len(core.times),
                    reference_cell(ref),
                    f"{len(ref.times)}/{wanted}",
                    ratio(ref.median, core.median),
                )
            )
    budgets = ", ".join(f"{n}: {plan.reference_budget[n]:g} s" for n in plan.sizes)
    print_table(
        "Maze generation (generate(MazeSpec) vs reference.generate), median",
        ("size", "algorithm", "core", "n", "reference", "ref n", "ref/core"),
        rows,
        left=2,
        note=f"reference budget per row (all its repeats): {budgets}; '>budget' = not one repeat finished.",
    )
    return core_medians


# Hints ------------------------------------------------------------------------------------------------


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


# Wire size --------------------------------------------------------------------------------------------


def bench_encoding() -> dict[str, int]:
    """Bytes of json.dumps(encode_maze(maze)) for a 100 x 100 maze of every algorithm."""
    sizes = {}
    rows = []
    for algorithm in ALGORITHMS:
        maze = generate(MazeSpec(algorithm, ENCODE_SIZE, ENCODE_SIZE, HINT_SEED))
        wire = encode_maze(maze)
        sizes[algorithm] = len(json.dumps(wire).encode())
        matrix_bytes = len(json.dumps(maze.to_matrix()).encode())
        rows.append((algorithm, sizes[algorithm], len(wire["walls"]), matrix_bytes))
    print_table(
        f"Encoded maze size, {ENCODE_SIZE}x{ENCODE_SIZE} (bytes of json.dumps(encode_maze(maze)))",
        ("algorithm", "wire JSON bytes", "walls base64 chars", "0/1 matrix JSON bytes"),
        rows,
    )
    return sizes


# Targets ----------------------------------------------------------------------------------------------


def limit_text(limit: float) -> str:
    return f"<= {limit:g} s" if limit >= 1 else f"<= {limit * 1e3:g} ms"


def verdict(value: float | None, limit: float) -> str:
    if value is None:
        return "-"
    return "PASS" if value <= limit else "MISS"


def print_targets(
    plan: Plan,
    generation: dict[tuple[str, int], float | None],
    hints: dict[tuple[str, int, str], HintRow],
    encoded: dict[str, int],
) -> None:
    rows: list[Sequence[object]] = []
    for algorithm in ALGORITHMS:
        limit_100 = TARGET_SLOW_GENERATE_100 if algorithm in SLOW_GENERATORS else TARGET_GENERATE_100
        if algorithm in NEW_GENERATORS:
            limit_100 = TARGET_NEW_GENERATE_100
        value = generation.get((algorithm, 100))
        rows.append(
            (
                f"generate {algorithm} 100x100",
                limit_text(limit_100),
                seconds(value),
                verdict(value, limit_100),
            )
        )
        if algorithm in SLOW_GENERATORS or algorithm in NEW_GENERATORS:
            continue
        if 1000 in plan.sizes:
            value = generation.get((algorithm, 1000))
            result = verdict(value, TARGET_GENERATE_1000)
        else:
            value, result = None, "not run (--quick)"
        rows.append(
            (
                f"generate {algorithm} 1000x1000",
                limit_text(TARGET_GENERATE_1000),
                seconds(value),
                result,
            )
        )
    for algorithm in HINT_ALGORITHMS:
        row = hints.get((algorithm, 100, "bfs"))
        if row is None:
            continue
        limit = limit_text(TARGET_BFS_HINT_100)
        rows.append(
            (
                f"bfs hint 100x100 {algorithm}, masks cached",
                limit,
                seconds(row.repeated),
                verdict(row.repeated, TARGET_BFS_HINT_100),
            )
        )
        rows.append(
            (
                f"bfs hint 100x100 {algorithm}, fresh maze",
                limit,
                seconds(row.first),
                verdict(row.first, TARGET_BFS_HINT_100),
            )
        )
    for algorithm in ALGORITHMS:
        size = encoded[algorithm]
        rows.append(
            (
                f"encoded {algorithm} 100x100",
                f"<= {TARGET_ENCODED_100} B",
                f"{size} B",
                "PASS" if size <= TARGET_ENCODED_100 else "MISS",
            )
        )
    passed = sum(1 for row in rows if row[3] == "PASS")
    missed = sum(1 for row in rows if row[3] == "MISS")
    print_table(
        "Targets (core medians from the tables above)",
        ("target", "limit", "measured", "result"),
        rows,
        note=f"{passed} PASS, {missed} MISS",
    )


def run(quick: bool = False) -> None:
    """Measure and print every table of this module."""
    plan = QUICK if quick else FULL
    generation = bench_generation(plan)
    hints = bench_hints(plan)
    encoded = bench_encoding()
    print_targets(plan, generation, hints, encoded)
