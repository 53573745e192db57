"""Benchmark of the pure core (server.maze, server.room) against the plain reference in tests/bench.

Sections: maze generation for every algorithm and size, hints from the entrance, the encoded wire size,
then a targets table. Times are medians of several repeats (time.perf_counter). The reference runs in a
forked child under a time budget and a memory cap, and shows ">budget" where it could not finish once.
Core and reference draw different mazes for the same seed; what is compared is the same algorithm, size
and (for hints) the very same maze.
"""

import json

from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.maze.wire import encode_maze
from tests.bench import reference
from tests.bench.core_hints import bench_hints
from tests.bench.core_plan import FULL, HINT_SEED, QUICK, Plan, ratio, reference_cell
from tests.bench.core_targets import print_targets
from tests.bench.timing import Job, measure, measure_budgeted, print_table, seconds

NAME = "core"
TITLE = "Game core: generation, hints, wire size"

ENCODE_SIZE = 100


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


def run(quick: bool = False) -> None:
    """Measure and print every table of this module."""
    plan = QUICK if quick else FULL
    generation = bench_generation(plan)
    hints = bench_hints(plan)
    encoded = bench_encoding()
    print_targets(plan, generation, hints, encoded)
