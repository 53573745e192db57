"""Ghosts: what making one and racing one cost.

Building a ghost from the biggest stored log the bounds allow (16 racers, 45,000 moves each: 720,000
entries, the replay benchmark's worst case) runs in a worker thread at room creation; the room clock then
moves each ghost on every tick (a binary search in its step times); a saved room carries its steps
(8 bytes a step, base64). The tick is timed against the same room without the ghost.
"""

import json
import random
import statistics
import time
from array import array

from server.room.ghosts import Ghost, ghost_from_race
from server.room.racelog import RaceLog
from server.room.room import Room
from server.room.settings import RoomSettings
from server.room.snapshot import room_snapshot
from server.runtime.course import build_course

NAME = "ghosts"
TITLE = "Ghosts: building one from the biggest log, a tick with a ghost, a saved room's size"

RACERS = 16
MOVES = 45_000
SIDE = 150
TICKS = 2000


def big_race(moves: int) -> dict[str, object]:
    """A stored race of RACERS players with `moves` moves each, interleaved as a race logs them."""
    log = RaceLog(SIDE, [f"p{n}" for n in range(1, RACERS + 1)])
    source = random.Random(1)
    times = array("I", (k * 13 // RACERS for k in range(RACERS * moves)))
    log.times = times
    log.who = array("B", (k % RACERS for k in range(RACERS * moves)))
    log.what = array("i", (source.randrange(SIDE * SIDE) for _ in range(RACERS * moves)))
    results = [
        {"id": f"p{n}", "name": f"P{n}", "colour": "#000000", "time": moves * 13, "penalty": 0, "dnf": False}
        for n in range(1, RACERS + 1)
    ]
    return {"id": "r" * 16, "settings": {"rows": SIDE, "cols": SIDE}, "results": results, "log": log}


def racing_room(ghost: Ghost | None) -> tuple[Room, float]:
    settings = RoomSettings(preset="custom", rows=SIDE, cols=SIDE, time_limit=3600)
    room = Room("benchroom1", settings, random.Random(1), 0.0, countdown=0.0, ghosts=[ghost] if ghost else [])
    host = room.join("Host", "player", None, 0.0, new_token="t" * 22)[0].id
    spec = room.prepare_start(host)
    maze, distances = build_course(spec)
    room.start(host, spec, maze, distances, 0.0, race_id="r" * 16)
    room.tick(0.0)
    return room, 0.0


def tick_us(ghost: Ghost | None, gap: float) -> float:
    """Mean microseconds a tick of a racing room takes, ticks `gap` seconds of race time apart."""
    room, began = racing_room(ghost)
    started = time.perf_counter()
    for k in range(1, TICKS + 1):
        room.tick(began + k * gap)
    return (time.perf_counter() - started) / TICKS * 1e6


def run(quick: bool = False) -> None:
    moves = MOVES // 10 if quick else MOVES
    race = big_race(moves)
    builds = []
    for _ in range(3):
        started = time.perf_counter()
        ghost = ghost_from_race(race, "p1")
        builds.append(time.perf_counter() - started)
    print(f"build a ghost of {moves:,} steps from a log of {RACERS * moves:,} entries:"
          f" {statistics.median(builds) * 1000:.0f} ms (median of 3, in a worker thread)")  # fmt: skip
    gap = 0.1  # the production tick: a ghost stepping every 13 ms makes ~8 steps a tick
    bare, with_ghost = tick_us(None, gap), tick_us(ghost, gap)
    print(f"a racing room's tick ({SIDE}x{SIDE}, {TICKS} ticks 0.1 s apart): {bare:.1f} us without a ghost,"
          f" {with_ghost:.1f} us with one (one `ghost` event a tick)")  # fmt: skip
    room, _ = racing_room(ghost)
    started = time.perf_counter()
    text = json.dumps(room_snapshot(room))
    took = time.perf_counter() - started
    plain = json.dumps(room_snapshot(racing_room(None)[0]))
    print(f"a saved room: {len(text) / 1024:.0f} KiB with the ghost ({len(plain) / 1024:.0f} KiB without),"
          f" snapshot + JSON {took * 1000:.1f} ms")  # fmt: skip
