"""`python -m server play --solo`: the original exercise's game alone, offline, against the pure core.

`SoloGame` is the game without a clock or a terminal: the maze from `generate`, the trail rules of
`apply_move`, the exercise's help from `hint` (which here takes the step for you, as the exercise's did), a
seeded `random.Random` for the random hint method, and the time passed in by the caller; its messages and
closing line in the player's language (`words`). `play_solo` puts it on the terminal with the same
picture and keys as a live room.
"""

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass, field

from server.clients.terminal.console import Console, read_keys
from server.clients.terminal.keys import KeyDecoder, Keymap
from server.clients.terminal.labels import SOLO_HELP, help_lines, method_name, preset_name, result_time
from server.clients.terminal.messages import ENGLISH, Messages
from server.clients.terminal.picture import Marks
from server.clients.terminal.screen import Frame, compose
from server.errors import GameError
from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.hints import HINT_METHODS, hint
from server.maze.model import Cell, Maze
from server.maze.moves import Target, apply_move
from server.maze.trail import Trail
from server.room.race_time import clock
from server.room.settings import PRESETS, RoomSettings

PENALTY_S = RoomSettings().hint_penalty
"""Seconds a hint adds to the time, as in a room with the default rules."""


@dataclass
class SoloGame:
    """One player's game: moves and hints change it; `now` (seconds, the caller's clock) times it."""

    maze: Maze
    size: str
    rng: random.Random
    started: float
    trail: Trail = field(init=False)
    moves: int = 0
    hints: int = 0
    ended: float | None = None
    message: str = ""
    way: tuple[Cell, ...] = ()
    words: Messages = ENGLISH
    showing_keys: bool = False
    """Whether `?` asked for the keys."""
    maze_code: str | None = None
    """A published maze's share code (`play --solo --maze CODE`); None for a generated maze."""

    def __post_init__(self) -> None:
        self.trail = Trail([self.maze.entrance])

    @classmethod
    def new(
        cls,
        size: str,
        seed: int,
        now: float,
        algorithm: str = "backtracker",
        directions: int = 4,
        words: Messages = ENGLISH,
    ) -> "SoloGame":
        """A game on the maze of a preset size, drawn from `seed` (the maze and the random hints both)."""
        rows, cols = PRESETS[size]
        maze = generate(MazeSpec(algorithm, rows, cols, seed, directions=directions))
        return cls(maze, size, random.Random(seed), now, words=words)

    @classmethod
    def on_published(cls, maze: Maze, code: str, now: float, words: Messages = ENGLISH) -> "SoloGame":
        """A game on the published maze `code` (its random hints drawn from the code, so a game on the
        same maze with the same keys goes the same way)."""
        return cls(maze, "custom", random.Random(code), now, words=words, maze_code=code)

    @property
    def done(self) -> bool:
        """Whether the player stands on the exit."""
        return self.ended is not None

    def time_ms(self, now: float) -> int:
        """Race time so far (or the final time)."""
        return round(((self.ended if self.ended is not None else now) - self.started) * 1000)

    def step(self, target: Target, now: float) -> None:
        """A move (a direction or a neighbouring cell); a refused one only sets the message."""
        if self.done:
            return
        try:
            cell = apply_move(self.maze, self.trail, target)
        except GameError as error:
            self.message = self.words.refusal(error.code, error.message)
            return
        self.moves += 1
        self.message, self.way = "", self.way[1:] if self.way[1:2] == (cell,) else ()
        if cell == self.maze.exit:
            self.ended = now

    def help(self, method: str, now: float) -> None:
        """The exercise's help: search on from here without backing up and take the first step; stuck, take
        the first step back towards the trail cell the hint says to back up to."""
        if self.done:
            return
        found = hint(self.maze, self.trail.cells, method, self.rng)
        self.hints += 1
        words, searched = self.words, method_name(found.method, self.words)
        if found.next is not None:
            way = found.path or ()
            self.step(found.next, now)
            self.way = tuple(way[1:])
            self.message = words("solo.hint_step", method=searched, count=found.explored, penalty=PENALTY_S)
        elif found.back_path is not None and len(found.back_path) > 1:
            back = found.back_path
            self.step(back[1], now)
            self.way = tuple(back[1:])
            where = f"{back[-1][0]} {back[-1][1]}"
            self.message = words("solo.hint_back", method=searched, cell=where, penalty=PENALTY_S)
        else:
            self.message, self.way = words("solo.hint_stuck", method=searched, penalty=PENALTY_S), ()

    def frame(self, method: str, keymap: Keymap, now: float, words: Messages | None = None) -> Frame:
        """The screen of this game, in the language of `words` (the game's own by default)."""
        words = words or self.words
        here = self.trail.current
        rows, cols = self.maze.rows, self.maze.cols
        size = preset_name(self.size, words)
        if self.maze_code is not None:
            title = words("title.solo_maze", code=self.maze_code, rows=rows, cols=cols)
        else:
            title = words("title.solo", size=size, rows=rows, cols=cols)
        status = words(
            "status.solo.finished" if self.done else "status.solo.racing",
            clock=clock(self.time_ms(now)),
            moves=self.moves,
            hints=self.hints,
            method=method_name(method, words),
            row=here[0],
            col=here[1],
        )
        if self.showing_keys:
            body = help_lines(SOLO_HELP, words)
            return Frame(title, status, body=body, message=keymap.error, keys=words("keys.solo"))
        return Frame(
            title=title,
            status=status,
            maze=self.maze,
            marks=Marks(self.trail.cells, self.trail.facing, way=self.way),
            focus=here,
            message=keymap.error or self.message,
            typed=keymap.line,
            keys=words("keys.solo"),
        )

    def summary(self, now: float) -> str:
        """The closing line: time, moves, hints, and the shortest way for comparison."""
        shortest = distances_to_exit(self.maze)[self.maze.index(self.maze.entrance)]
        time = result_time(self.time_ms(now), self.hints * PENALTY_S * 1000, self.words)
        return self.words(
            "solo.summary.solved" if self.done else "solo.summary.left",
            size=preset_name(self.size, self.words),
            time=time,
            moves=self.moves,
            shortest=shortest,
            count=self.hints,
        )


