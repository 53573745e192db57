"""The 8-direction figures: every generator and BFS at 100x100 in 8 directions beside 4, with the
ratio the target bounds (8-direction generation <= 3x its 4-direction time), and `--count-shortest` on a
braided 1000x1000 maze in both topologies, by the core function and by the real command end to end.

Times are medians of several repeats (time.perf_counter), as in core.py; nothing here fails.
"""

import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from server.maze.exchange.json_form import maze_object
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS
from server.maze.model import Maze
from server.maze.paths import count_shortest
from server.maze.solvers import search
from tests.bench.core_hints import fresh
from tests.bench.timing import Job, Sample, measure, print_table, seconds

TARGET_EIGHT_RATIO = 3.0
"""8-direction generation at most 3x the 4-direction time of the same generator."""
BFS_MAZES = (("backtracker", 0.0), ("kruskal", 1.0), ("classic", 0.0))
COUNT_MAZE = ("hunt-and-kill", 1.0)
"""The braided 1000x1000 maze `--count-shortest` runs on here (hunt-and-kill: the fastest 8-direction
carver at that size that is not the binary tree; braid 1 opens every dead end, so loops everywhere)."""
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Pair:
    """Medians of the same job in 4 and 8 directions (None where not measured)."""

    four: float | None
    eight: float | None

    @property
    def ratio(self) -> float | None:
        if self.four is None or self.eight is None or self.four <= 0:
            return None
        return self.eight / self.four


