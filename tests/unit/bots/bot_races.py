"""Races of a bot alone, driven as a room will drive them: build the sight, ask for a step, apply it,
and under fog reveal what the new cell shows (`reveal`); the mazes they run on and the bounds they are
held to. Races never time anything (speed is for tests/bench/bots.py)."""

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from server.bots import (
    Bot,
    FogSight,
    FullSight,
    Sight,
    make_bot,
    reveal,
)
from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS
from server.maze.model import Cell, Maze
from server.room.racelog import move_cap
from server.room.settings import WHOLE_BOUNDS

LONGEST_RACE = WHOLE_BOUNDS["time_limit"][1]
"""The move cap the tests hold bots to is that of the longest race a room allows (3600 s): at 100 x 100
that is 20,000 moves, and any explorer may need up to 2 * (cells - 1) of them in a perfect maze. A 600 s
race allows 12,010; tests/bench/bots.py prints how many races would need more."""

FOG_KINDS = ("dfs", "wall", "tremaux", "bfs")
"""The kinds that explore under fog (the `shortest` bot is given the whole maze by design)."""


def combinations(sizes: Sequence[int], braids: Sequence[float] = (0.0, 1.0)) -> list[MazeSpec]:
    """One maze spec per generator, size, braid and topology the generator has."""
    return [
        MazeSpec(algorithm, size, size, seed=size * 7 + 1, braid=braid, directions=directions)
        for size in sizes
        for algorithm in ALGORITHMS
        for directions in (4, 8)
        if directions == 4 or algorithm in EIGHT_DIRECTION_ALGORITHMS
        for braid in braids
    ]


def spec_id(spec: MazeSpec) -> str:
    return f"{spec.algorithm}-{spec.rows}-{spec.directions}d-braid{spec.braid:g}"


@functools.lru_cache(maxsize=256)
def maze_of(spec: MazeSpec) -> tuple[Maze, tuple[int, ...]]:
    maze = generate(spec)
    return maze, tuple(distances_to_exit(maze))


class Watched:
    """A maze as `FogSight` reads it, which fails the test if the passages of a cell the racer has not seen
    are ever asked for (the sight's own `UnknownCell` check is the bot's guard; this one guards the sight)."""

    def __init__(self, maze: Maze, seen: bytearray) -> None:
        self.maze, self.seen = maze, seen
        self.cols, self.size, self.directions, self.exit = maze.cols, maze.size, maze.directions, maze.exit

    def index(self, cell: Cell) -> int:
        return self.maze.index(cell)

    def neighbours(self, index: int) -> tuple[int, ...]:
        if not self.seen[index]:
            raise AssertionError(f"the passages of unseen cell {self.maze.cell(index)} were read")
        return self.maze.neighbours(index)


@dataclass
class Racer:
    """A bot racing one maze, as a room drives it; `path` is every cell it stood on, the entrance first."""

    maze: Maze
    distances: Sequence[int]
    bot: Bot
    vision: int | None = None
    exit_shown: bool = True

    def __post_init__(self) -> None:
        self.path: list[Cell] = [self.maze.entrance]
        self.seen = bytearray(self.maze.size)
        if self.vision is not None:
            reveal(self.maze, self.seen, self.maze.entrance, self.vision)

    @property
    def moves(self) -> int:
        return len(self.path) - 1

    def sight(self) -> Sight:
        here = self.path[-1]
        if self.vision is None or self.bot.kind == "shortest":  # as the room does: it knows the maze
            return FullSight(self.maze, here, self.distances)
        return FogSight(Watched(self.maze, self.seen), self.seen, here, exit_shown=self.exit_shown)

    def step(self) -> None:
        here = self.path[-1]
        step = self.bot.next_step(self.sight())
        assert step is not None, f"{self.bot.kind} bot gave up at {here} after {self.moves} moves"
        assert self.maze.is_open(here, step), f"{self.bot.kind} bot walked through a wall {here} -> {step}"
        self.path.append(step)
        if self.vision is not None:
            reveal(self.maze, self.seen, step, self.vision)

    def run(self, limit: int) -> "Racer":
        """Step until the exit, failing past `limit` moves."""
        while self.path[-1] != self.maze.exit:
            assert self.moves < limit, f"{self.bot.kind} bot is still racing after {limit} moves"
            self.step()
        return self


def race(
    spec: MazeSpec, kind: str, vision: int | None = None, seed: int = 5, exit_shown: bool = True
) -> Racer:
    maze, distances = maze_of(spec)
    racer = Racer(maze, distances, make_bot(kind, seed), vision, exit_shown)
    return racer.run(move_cap(spec.rows, spec.cols, LONGEST_RACE))


def check_bounds(racer: Racer) -> None:
    """What each strategy promises about its length, whatever the maze."""
    maze, kind, moves = racer.maze, racer.bot.kind, racer.moves
    if kind in ("dfs", "bfs") or (kind == "wall" and maze.open_wall_count() == maze.size - 1):
        assert moves <= 2 * (maze.size - 1)
    if kind == "tremaux":
        assert moves <= 2 * maze.open_wall_count()
    if kind == "shortest" and racer.vision is None:
        assert moves == racer.distances[maze.index(maze.entrance)]
