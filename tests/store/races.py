"""Races played on a bare `Room` with a hand-driven clock, for the store tests and the store benchmark.

No server and no sockets: players join, the host starts with a maze from `build_course`, and a script of
timed actions (moves, hints, leaving) is applied in time order, exactly as the gateway would apply the
commands. What comes out is the room itself and its `race_record`, the same record the server stores.
"""

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from server.maze.model import Cell, Maze
from server.room.records import RaceRecord, race_record
from server.room.room import Room
from server.room.settings import RoomSettings
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id, new_room_code
from tests.mazes import dead_end_branch, neighbours, shortest_path

T0 = 1_800_000_000.0
"""The epoch second every scripted race starts at (countdown 0), unless told otherwise."""

Kind = Literal["move", "hint", "leave"]


@dataclass(order=True)
class Action:
    """One command of the script: at `at_ms` after the start, in script order among equal times."""

    at_ms: float
    seq: int
    name: str = field(compare=False)
    kind: Kind = field(compare=False)
    cell: Cell | None = field(default=None, compare=False)
    method: str = field(default="bfs", compare=False)


def path_between(maze: Maze, start: Cell, goal: Cell) -> list[Cell]:
    """A shortest way from `start` to `goal`, both included."""
    parent: dict[Cell, Cell] = {start: start}
    queue = [start]
    for room in queue:
        if room == goal:
            break
        for other in neighbours(maze, room):
            if other not in parent:
                parent[other] = room
                queue.append(other)
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return path[::-1]


def farthest_room(maze: Maze, distances: Sequence[int]) -> Cell:
    """The room farthest from the exit."""
    return maze.cell(max(range(maze.size), key=lambda i: distances[i]))


def with_detours(maze: Maze, path: Sequence[Cell], detours: int) -> list[Cell]:
    """The cells stepped into when walking `path` with `detours` trips into dead ends and back."""
    cells = list(path)
    for n in range(detours):
        at, branch = dead_end_branch(maze, path, skip=n)
        back = [*branch[-2::-1], path[at]]
        i = cells.index(path[at])
        cells[i + 1 : i + 1] = [*branch, *back]
    return cells[1:]


class ScriptedRace:
    """A room whose race is played from a script of timed actions; the clock is `start + at_ms`."""

    def __init__(
        self,
        settings: RoomSettings,
        names: Iterable[str],
        *,
        start: float = T0,
        rng_seed: int = 1,
        code: str | None = None,
        daily: str | None = None,
        fixed_seed: int | None = None,
    ) -> None:
        self.start = start
        self.room = Room(
            code or new_room_code(),
            settings,
            random.Random(rng_seed),
            start - 1.0,
            countdown=1.0,
            grace=60.0,
            daily=daily,
            fixed_seed=fixed_seed,
        )
        self.ids: dict[str, str] = {}
        for name in names:
            you, _ = self.room.join(name, "player", None, start - 1.0, new_token=new_player_token())
            self.ids[name] = you.id
        host, *others = self.ids.values()
        for other in others:
            self.room.set_ready(other, True)
        spec = self.room.prepare_start(host)
        maze, distances = build_course(spec)
        self.room.start(host, spec, maze, distances, start - 1.0, race_id=new_race_id())
        self.room.tick(start)
        assert self.room.phase == "racing"
        assert self.room.started_at == start
        self.maze = maze
        self.actions: list[Action] = []

    def _add(
        self, at_ms: float, name: str, kind: Kind, cell: Cell | None = None, method: str = "bfs"
    ) -> None:
        self.actions.append(Action(at_ms, len(self.actions), name, kind, cell, method))

    def walk(self, name: str, cells: Sequence[Cell], first_ms: float, last_ms: float) -> None:
        """Step into `cells` one by one, evenly spaced from `first_ms` to exactly `last_ms`."""
        gap = (last_ms - first_ms) / max(1, len(cells) - 1)
        for i, cell in enumerate(cells):
            self._add(last_ms if i == len(cells) - 1 else first_ms + i * gap, name, "move", cell)

    def hint(self, name: str, at_ms: float, method: str = "bfs") -> None:
        """The player asks for a hint at `at_ms`."""
        self._add(at_ms, name, "hint", method=method)

    def finish(self, name: str, time_ms: int, hints: int = 0, detours: int = 0) -> None:
        """The player asks `hints` hints at the entrance, then walks to the exit, arriving at `time_ms`."""
        for n in range(hints):
            self._add(n + 1, name, "hint", method=("bfs", "dfs", "astar")[n % 3])
        cells = with_detours(self.maze, shortest_path(self.maze), detours)
        self.walk(name, cells, hints + 1, time_ms)

    def give_up(self, name: str, steps: int, at_ms: int) -> None:
        """The player walks `steps` cells of the way, then leaves the race (DNF) at `at_ms`."""
        cells = shortest_path(self.maze)[1 : steps + 1]
        self.walk(name, cells, 1, at_ms - 1)
        self._add(at_ms, name, "leave")

    def stray(self, name: str, at_ms: int) -> None:
        """The player walks to the room farthest from the exit and leaves the race there at `at_ms`."""
        assert self.room.distances is not None
        far = farthest_room(self.maze, self.room.distances)
        self.walk(name, path_between(self.maze, self.maze.entrance, far)[1:], 1, at_ms - 1)
        self._add(at_ms, name, "leave")

    def play(self) -> Room:
        """Apply the script in time order; the race must be over at the end."""
        for action in sorted(self.actions):
            self.apply(action)
        assert self.room.phase == "finished", "the script did not end the race"
        return self.room

    def apply(self, action: Action) -> None:
        """One command, as the gateway would call the room with it."""
        now = self.start + action.at_ms / 1000
        member = self.ids[action.name]
        if action.kind == "move":
            assert action.cell is not None
            self.room.move(member, action.cell, now)
        elif action.kind == "hint":
            self.room.hint(member, action.method, False, now)
        else:
            self.room.leave(member, now)

    def record(self) -> RaceRecord:
        """The stored form of the finished race."""
        return race_record(self.room)


