"""Rooms racing a published maze: what carrying the maze in the commands and the snapshot costs.

The settings command that names a published maze carries the maze itself (the log and a cluster's
shared state hold it, so a room rebuilds without the store); the start's spec carries it again; a saved
room keeps it. Measured on the room bounds' biggest maze, 150 x 150, braided (loops, as hand-made mazes
have), in 4 and 8 directions: the command's JSON and the time to read it back, the settings check with
the maze's fingerprint, a start's course build (no generation: the maze as it is) beside a generated
maze's, and a lobby snapshot's size with and without the maze.
"""

import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from server.maze.generation import MazeSpec, generate
from server.maze.share_code import share_code
from server.room.commands import ChangeSettings, command_from_json, command_to_json
from server.room.room import Room
from server.room.settings import RoomSettings, parse_settings
from server.room.snapshot import room_snapshot
from server.runtime.course import build_course
from tests.bench.timing import print_table, seconds

NAME = "maze_rooms"
TITLE = "Rooms on a published maze: the maze in the settings command, the start and the snapshot"

SIDE = 150


def median_time(job: Callable[[], object], repeats: int) -> float:
    """The median wall time of `job` over `repeats` runs."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        job()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def cold_builds(spec: MazeSpec, builds: int) -> tuple[float, float]:
    """Median start builds of fresh mazes (the hint tree and card are kept per maze, so each build is of
    a maze never built before): a published one taken as it is, and a generated one."""
    published, generated = [], []
    for k in range(builds):
        maze = generate(replace(spec, seed=1000 + k))
        as_it_is = MazeSpec(spec.algorithm, maze.rows, maze.cols, 1, directions=maze.directions, layout=maze)
        published.append(median_time(lambda s=as_it_is: build_course(s), 1))
        fresh = replace(spec, seed=2000 + k)
        generated.append(median_time(lambda s=fresh: build_course(s), 1))
    return statistics.median(published), statistics.median(generated)


def snapshot_bytes(settings: RoomSettings) -> int:
    room = Room("benchroom1", settings, random.Random(1), 0.0)
    room.join("Host", "player", None, 0.0, new_token="t" * 22)
    return len(json.dumps(room_snapshot(room)))


def run(quick: bool = False) -> None:
    repeats, builds = (3, 1) if quick else (11, 3)
    rows = []
    for directions in (4, 8):
        spec = MazeSpec("backtracker", SIDE, SIDE, 7, braid=0.5, directions=directions)
        maze = generate(spec)
        code = share_code(maze)
        text = json.dumps(command_to_json(ChangeSettings("p1", {"maze": code}, 0.0, maze)))
        read = median_time(lambda t=text: command_from_json(json.loads(t), lambda: None), repeats)
        check = median_time(lambda c=code, m=maze: parse_settings({"maze": c}, layout=m), repeats)
        racing = parse_settings({"maze": code}, layout=maze)
        made, generated = cold_builds(spec, builds)
        plain = RoomSettings(preset="custom", rows=SIDE, cols=SIDE, directions=directions)
        rows.append(
            [
                f"{directions} directions",
                f"{len(text):,}",
                seconds(read),
                seconds(check),
                seconds(made),
                seconds(generated),
                f"{snapshot_bytes(plain):,} / {snapshot_bytes(racing):,}",
            ]
        )
    print_table(
        f"A {SIDE} x {SIDE} maze (braid 0.5), median of {repeats} (builds: of {builds} fresh mazes)",
        [
            "maze",
            "settings command (B)",
            "read back",
            "settings check",
            "start's build",
            "generated's build",
            "lobby snapshot (B): generated / published",
        ],
        rows,
        note="The start's build is the distances, hint tree and card of the maze as it is; a generated "
        "room's also generates it.",
    )
