"""A room rebuilt by its new owner: the last snapshot, the commands logged since replayed exactly, and
the clock paused over the old owner's absence (as a restart does)."""

import json
from collections.abc import Callable

from server.cluster.ownership.shared_rooms import Lease, SharedRooms, holder_node
from server.errors import GameError
from server.room.commands import apply, command_from_json
from server.room.records import RaceRecord
from server.room.room import Room
from server.room.snapshot import maze_spec, rebuild_room, restore_room, room_snapshot
from server.runtime.course import build_course, build_course_off_loop


async def rebuild_from_log(
    shared: SharedRooms,
    lease: Lease,
    previous: str | None,
    now: float,
    save_race: Callable[[RaceRecord], object],
) -> Room:
    """The room from its snapshot and log, its clock paused over the owner's absence, stored
    again as one snapshot (so the next owner replays from here)."""
    stored = await shared.load(lease.code)
    spec = maze_spec(stored.state)
    course = await build_course_off_loop(spec) if spec is not None else None
    room = rebuild_room(stored.state, course)
    last = float(stored.state.get("last_active", 0.0))
    for data in stored.commands:
        command = command_from_json(data, lambda: room.maze)
        apply(room, command, build_course)
        record = room.take_finished_race()
        if record is not None:  # it may not have been stored before the owner died: saves are
            save_race(record)  # idempotent by race id
        last = max(last, command.now)
    node = holder_node(previous)
    alive = await shared.last_alive(node) if node is not None else None
    gone_since = min(now, max(last, alive or last))
    state = room_snapshot(room)
    room = restore_room(
        state, (room.maze, room.distances) if room.maze and room.distances else None, gone_since, now
    )
    written = await shared.snapshot(lease, json.dumps(room_snapshot(room)), release=False)
    if not written:
        raise GameError("another server took the room meanwhile", code="server_unavailable")
    return room
