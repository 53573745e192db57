"""Bot benchmark: CPU per bot move for each kind, and how many moves each needs, in the pure core.

Every kind races every generator's mazes (perfect and braided, 4 and 8 directions where the generator has
8) at 50 x 50 and 100 x 100, in the clear and under fog (vision 3, the exit shown, as the wire form shows
it; and vision 1 with the exit hidden until seen). Each `next_step` call is timed alone in CPU
time (`time.thread_time_ns`, less the clock's own cost, so another process taking the core does not
count; the sight is built outside the timing, as cheap as a tuple); under fog the room's own cost,
`reveal` after each move, is timed apart. Races stop at the move cap of the longest
race a room allows (3600 s: 20,000 moves at 100 x 100, 10,000 at 50 x 50) and count as unfinished there.

Printed: per size, kind and sight the mean, p99, p99.9 and max of a move's CPU, the moves (mean, max),
how many races need more than the 600 s race's cap (12,010 at 100 x 100) and how many did not finish at
all, and the bots one core could drive at 10 moves/s from the mean alone (the socket path a bot's move takes
through the room is extra: that is the server benchmark's to measure). Benchmarks never fail.
"""

import functools
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from server.bots import BOT_KINDS, FogSight, FullSight, Sight, make_bot, reveal
from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS
from server.maze.model import Maze
from server.room.racelog import move_cap
from server.room.settings import WHOLE_BOUNDS, RoomSettings
from tests.bench.timing import print_table

TITLE = "Bots: CPU per move (mean, p99) and moves per race for each kind, 50x50 and 100x100"

LONGEST = WHOLE_BOUNDS["time_limit"][1]
DEFAULT = RoomSettings().time_limit
BOT_RATE = 10
"""Moves a second of the bots in the 'bots a core drives' column (the figure the bots were built to)."""


@dataclass(frozen=True)
class SightMode:
    """How a bot sees: the whole maze, or fog with a vision and the exit shown or not."""

    name: str
    vision: int | None = None
    exit_shown: bool = True


CLEAR = SightMode("clear")
FOG_SHOWN = SightMode("fog 3, exit shown", 3, True)
FOG_HIDDEN = SightMode("fog 1, exit hidden", 1, False)


@dataclass
class Tally:
    """What the races of one kind, size and sight came to."""

    steps_ns: list[int] = field(default_factory=list)
    reveal_ns: list[int] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    over_default: int = 0
    unfinished: int = 0


def forms(size: int, seeds: Sequence[int]) -> list[MazeSpec]:
    """Every generator, braided or not, in every topology it has, with each seed."""
    return [
        MazeSpec(algorithm, size, size, seed, braid=braid, directions=directions)
        for algorithm in ALGORITHMS
        for directions in (4, 8)
        if directions == 4 or algorithm in EIGHT_DIRECTION_ALGORITHMS
        for braid in (0.0, 1.0)
        for seed in seeds
    ]


def race(maze: Maze, distances: list[int], kind: str, seed: int, mode: SightMode, tally: Tally) -> None:
    """One race, timed move by move, into `tally`."""
    bot = make_bot(kind, seed)
    cap = move_cap(maze.rows, maze.cols, LONGEST)
    fog = mode.vision is not None and kind != "shortest"  # the room gives the shortest bot the maze
    seen = bytearray(maze.size)
    here = maze.entrance
    if fog:
        reveal(maze, seen, here, mode.vision or 0)
    moves = 0
    clock, bias = time.thread_time_ns, clock_cost()
    while here != maze.exit and moves < cap:
        sight: Sight
        if fog:
            sight = FogSight(maze, seen, here, exit_shown=mode.exit_shown)
        else:
            sight = FullSight(maze, here, distances)
        start = clock()
        step = bot.next_step(sight)
        tally.steps_ns.append(clock() - start - bias)
        if step is None:
            break
        here = step
        moves += 1
        if fog:
            start = clock()
            reveal(maze, seen, here, mode.vision or 0)
            tally.reveal_ns.append(clock() - start - bias)
    if here != maze.exit:
        tally.unfinished += 1
        return
    tally.moves.append(moves)
    if moves > move_cap(maze.rows, maze.cols, DEFAULT):
        tally.over_default += 1


@functools.cache
def clock_cost() -> int:
    """What reading `thread_time_ns` twice costs (the median of many), taken off every timing."""
    clock = time.thread_time_ns
    return int(statistics.median(-(clock() - clock()) for _ in range(10_001)))


def quantile(values: list[int], share: float) -> float:
    """The `share` quantile (0.99 for p99) of the values."""
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(share * len(ordered)))]) if ordered else 0.0


def micro(ns: float) -> str:
    return f"{ns / 1000:.1f}"


def run(quick: bool) -> None:
    seeds = (1,) if quick else (1, 2)
    modes = (CLEAR, FOG_SHOWN) if quick else (CLEAR, FOG_SHOWN, FOG_HIDDEN)
    for size in (50, 100):
        specs = forms(size, seeds)
        mazes = []
        for spec in specs:
            maze = generate(spec)
            mazes.append((spec, maze, distances_to_exit(maze)))
        rows = []
        for kind in BOT_KINDS:
            for mode in modes if kind != "shortest" else (CLEAR,):
                tally = Tally()
                for spec, maze, distances in mazes:
                    race(maze, distances, kind, spec.seed, mode, tally)
                mean_ns = statistics.fmean(tally.steps_ns)
                rows.append(
                    [
                        kind,
                        mode.name,
                        micro(mean_ns),
                        micro(quantile(tally.steps_ns, 0.99)),
                        micro(quantile(tally.steps_ns, 0.999)),
                        micro(max(tally.steps_ns)),
                        micro(statistics.fmean(tally.reveal_ns)) if tally.reveal_ns else "-",
                        f"{statistics.fmean(tally.moves):.0f}" if tally.moves else "-",
                        max(tally.moves, default=0),
                        tally.over_default,
                        tally.unfinished,
                        f"{1e9 / (BOT_RATE * mean_ns):.0f}",
                    ]
                )
            print(f"  [{size}x{size} {kind} done]", flush=True)
        default_cap = move_cap(size, size, DEFAULT)
        longest_cap = move_cap(size, size, LONGEST)
        print_table(
            f"Bots at {size}x{size}: {len(specs)} mazes a row (every generator and form, seeds {seeds})",
            [
                "kind",
                "sight",
                "move µs mean",
                "p99",
                "p99.9",
                "max",
                "reveal µs",
                "moves mean",
                "max",
                f"> {default_cap}",
                "unfinished",
                f"bots/core @{BOT_RATE}/s",
            ],
            rows,
            note=(
                f"'> {default_cap}': races needing more moves than a {DEFAULT} s race allows; 'unfinished':"
                f" not at the exit after {longest_cap} moves (the {LONGEST} s cap). reveal: the room's"
                " fog update after each move. bots/core: 1 / (rate x mean move CPU), the brain alone."
            ),
            left=2,
        )