async def play_solo(
    console: Console,
    size: str,
    seed: int,
    algorithm: str,
    directions: int,
    words: Messages = ENGLISH,
    published: tuple[str, Maze] | None = None,
) -> str:
    """Play until the exit or `q`; the summary to print once the terminal is restored. `published`, a
    share code and its maze, plays that maze instead of generating one."""
    if published is not None:
        game = SoloGame.on_published(published[1], published[0], time.monotonic(), words)
    else:
        game = SoloGame.new(size, seed, time.monotonic(), algorithm, directions, words)
    decoder, keymap = KeyDecoder(), Keymap(words=words)
    methods = list(HINT_METHODS)
    choice = 0
    stop = asyncio.Event()

    def redraw() -> None:
        console.show(compose(game.frame(methods[choice], keymap, time.monotonic()), *console.size()))

    def on_bytes(data: bytes) -> None:
        nonlocal choice
        if not data:
            stop.set()
        for key in decoder.feed(data):
            command = keymap.command(key, "racing")
            now = time.monotonic()
            if command is None:
                continue
            if command.kind == "quit":
                stop.set()
            elif command.kind == "step" and command.direction is not None:
                game.step(command.direction, now)
            elif command.kind == "go" and command.cell is not None:
                game.step(command.cell, now)
            elif command.kind == "hint":
                game.help(methods[choice], now)
            elif command.kind == "help":
                game.showing_keys = not game.showing_keys
            elif command.kind == "method":
                choice = (choice + 1) % len(methods)
            if game.done:
                stop.set()
        redraw()

    stop_reading = read_keys(console, on_bytes)
    try:
        while not stop.is_set():
            redraw()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.1)
    finally:
        stop_reading()
    return game.summary(time.monotonic())
