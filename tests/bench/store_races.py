"""The finished races the store benchmark (`tests.bench.store`) writes: the 8-player 100 x 100 race,
small races of every preset, and copies of them to fill a file with about a thousand races.

Its own module because making believable races (long walks, hints, many player names) is a job apart
from timing what the store does with them; the saving, reading and backend tables all use them.
"""

import dataclasses
import random
import time

from server.maze.model import Maze
from server.room.records import RaceRecord
from server.room.settings import RoomSettings
from server.store.interface import Store
from tests.mazes import dead_end_branch, shortest_path
from tests.store.races import ScriptedRace

PLAYERS = 8
MOVES_PER_PLAYER = 1500
HINTS_PER_PLAYER = 3
NAMES = 300
"""Distinct player names across the stored races (so a leaderboard has many rows to rank)."""


def detours_for(maze: Maze, moves: int) -> int:
    """How many trips into dead ends (and back) make a walk to the exit at least `moves` long."""
    path = shortest_path(maze)
    length, detours = len(path) - 1, 0
    while length < moves:
        _, branch = dead_end_branch(maze, path, skip=detours)
        length += 2 * len(branch)
        detours += 1
    return detours


def big_race() -> RaceRecord:
    """A finished race: 8 players on a 100 x 100 maze, each ~1,500 moves and 3 hints, 3 to 5 minutes."""
    settings = RoomSettings(preset="hard", rows=100, cols=100, algorithm="kruskal", braid=0.0)
    names = [f"Racer {n}" for n in range(PLAYERS)]
    race = ScriptedRace(settings, names, rng_seed=2024)
    detours = detours_for(race.maze, MOVES_PER_PLAYER)
    for n, name in enumerate(names):
        race.finish(name, 180_000 + n * 15_000, hints=HINTS_PER_PLAYER, detours=detours + n)
    race.play()
    return race.record()


def template_races() -> list[RaceRecord]:
    """Small finished races of every preset to copy into a big file."""
    kinds = [
        RoomSettings(),
        RoomSettings(algorithm="prim"),
        RoomSettings(preset="medium", rows=50, cols=50),
        RoomSettings(preset="medium", rows=50, cols=50, algorithm="wilson"),
        RoomSettings(preset="hard", rows=100, cols=100, algorithm="kruskal"),
    ]
    records = []
    for n, settings in enumerate(kinds):
        names = [f"T{n}-{i}" for i in range(4)]
        race = ScriptedRace(settings, names, rng_seed=n)
        for i, name in enumerate(names):
            race.finish(name, 30_000 + 1_000 * i, hints=i % 2, detours=i)
        race.play()
        records.append(race.record())
    return records


def variant(template: RaceRecord, n: int, rng: random.Random) -> RaceRecord:
    """A copy of a template race with its own id, players' names and times, a day later or so."""
    results = []
    for row in template.results:
        time_ms = rng.randint(20_000, 400_000)
        dnf = rng.random() < 0.1
        results.append(
            {
                **row,
                "name": f"Player {rng.randrange(NAMES)}",
                "time": None if dnf else time_ms,
                "total": None if dnf else time_ms + row["penalty"],
                "dnf": dnf,
            }
        )
    day = 20_000 + n // 40
    return dataclasses.replace(
        template,
        id=f"bench{n:011d}",
        room_code=f"r{n:09d}",
        daily=f"2026-{1 + day % 12:02d}-{1 + day % 28:02d}" if n % 5 == 0 else None,
        started_at=template.started_at + n * 600,
        ended_at=template.ended_at + n * 600,
        results=results,
    )


async def fill(store: Store, count: int) -> tuple[float, int]:
    """Store `count` races copied from the templates; the time it took and the log rows written."""
    rng = random.Random(7)
    templates = template_races()
    rows = 0
    started = time.perf_counter()
    for n in range(count):
        record = variant(templates[n % len(templates)], n, rng)
        rows += len(record.log)
        await store.save_race(record)
    return time.perf_counter() - started, rows
