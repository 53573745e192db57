"""The race analysis on the biggest race the bounds allow: 16 racers on 150 x 150, 45,000 moves each
(the move cap of an hour's race), with the most hints the bounds allow; `make bench ARGS=analysis`.

The walks are random walks on the real maze (every step through an open passage, a hint now and then):
they wander into dead ends far more than people do, so every visit, split and hint is counted at its
most. Measured: the pure analysis, its wire form, the whole answer as the server builds it (maze, analysis,
JSON, gzip) and the event loop's longest gap while that runs in a worker thread.
"""

import asyncio
import datetime
import gzip
import random
from typing import Any

from server.analysis.race import analyse_race
from server.analysis.wire import analysis_json
from server.http.replays import build_analysis
from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.room.racelog import RaceLog, hint_cap, move_cap
from server.room.results import ResultRow
from server.room.settings import RoomSettings
from server.runtime.race_analyses import in_analysis_worker
from tests.bench.store_measure import loop_stall
from tests.bench.timing import measure, print_table, seconds

TITLE = "race analysis of the biggest race (16 racers x 45,000 moves on 150x150)"
SIDE, RACERS, LIMIT = 150, 16, 3600
MOVES = move_cap(SIDE, SIDE, LIMIT)
HINTS = hint_cap(99, LIMIT)


def random_race(maze: Maze, moves: int, hints: int, seed: int = 1) -> tuple[RaceLog, list[ResultRow]]:
    """16 random walks of `moves` steps (a racer reaching the exit stops there) with `hints` hints each,
    interleaved in time order as a room would log them."""
    rng = random.Random(seed)
    log = RaceLog(maze.cols)
    walkers = [maze.index(maze.entrance)] * RACERS
    done: dict[int, int] = {}
    gap = LIMIT * 1000 // moves
    hint_every = max(1, moves // max(1, hints))
    for n in range(moves):
        t = n * gap
        for k in range(RACERS):
            if k in done:
                continue
            if n % hint_every == hint_every // 2:
                log.add_hint(t, f"p{k}", ("dfs", "bfs", "astar")[n % 3], n % 2 == 0)
            walkers[k] = rng.choice(maze.neighbours(walkers[k]))
            log.add_move(t, f"p{k}", maze.cell(walkers[k]))
            if maze.cell(walkers[k]) == maze.exit:
                done[k] = t
    results: list[ResultRow] = []
    for rank, k in enumerate(sorted(range(RACERS), key=lambda k: (k not in done, done.get(k, 0))), 1):
        time_ms = done.get(k)
        results.append({
            "id": f"p{k}", "name": f"Racer {k}", "colour": "#0072B2", "rank": rank, "time": time_ms,
            "penalty": 5000 * hints, "total": None if time_ms is None else time_ms + 5000 * hints,
            "moves": moves, "hints": hints, "route": 0, "shortest": 0, "efficiency": None,
            "dnf": time_ms is None, "distance": 0, "progress": 0.0, "cell": None, "on_shortest": None,
        })  # fmt: skip
    return log, results


def bench_maze(algorithm: str, braid: float, moves: int, repeats: int) -> tuple[object, ...]:
    """One table row: the biggest race on a maze of `algorithm` with `braid`."""
    maze = generate(MazeSpec(algorithm, SIDE, SIDE, 7, braid))
    log, results = random_race(maze, moves, HINTS)
    settings = RoomSettings(preset="custom", rows=SIDE, cols=SIDE, algorithm=algorithm, braid=braid)
    race: dict[str, Any] = {
        "id": "bench-analysis00", "daily": None, "settings": settings.to_json(), "seed": 7,
        "started_at": 0, "ended_at": LIMIT * 1000, "results": results, "log": log,
    }  # fmt: skip
    analysis = analyse_race(maze, log, results, LIMIT * 1000)
    core = measure(lambda _: analyse_race(maze, log, results, LIMIT * 1000), repeats)
    wire = measure(lambda _: analysis_json(analysis), repeats)
    now = datetime.datetime.now(datetime.UTC)
    whole = measure(lambda _: build_analysis(race, now), repeats)
    body, _ = build_analysis(race, now)
    _, stall = asyncio.run(loop_stall(lambda: in_analysis_worker(build_analysis, race, now)))
    _, thread_stall = asyncio.run(loop_stall(lambda: asyncio.to_thread(build_analysis, race, now)))
    visits = sum(len(p.dead_ends) for p in analysis.players)
    plain = len(gzip.decompress(body))
    return (
        f"{algorithm}{f' braid {braid}' if braid else ''}", f"{len(log):,}", f"{visits:,}",
        seconds(core.median), seconds(wire.median), seconds(whole.median), f"{len(body) / 1e6:.2f} MB",
        f"{plain / 1e6:.1f} MB", seconds(stall), seconds(thread_stall),
    )  # fmt: skip


def run(quick: bool = False) -> None:
    moves = MOVES // 10 if quick else MOVES
    repeats = 1 if quick else 3
    mazes = (("backtracker", 0.0), ("classic", 0.0), ("prim", 0.5))
    rows = [bench_maze(a, b, moves, repeats) for a, b in mazes]
    print_table(
        f"Analysis of a {SIDE}x{SIDE} race: {RACERS} racers x {moves:,} moves, {HINTS} hints each",
        ("maze", "log entries", "visits", "analyse_race", "wire form", "whole answer", "gzip", "JSON",
         "loop stall", "in a thread"),
        rows,
        note=(
            "'whole answer' is what the server's worker process does once per race (make the maze, analyse,"
            " JSON, gzip level 1), then the answer is cached; 'loop stall' is the event loop's longest gap"
            " while the server builds it in a worker process (its arguments pickled there and back);"
            " 'in a thread' is the same gap were it built in a worker thread, which shares the GIL."
            f" Median of {repeats}."
        ),
    )  # fmt: skip
