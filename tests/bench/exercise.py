"""The exercise figures (`python -m tests.bench exercise`): the new generators at 1000x1000, growing-tree's
biases, dfs-recursive against the stack dfs where the recursion is deepest, the route counts and the
difficulty analysis, then the 8-direction tables (eight.py) and one table of the targets.

Times are medians of several repeats (time.perf_counter), as in core.py; nothing here fails.
"""

import os
from collections.abc import Sequence

from server.maze.difficulty import analyse
from server.maze.generation import MazeSpec, generate
from server.maze.generators import BIASES, PERFECT
from server.maze.model import Maze
from server.maze.paths import all_paths, count_shortest
from server.maze.solvers import search
from tests.bench import eight
from tests.bench.timing import Job, measure, print_table, seconds

NAME = "exercise"
TITLE = "later generators, 8 directions, recursive search, route counts, difficulty"

NEW_GENERATORS = ("aldous-broder", "hunt-and-kill", "sidewinder", "binary-tree", "eller")
"""The later generators timed at 1000x1000 here (growing-tree is in the bias table)."""
REPEATS_1000 = {"aldous-broder": 1}
"""Aldous-Broder's walk takes some seconds at 1000x1000: once is enough; the others run 3 times."""
TARGET_COUNT_SHORTEST_1000 = 5.0
"""`--count-shortest` on a braided 1000x1000 maze "in seconds"."""
TARGET_PERFECT_100 = 10e-3
"""Every perfect generator at 100x100 in 4 directions."""


def serpentine(rows: int, cols: int) -> Maze:
    """One corridor through every cell: the depth-first searches go as deep as the maze is big."""
    east = bytearray(b"\x01") * (rows * cols)
    east[cols - 1 :: cols] = bytes(rows)
    south = bytearray(rows * cols)
    for r in range(rows - 1):
        south[r * cols + (cols - 1 if r % 2 == 0 else 0)] = 1
    exit = (rows - 1, cols - 1 if rows % 2 else 0)
    return Maze(rows, cols, bytes(east), bytes(south), (0, 0), exit)


def bench_new_generators(size: int) -> None:
    rows = []
    for algorithm in NEW_GENERATORS:
        repeats = REPEATS_1000.get(algorithm, 3)
        sample = measure(eight.generating(algorithm, size, 4), repeats)
        rows.append((f"{size}x{size}", algorithm, seconds(sample.median), len(sample.times)))
    print_table(
        "the later generators (generate, 4 directions), median",
        ("size", "algorithm", "core", "n"),
        rows,
        left=2,
        note="100x100: the 4-direction column of the 8-direction table below; growing-tree: the bias table.",
    )


def growing_tree(size: int, bias: str) -> Job:
    def job(seed: int) -> None:
        generate(MazeSpec("growing-tree", size, size, seed, bias=bias))

    return job


def searching(maze: Maze, method: str) -> Job:
    def job(_: int) -> int:
        path = search(maze, method).path
        return len(path) if path else 0

    return job


def bench_biases(sizes: Sequence[int], repeats: dict[int, int]) -> dict[tuple[str, int], float | None]:
    medians: dict[tuple[str, int], float | None] = {}
    rows = []
    for size in sizes:
        for bias in BIASES:
            sample = measure(growing_tree(size, bias), repeats[size])
            medians[bias, size] = sample.median
            rows.append((f"{size}x{size}", bias, seconds(sample.median), len(sample.times)))
    print_table("growing-tree by bias (generate), median", ("size", "bias", "core", "n"), rows, left=2)
    return medians


def bench_recursive(sizes: Sequence[int], repeats: dict[int, int]) -> None:
    rows = []
    for size in sizes:
        cases = [
            ("backtracker", generate(MazeSpec("backtracker", size, size, 1))),
            ("kruskal braid 1", generate(MazeSpec("kruskal", size, size, 1, braid=1.0))),
            ("serpentine", serpentine(size - 1 if size % 2 == 0 else size, size)),
        ]
        for name, maze in cases:
            maze.open_sides  # noqa: B018 - build the cache before timing
            stack = measure(searching(maze, "dfs"), repeats[size])
            recursive = measure(searching(maze, "dfs-recursive"), repeats[size])
            rows.append(
                (
                    f"{maze.rows}x{maze.cols}",
                    name,
                    seconds(stack.median),
                    seconds(recursive.median),
                    stack.notes[0],
                )
            )
    print_table(
        "search(maze, method) from the entrance: stack dfs vs dfs-recursive (same path), median",
        ("size", "maze", "dfs", "dfs-recursive", "path cells"),
        rows,
        left=2,
        note="serpentine: one corridor, so the recursion is one call deeper per cell (999,000 at 1000 wide).",
    )


