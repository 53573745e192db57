"""How much the core benchmark measures (its full and quick plans, the hint mazes) and how a reference
figure reads beside the core's.

Its own module because the generation, hint and target tables (core.py, core_hints.py,
core_targets.py) all read it, and they import it rather than each other.
"""

from dataclasses import dataclass

from tests.bench.timing import Sample, seconds

HINT_ALGORITHMS = ("backtracker", "classic")
HINT_SEED = 1


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
