"""Who looks at a room: the `Viewer` every view is computed for, and the wire form of a cell."""

from collections.abc import Container
from dataclasses import dataclass

from server.maze.model import Cell
from server.room.state import RoomState


@dataclass(frozen=True)
class Viewer:
    """Who looks at the room: a member (or nobody in particular), whether they are still racing, and in
    a fog race the cells a racer sees now (None for everyone who sees all): the sight kept with their
    memory since their last move, never searched again for a viewer."""

    member_id: str | None
    racing: bool
    sees: Container[Cell] | None = None

    @classmethod
    def of(cls, room: RoomState, member_id: str | None) -> "Viewer":
        """The viewer a member of `room` is now."""
        player = room.players.get(member_id) if member_id is not None else None
        racing = player is not None and player.racing
        if not racing or player is None or player.fog is None or room.maze is None or player.trail is None:
            return cls(member_id, racing)
        maze = room.maze
        return cls(
            member_id,
            racing,
            player.fog.sight_from(maze, maze.index(player.trail.current), room.settings.vision),
        )


ANYONE = Viewer(None, racing=False)
"""A viewer who is not racing: what a room-wide broadcast carries (racers get theirs on the side)."""


def cell_json(cell: Cell) -> list[int]:
    """A cell as `[row, col]` on the wire."""
    return [cell[0], cell[1]]
