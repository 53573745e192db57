"""The daily maze's difficulty scores: their distribution per preset and generator, against the bands.

For every preset and every perfect generator, on the daily maze's rules (braid 0.1, corners), this
scores SEEDS random seeds (`daily_band.daily_score`: decision points on the shortest way) and prints
the quartiles (the middle half is what the band should be), the band `daily_band.BANDS` fixes, and the
share of SEEDS other seeds that band takes in (it should stay near one half or above, for the daily
pick to be quick). Then, over DATES dates a preset, how many candidates the day's pick scored and how
long it took. When a generator changes, paste the printed `BANDS` table into server/maze/daily_band.py.
Last, what the difficulty card every race carries costs at the largest room size, 150 x 150, against
the rest of the course (`build_course`, in a worker thread): the median of REPEATS.
"""

import datetime
import random
import statistics
import time

from server.maze.daily_band import BANDS, DAILY_BRAID, Band, daily_score
from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import ALGORITHMS, PERFECT
from server.maze.race_card import card_for
from server.room.daily import candidate_seeds, daily_seed
from server.room.settings import PRESETS

NAME = "daily_band"
TITLE = "Daily maze: difficulty scores per preset and generator, the bands; the card's cost"

SEEDS = 300
QUICK_SEEDS = 40
DATES = 60
QUICK_DATES = 10
FIRST_DATE = datetime.date(2026, 1, 1)
REPEATS = 3
LARGEST = 150


def scores(preset: str, algorithm: str, count: int, source_name: str = "") -> tuple[list[int], float]:
    """The scores of `count` seeds (drawn from a fixed source) and the mean seconds a maze took."""
    rows, cols = PRESETS[preset]
    source = random.Random(f"{source_name}{preset} {algorithm}")
    found = []
    started = time.perf_counter()
    for _ in range(count):
        spec = MazeSpec(algorithm, rows, cols, source.randint(0, MAX_SEED), DAILY_BRAID)
        found.append(daily_score(generate(spec)))
    return found, (time.perf_counter() - started) / count


def run(quick: bool = False) -> None:
    """Print the table, then the bands as Python."""
    count = QUICK_SEEDS if quick else SEEDS
    print(f"{count} seeds per row; score = decision points on the shortest way")
    print(f"{'preset':7} {'generator':14} {'min':>4} {'q1':>6} {'median':>7} {'q3':>6} {'max':>4}"
          f" {'fixed band':>11} {'in band':>8} {'ms/maze':>8}")  # fmt: skip
    measured: dict[str, dict[str, Band]] = {}
    for preset in PRESETS:
        measured[preset] = {}
        for algorithm in PERFECT:
            found, each = scores(preset, algorithm, count)
            q1, median, q3 = statistics.quantiles(found, n=4, method="inclusive")
            measured[preset][algorithm] = Band(round(q1), round(q3))
            fixed = BANDS.get(preset, {}).get(algorithm)
            others, _ = scores(preset, algorithm, count, "held out ")
            inside = sum(1 for s in others if fixed is not None and fixed.distance(s) == 0) / count
            shown = f"{fixed.low}-{fixed.high}" if fixed is not None else "none"
            print(
                f"{preset:7} {algorithm:14} {min(found):4} {q1:6.1f} {median:7.1f} {q3:6.1f} {max(found):4}"
                f" {shown:>11} {inside:8.0%} {each * 1000:8.1f}",
                flush=True,
            )
    picks(QUICK_DATES if quick else DATES)
    card_costs(1 if quick else REPEATS)
    print("\nBANDS = {")
    for preset, bands in measured.items():
        print(f'    "{preset}": {{')
        for algorithm, band in bands.items():
            print(f'        "{algorithm}": Band({band.low}, {band.high}),')
        print("    },")
    print("}")


def tries_of(date: datetime.date, preset: str) -> int:
    """How many candidates the day's pick scores (as `daily_band.pick_seed` walks them)."""
    seed = daily_seed(date, preset)
    return next(k for k, candidate in enumerate(candidate_seeds(date, preset), 1) if candidate == seed)


def picks(dates: int) -> None:
    """How many candidates the daily pick scored over `dates` dates, and its time, per preset."""
    print(f"\nthe daily pick over {dates} dates from {FIRST_DATE} (one generator a date, drawn from it)")
    print(f"{'preset':7} {'mean tries':>10} {'most':>5} {'first in band':>14} {'mean ms':>8} {'most ms':>8}")
    for preset in PRESETS:
        tries, times = [], []
        for date in (FIRST_DATE + datetime.timedelta(days=n) for n in range(dates)):
            started = time.perf_counter()
            daily_seed.cache_clear()
            daily_seed(date, preset)
            times.append(time.perf_counter() - started)
            tries.append(tries_of(date, preset))
        first = sum(1 for t in tries if t == 1) / dates
        print(
            f"{preset:7} {statistics.mean(tries):10.2f} {max(tries):5} {first:14.0%}"
            f" {statistics.mean(times) * 1000:8.1f} {max(times) * 1000:8.1f}",
            flush=True,
        )


def card_costs(repeats: int) -> None:
    """The card's cost at 150 x 150 for every generator, perfect and braided, beside the whole course."""
    print(f"\nthe difficulty card at {LARGEST}x{LARGEST} (median of {repeats}), beside generating the maze")
    print(f"{'generator':14} {'braid':>5} {'generate ms':>12} {'card ms':>8} {'routes':>8}")
    for algorithm in ALGORITHMS:
        for braid in (0.0, 0.5) if algorithm != "classic" else (0.0,):
            spec = MazeSpec(algorithm, LARGEST, LARGEST, 5, braid)
            made, measured = [], []
            for _ in range(repeats):
                started = time.perf_counter()
                maze = generate(spec)
                made.append(time.perf_counter() - started)
                started = time.perf_counter()
                card = card_for(maze)
                measured.append(time.perf_counter() - started)
            routes = str(card["shortest_paths"])
            shown = routes if len(routes) <= 8 else f"{len(routes)} dig."
            print(
                f"{algorithm:14} {braid:5} {statistics.median(made) * 1000:12.1f}"
                f" {statistics.median(measured) * 1000:8.1f} {shown:>8}",
                flush=True,
            )
