"""The fog views as they were first written, kept as the oracle the fast ones are checked against.

Each viewer searched what it sees from scratch, for every viewer of every event, and held it as a set of
(row, col) cells; the forms of an event were picked one viewer at a time. Slow, but plainly right: the
property tests (`test_fog_sight_cache`) check the cached, per-mover sight gives exactly the same.
"""

from server.room.envelope import Envelope, WireEvent
from server.room.events.race import RivalInSight
from server.room.players import Player
from server.room.state import RoomState
from server.room.views.viewer import NOWHERE, Viewer, cell_json, watches_as_racer
from tests.mazes import sight


def viewer_of(room: RoomState, member_id: str | None) -> Viewer:
    """The viewer a member is now, their sight searched afresh (as `Viewer.of` once did)."""
    player = room.players.get(member_id) if member_id is not None else None
    racing = player is not None and player.racing
    if not racing and member_id is not None and watches_as_racer(room, member_id):
        return Viewer(member_id, True, NOWHERE if room.settings.fog else None)  # an onlooker kept from it
    if not racing or player is None or player.fog is None or room.maze is None or player.trail is None:
        return Viewer(member_id, racing)
    maze = room.maze
    in_sight = sight(maze, maze.index(player.trail.current), room.settings.vision)
    return Viewer(member_id, racing, frozenset(maze.cell(index) for index in in_sight))


def event_for(envelope: Envelope, viewer: Viewer) -> WireEvent:
    """`envelope` as `viewer` may see it, decided for this viewer alone."""
    if envelope.seen_d is not None and viewer.sees is not None and envelope.racer_d is not None:
        in_sight = viewer.member_id == envelope.d.get("id") or envelope.at in viewer.sees
        return {"v": envelope.v, "t": envelope.t, "d": envelope.seen_d if in_sight else envelope.racer_d}
    redacted = (envelope.seen_d is not None and viewer.sees is not None) or (
        envelope.racer_d is not None and viewer.racing and viewer.member_id != envelope.d.get("id")
    )
    if redacted and envelope.racer_d is not None:
        return {"v": envelope.v, "t": envelope.t, "d": envelope.racer_d}
    return envelope.to_json()


def newly_seen(room: RoomState, seen: bytearray, cell: int) -> list[int]:
    """The cells a step into `cell` shows for the first time, marked in `seen` (the old `look_from`)."""
    assert room.maze is not None
    new = [c for c in sight(room.maze, cell, room.settings.vision) if not seen[c]]
    for c in new:
        seen[c] = 1
    return new


def rivals_in_sight(room: RoomState, player: Player) -> list[RivalInSight]:
    """The rivals a fog racer's move ack shows: those standing where the mover sees now."""
    maze, trail = room.maze, player.trail
    assert maze is not None
    assert trail is not None
    in_sight = frozenset(sight(maze, maze.index(trail.current), room.settings.vision))
    return [
        {"id": rival.id, "cell": cell_json(rival.trail.current), "facing": rival.trail.facing.value}
        for rival in room.racers()
        if rival is not player
        and not rival.left
        and rival.trail is not None
        and maze.index(rival.trail.current) in in_sight
    ]