def ratio_text(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def interleaved(jobs: Sequence[Job], repeats: int) -> list[Sample]:
    """Time the jobs in turn, repeat after repeat (job(0) of each, then job(1) of each, ...), so that a
    shared machine's changing load falls on all of them alike and their ratio stays fair."""
    samples = [Sample() for _ in jobs]
    for i in range(repeats):
        for job, sample in zip(jobs, samples, strict=True):
            one = measure(lambda _, job=job, i=i: job(i), 1)
            sample.times.extend(one.times)
            sample.notes.extend(one.notes)
    return samples


def generating(algorithm: str, size: int, directions: int) -> Job:
    """Generate a size x size maze; the repeat number is the seed."""

    def job(seed: int) -> None:
        generate(MazeSpec(algorithm, size, size, seed, directions=directions))

    return job


def bench_generation(size: int, repeats: int) -> dict[str, Pair]:
    """Every generator at size x size in 4 directions, and in 8 where it has that form."""
    pairs: dict[str, Pair] = {}
    rows = []
    for algorithm in ALGORITHMS:
        topologies = (4, 8) if algorithm in EIGHT_DIRECTION_ALGORITHMS else (4,)
        medians = [
            sample.median
            for sample in interleaved([generating(algorithm, size, count) for count in topologies], repeats)
        ]
        four, eight = medians[0], medians[1] if len(medians) > 1 else None
        pair = pairs[algorithm] = Pair(four, eight)
        shown = seconds(eight) if algorithm in EIGHT_DIRECTION_ALGORITHMS else "no 8-direction form"
        rows.append((algorithm, seconds(four), shown, ratio_text(pair.ratio), repeats))
    print_table(
        f"generate(MazeSpec(..., directions=4|8)) at {size}x{size}, median",
        ("algorithm", "4 directions", "8 directions", "8/4", "n"),
        rows,
        note="division, sidewinder and eller refuse 8 directions (grid.FOUR_ONLY). Seeds 0..n-1, corners;"
        " 4 and 8 directions timed in turn.",
    )
    return pairs


def bfs_job(mazes: Sequence[Maze]) -> Job:
    """BFS from the entrance of mazes[i]; notes the path's room count."""

    def job(i: int) -> int:
        path = search(mazes[i], "bfs").path
        return len(path) if path else 0

    return job


def bench_bfs(size: int, repeats: int) -> dict[str, Pair]:
    """BFS from the entrance, the same generator and seed in 4 and 8 directions, masks cached and not."""
    pairs: dict[str, Pair] = {}
    rows = []
    for algorithm, braid in BFS_MAZES:
        jobs = []
        for directions in (4, 8):
            maze = generate(MazeSpec(algorithm, size, size, 1, braid=braid, directions=directions))
            warm = fresh(maze)
            warm.open_sides  # noqa: B018 - build the cache before timing
            jobs += [bfs_job([warm] * repeats), bfs_job([fresh(maze) for _ in range(repeats)])]
        warm4, cold4, warm8, cold8 = interleaved(jobs, repeats)
        cached = {4: warm4.median, 8: warm8.median}
        uncached = {4: cold4.median, 8: cold8.median}
        steps = {4: warm4.notes[0] - 1, 8: warm8.notes[0] - 1}
        name = f"{algorithm} braid {braid:g}" if braid else algorithm
        pairs[name] = Pair(cached[4], cached[8])
        rows.append(
            (
                name,
                seconds(cached[4]),
                seconds(cached[8]),
                ratio_text(Pair(cached[4], cached[8]).ratio),
                seconds(uncached[4]),
                seconds(uncached[8]),
                ratio_text(Pair(uncached[4], uncached[8]).ratio),
                f"{steps[4]} / {steps[8]}",
            )
        )
    print_table(
        f"search(maze, 'bfs') from the entrance at {size}x{size}, 4 vs 8 directions, median",
        ("maze", "4 cached", "8 cached", "8/4", "4 fresh", "8 fresh", "8/4", "steps 4 / 8"),
        rows,
        note="cached: the open-sides masks built before timing; fresh: built inside the timed call (seed 1).",
    )
    return pairs


def run_command(maze: Maze, spec: MazeSpec) -> tuple[float | None, int | str]:
    """Wall time of `python -m server maze solve --count-shortest` on the maze and the count it printed,
    or (None, why) when the command failed."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as stdin:
        json.dump(maze_object(maze, spec), stdin)
        stdin.seek(0)
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "server", "maze", "solve", "--count-shortest"],
            stdin=stdin,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=300,
            check=False,
        )
        elapsed = time.perf_counter() - started
    if done.returncode:
        return None, f"failed: {done.stderr.strip()[:80]}"
    count: int = json.loads(done.stdout)["shortest_count"]
    return elapsed, count


def bench_count_shortest(size: int, repeats: int) -> dict[str, float | None]:
    """`count_shortest` on a braided size x size maze in 4 and 8 directions, and the real command."""
    figures: dict[str, float | None] = {}
    rows = []
    algorithm, braid = COUNT_MAZE
    for directions in (4, 8):
        spec = MazeSpec(algorithm, size, size, 1, braid=braid, directions=directions)
        maze = generate(spec)
        maze.open_sides  # noqa: B018 - the command builds these too, but the core row times the count alone
        core = measure(lambda _, m=maze: count_shortest(m, m.index(m.entrance)).count, repeats)
        figures[f"core {directions}"] = core.median
        counted = core.notes[0]
        rows.append(
            (directions, "count_shortest(maze, entrance)", seconds(core.median), repeats, len(str(counted)))
        )
        elapsed, printed = run_command(maze, spec)
        figures[f"command {directions}"] = elapsed
        agrees = "same count" if printed == counted else f"differs: {printed}"
        rows.append((directions, "python -m server maze solve --count-shortest", seconds(elapsed), 1, agrees))
    print_table(
        f"Shortest-path count on a braided {size}x{size} maze ({algorithm} braid {braid:g}, seed 1)",
        ("dirs", "what", "time", "n", "count (digits)"),
        rows,
        left=2,
        note="The command's time is the whole process: start-up, reading the JSON matrix, the BFS the solve"
        " prints, and the count.",
    )
    return figures


def target_rows(
    generation: dict[str, Pair], counts: dict[str, float | None], limit_count: float
) -> list[Sequence[object]]:
    """The 8-direction targets, from the tables above."""
    rows: list[Sequence[object]] = []
    for algorithm in EIGHT_DIRECTION_ALGORITHMS:
        value = generation[algorithm].ratio
        verdict = "-" if value is None else ("PASS" if value <= TARGET_EIGHT_RATIO else "MISS")
        rows.append((f"generate {algorithm} 100x100, 8 dirs / 4 dirs", "<= 3x", ratio_text(value), verdict))
    for key in ("core 4", "core 8", "command 4", "command 8"):
        value = counts.get(key)
        verdict = "not run (--quick)" if value is None else ("PASS" if value <= limit_count else "MISS")
        what, directions = key.split()
        label = "count_shortest" if what == "core" else "maze solve --count-shortest"
        limit = f"<= {limit_count:g} s"
        rows.append((f"{label} braided 1000x1000, {directions} dirs", limit, seconds(value), verdict))
    return rows
