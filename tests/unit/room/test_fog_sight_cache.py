"""The fog views read each racer's sight from their memory (searched once a move) and send each form of
an event once: checked against the views as first written (`fog_oracle`), which searched afresh for
every viewer of every event. Any maze, vision, number of racers and order of moves, racers finishing
and leaving, a room rebuilt from its snapshot midway: every racer gets exactly what they got before.
"""

import json
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from server.errors import GameError
from server.maze.fog import FogMemory, Sight, revealed
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.room import views
from server.room.envelope import Envelope
from server.room.room import Room
from server.room.settings import parse_settings
from server.room.snapshot import maze_spec, rebuild_room, room_snapshot
from server.runtime.course import build_course
from tests.mazes import T0, neighbours, race_in_core, sight
from tests.unit.room import fog_oracle

NAMES = ("Ann", "Bob", "Cy", "Dee")


def fog_room(spec: dict[str, object], seed: int, racers: int) -> tuple[Room, list[str], str]:
    """A fog race under way with `racers` racers and a spectator; the racers' ids and the spectator's."""
    room = Room("abcdefghjk", parse_settings(spec), random.Random(seed), T0, countdown=1.0)
    ids = race_in_core(room, NAMES[:racers])
    watcher = room.join("Eve", "spectator", None, T0 + 1, new_token="t-eve")[0].id
    return room, ids, watcher


def check_viewers(room: Room, envelopes: list[Envelope], members: list[str], now: float) -> None:
    """Every member gets of `envelopes`, and of a snapshot, what the oracle's views give them."""
    fast = {member: views.Viewer.of(room, member) for member in members}
    slow = {member: fog_oracle.viewer_of(room, member) for member in members}
    for member in members:
        if slow[member].sees is None or room.maze is None:
            assert fast[member].sees is None
            continue
        fast_sees, slow_sees = fast[member].sees, slow[member].sees
        assert fast_sees is not None
        assert slow_sees is not None
        for r in range(-1, room.maze.rows + 1):
            for c in range(-1, room.maze.cols + 1):
                assert ((r, c) in fast_sees) == ((r, c) in slow_sees), (member, r, c)
        snapshot = views.snapshot(room, fast[member], now)
        assert json.dumps(snapshot) == json.dumps(views.snapshot(room, slow[member], now))
    for envelope in envelopes:
        for member in members:
            assert views.event_for(envelope, fast[member]) == fog_oracle.event_for(envelope, slow[member])
            assert views.is_redacted_for(envelope, fast[member]) == views.is_redacted_for(
                envelope, slow[member]
            )
        grouped = views.forms_for(envelope, fast)
        assert sorted(m for _, group in grouped for m in group) == sorted(members)
        assert len(grouped) <= 3
        for event, group in grouped:
            for member in group:
                assert event == fog_oracle.event_for(envelope, slow[member])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    side=st.integers(5, 9),
    algorithm=st.sampled_from(ALGORITHMS),
    directions=st.sampled_from((4, 8)),
    braid=st.sampled_from((0.0, 0.3, 1.0)),
    vision=st.integers(1, 10),
    racers=st.integers(2, 4),
    seed=st.integers(0, 2**20),
    actions=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 7), st.integers(0, 40)), max_size=40),
)
def test_cached_sight_gives_every_racer_what_searching_afresh_did(
    side: int,
    algorithm: str,
    directions: int,
    braid: float,
    vision: int,
    racers: int,
    seed: int,
    actions: list[tuple[int, int, int]],
) -> None:
    spec = {
        "preset": "custom",
        "rows": side,
        "cols": side + 1,
        "algorithm": algorithm,
        "directions": directions,
        "braid": braid,
        "fog": True,
        "vision": vision,
        "time_limit": 3600,
    }
    try:
        room, ids, watcher = fog_room(spec, seed, racers)
    except GameError:
        assume(False)  # a generator without an 8-direction form
        raise
    assert room.maze is not None
    members = [*ids, watcher]
    seen = {pid: bytearray(room.players[pid].fog.seen) for pid in ids}  # type: ignore[union-attr]
    check_viewers(room, [], members, T0 + 2)
    now = T0 + 2
    for who, choice, other in actions:
        now += 0.05
        if room.phase != "racing":  # everyone left: the room went back to the lobby (without them)
            break
        pid = ids[who % racers]
        player = room.players[pid]
        if other == 0 and player.racing:  # now and then a racer leaves mid-race
            check_viewers(room, room.leave(pid, now), members, now)
            continue
        if other == 1:  # or the room is rebuilt from its snapshot (a restart), the sight not carried
            state = json.loads(json.dumps(room_snapshot(room)))
            course = maze_spec(state)
            assert course is not None
            room = rebuild_room(state, build_course(course))
            check_viewers(room, [], members, now)
            continue
        if not player.racing or player.trail is None:
            continue
        maze = room.maze
        assert maze is not None
        options = neighbours(maze, player.trail.current)
        target = options[choice % len(options)]
        ack, envelopes = room.move(pid, target, now)
        assert (
            ack["seen"] == revealed(maze, fog_oracle.newly_seen(room, seen[pid], maze.index(target)))["cells"]
        )
        assert ack["rivals"] == fog_oracle.rivals_in_sight(room, player)
        assert player.fog is not None
        assert player.fog.seen == seen[pid]
        check_viewers(room, envelopes, members, now)


@given(seed=st.integers(0, 2**20), vision=st.integers(1, 10), cells=st.lists(st.integers(0, 99), max_size=30))
@settings(max_examples=60, deadline=None)
def test_a_memory_sees_from_each_cell_what_a_fresh_search_finds(
    seed: int, vision: int, cells: list[int]
) -> None:
    maze = generate(MazeSpec("classic", 10, 10, seed, braid=1.0, directions=8))
    memory = FogMemory.at_start(maze, vision)
    twin = memory.copy()
    for cell in cells:
        fresh = sight(maze, cell, vision)
        assert list(memory.sight_from(maze, cell, vision).cells) == fresh
        assert list(memory.sight_from(maze, cell, vision).cells) == fresh  # read back: the same
        other = vision % 10 + 1  # another vision from the same cell is searched, not read back
        assert list(memory.sight_from(maze, cell, other).cells) == sight(maze, cell, other)
    entrance = maze.index(maze.entrance)
    assert list(twin.sight_from(maze, entrance, vision).cells) == sight(maze, entrance, vision)


def test_a_sight_answers_only_for_cells_of_its_maze() -> None:
    seen = Sight(3, 4, dict.fromkeys([0, 3, 4, 11], 1))
    assert (0, 0) in seen
    assert (0, 3) in seen
    assert (1, 0) in seen
    assert (2, 3) in seen
    assert (0, 4) not in seen  # not cell 4 of row 1: outside the maze
    assert (-1, 4) not in seen
    assert (3, 0) not in seen
    assert (1, -1) not in seen
    assert None not in seen
    assert "x" not in seen
    assert (1, 2, 3) not in seen