def bench_routes(sizes: Sequence[int], repeats: dict[int, int]) -> dict[str, float | None]:
    figures: dict[str, float | None] = {}
    rows = []
    for size in sizes:
        braided = generate(MazeSpec("kruskal", size, size, 1, braid=1.0))
        perfect = generate(MazeSpec("backtracker", size, size, 1))
        n = repeats[size]
        count = measure(lambda _, m=braided: count_shortest(m, 0).count, n)
        figures[f"count {size}"] = count.median
        rows.append(
            (f"{size}x{size}", "count_shortest, kruskal braid 1", seconds(count.median), count.notes[0])
        )
        one = measure(lambda _, m=perfect: len(all_paths(m, 0).paths), n)
        rows.append((f"{size}x{size}", "all_paths, backtracker (perfect)", seconds(one.median), one.notes[0]))
        many = measure(lambda _, m=braided: len(all_paths(m, 0, limit=1000).paths), 1)
        rows.append((f"{size}x{size}", "all_paths limit 1000, braid 1", seconds(many.median), many.notes[0]))
        card = measure(lambda _, m=braided: analyse(m).shortest_paths, n)
        figures[f"analyse {size}"] = card.median
        rows.append((f"{size}x{size}", "analyse, kruskal braid 1", seconds(card.median), "-"))
    print_table(
        "Routes and difficulty, median (result: the count, or the number of paths listed)",
        ("size", "what", "core", "result"),
        rows,
        left=2,
        note="all_paths stops after routes.MAX_PATH_STEPS steps (braided 1000x1000: before 1000 paths).",
    )
    return figures


def run(quick: bool = False) -> None:
    """Measure and print this module's tables and targets."""
    if hasattr(os, "getloadavg"):  # the machine is shared: say how busy it was
        print("load average (1, 5, 15 min) at the start: " + ", ".join(f"{v:.2f}" for v in os.getloadavg()))
    sizes = (100,) if quick else (100, 1000)
    repeats = {100: 7, 1000: 3}
    if not quick:
        bench_new_generators(1000)
    biases = bench_biases(sizes, {**repeats, 1000: 1})  # three biases of seconds each at 1000x1000
    bench_recursive(sizes, repeats)
    routes = bench_routes(sizes, repeats)
    generation = eight.bench_generation(100, 9)
    eight.bench_bfs(100, 9)
    counts = {} if quick else eight.bench_count_shortest(1000, 3)
    rows: list[Sequence[object]] = []
    for algorithm in PERFECT:
        value = generation[algorithm].four
        rows.append(
            (
                f"generate {algorithm} 100x100, 4 dirs",
                "<= 10 ms",
                seconds(value),
                verdict(value, TARGET_PERFECT_100),
            )
        )
    for bias in BIASES:
        value = biases[bias, 100]
        rows.append(
            (
                f"generate growing-tree {bias} 100x100",
                "<= 10 ms",
                seconds(value),
                verdict(value, TARGET_PERFECT_100),
            )
        )
    value = routes.get("count 1000")
    rows.append(
        ("count_shortest kruskal braid 1, 1000x1000", "<= 5 s", seconds(value), verdict(value, 5.0, quick))
    )
    rows.extend(eight.target_rows(generation, counts, TARGET_COUNT_SHORTEST_1000))
    passed = sum(1 for row in rows if row[3] == "PASS")
    missed = sum(1 for row in rows if row[3] == "MISS")
    print_table(
        "targets: later generators, 8 directions, searches",
        ("target", "limit", "measured", "result"),
        rows,
        note=f"{passed} PASS, {missed} MISS",
    )


def verdict(value: float | None, limit: float, quick: bool = False) -> str:
    if value is None:
        return "not run (--quick)" if quick else "-"
    return "PASS" if value <= limit else "MISS"
