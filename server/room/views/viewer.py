"""Who looks at a room: the `Viewer` every view is computed for, and the wire form of a cell.

During a race in a fog room or a ranked room, whoever is not racing and has not finished (spectators,
players sitting the race out) sees it as a racer who stands nowhere: in fog, the maze as seen from the
entrance and nobody's position; in any such room, no rival's hint way. Otherwise a racer's second tab,
joined as a spectator, would show them the whole maze, the rivals and their hints.
"""

from collections.abc import Container
from dataclasses import dataclass

from server.maze.model import Cell
from server.room import preview
from server.room.state import RoomState

NOWHERE: frozenset[Cell] = frozenset()
"""The sight of a spectator of a fog race: no cell beyond what every racer was shown at the start."""


@dataclass(frozen=True)
class Viewer:
    """Who looks at the room: a member (or nobody in particular), whether they see the race as a racer
    does (`racing`: a racer, or an onlooker of a race kept from onlookers, `watches_as_racer`), and in a
    fog race the cells they see now (None for everyone who sees all): a racer's sight is the one kept with
    their memory since their last move, never searched again for a viewer."""

    member_id: str | None
    racing: bool
    sees: Container[Cell] | None = None

    @classmethod
    def of(cls, room: RoomState, member_id: str | None) -> "Viewer":
        """The viewer a member of `room` is now."""
        player = room.players.get(member_id) if member_id is not None else None
        racing = player is not None and player.racing
        if not racing and member_id is not None and watches_as_racer(room, member_id):
            return cls(member_id, True, NOWHERE if room.settings.fog else None)
        if not racing or player is None or player.fog is None or room.maze is None or player.trail is None:
            return cls(member_id, racing)
        maze = room.maze
        return cls(
            member_id,
            racing,
            player.fog.sight_from(maze, maze.index(player.trail.current), room.settings.vision),
        )


def watches_as_racer(room: RoomState, member_id: str) -> bool:
    """Whether a member who is not racing still sees the race as a racer would: during a race in a fog
    or ranked room, everyone but the players who have finished it."""
    if room.phase != "racing" or not (room.settings.fog or preview.ranked(room)):
        return False
    player = room.players.get(member_id)
    return player is None or player.finished_at is None


ANYONE = Viewer(None, racing=False)
"""A viewer who is not racing: what a room-wide broadcast carries (racers get theirs on the side)."""


def cell_json(cell: Cell) -> list[int]:
    """A cell as `[row, col]` on the wire."""
    return [cell[0], cell[1]]