def around_a_loop(maze: Maze) -> list[Cell]:
    """Rooms to step into from the entrance that go once around a loop (the maze needs one) and step
    back onto the trail where the loop closes, so the trail is cut there rather than popped."""
    parent: dict[Cell, Cell | None] = {maze.entrance: None}
    queue = [maze.entrance]
    for room in queue:
        for other in neighbours(maze, room):
            if other not in parent:
                parent[other] = room
                queue.append(other)

    def up(cell: Cell) -> list[Cell]:
        chain: list[Cell] = []
        at: Cell | None = cell
        while at is not None:
            chain.append(at)
            at = parent[at]
        return chain

    for room in queue:
        for other in neighbours(maze, room):
            if parent[room] == other or parent[other] == room:
                continue  # a tree edge; what is left closes a loop
            there, back = up(room)[::-1], up(other)
            meet = next(i for i, cell in enumerate(back) if cell in there)
            return [*there[1:], *back[: meet + 1]]
    raise AssertionError("the maze has no loop")


def wander(
    race: ScriptedRace,
    *,
    rounds: int,
    hint_every: int,
    seed: int,
    greed: Sequence[float] = (),
    step_ms: float = 37.0,
    clock: float = 0.0,
) -> None:
    """Play a messy race to its end: every player wanders (biased toward the exit, taking wrong turns and
    going back), asks a hint every `hint_every` rounds, for `rounds` rounds; whoever has not finished
    then runs out of time. Moves are decided as the race goes, so hints that move (hint_moves) and
    loops mix in. Race time starts at `clock` ms.

    `greed[i]` is how often player i takes the step nearest the exit (default 0.55); otherwise they step
    at random.
    """
    room, maze, rng = race.room, race.maze, random.Random(seed)
    settings, distances = room.settings, room.distances
    assert distances is not None
    names = list(race.ids)
    for n in range(rounds):
        for i, name in enumerate(names):
            player = room.players[race.ids[name]]
            if not player.racing or room.phase != "racing":
                continue
            clock += step_ms
            if hint_every and n % hint_every == hint_every - 1 and player.hints < settings.hint_limit:
                race.apply(Action(clock, 0, name, "hint", method=rng.choice(settings.hint_methods)))
                continue
            assert player.trail is not None
            options = neighbours(maze, player.trail.current)
            options.sort(key=lambda cell: distances[maze.index(cell)])
            bias = greed[i] if i < len(greed) else 0.55
            cell = options[0] if rng.random() < bias else rng.choice(options)
            race.apply(Action(clock, 0, name, "move", cell))
    if room.phase == "racing":
        room.tick(race.start + settings.time_limit)
    assert room.phase == "finished"
