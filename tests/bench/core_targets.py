"""The targets table of the core benchmark: the core's medians from the generation, hint and wire-size
tables against the limits set for them, PASS or MISS.

Its own module because the limits and their verdicts are a table apart from the measuring.
"""

from collections.abc import Sequence

from server.maze.generators import ALGORITHMS
from tests.bench.core_hints import HintRow
from tests.bench.core_plan import HINT_ALGORITHMS, Plan
from tests.bench.timing import print_table, seconds

SLOW_GENERATORS = ("wilson", "classic")
NEW_GENERATORS = ("aldous-broder", "hunt-and-kill", "growing-tree", "sidewinder", "binary-tree", "eller")
"""The later generators: a 10 ms target at 100x100 and no 1000x1000 target (none was set)."""
TARGET_NEW_GENERATE_100 = 10e-3
TARGET_GENERATE_100 = 5e-3
TARGET_GENERATE_1000 = 1.0
TARGET_SLOW_GENERATE_100 = 20e-3
TARGET_BFS_HINT_100 = 2e-3
TARGET_ENCODED_100 = 4096


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
