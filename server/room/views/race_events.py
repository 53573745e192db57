"""The race's events and a move's ack as a fog racer gets them: only what they can see."""

from typing import cast

from server.maze.fog import FogMemory, fogged_maze, revealed
from server.maze.model import Maze
from server.room.events.race import MoveAck, Moved, MovedUnseen, Started
from server.room.players import Player
from server.room.state import RoomState
from server.room.views.players import fog_entry, position
from server.room.views.viewer import Viewer, cell_json


def started_for_fog(started: Started, maze: Maze, start: FogMemory) -> Started:
    """`started` as every racer of a fog race gets it: the maze as seen from the entrance, and the
    players where they stand (at the entrance, in sight) without trails."""
    fogged: Started = {k: v for k, v in started.items() if k not in ("shortest", "difficulty")}  # type: ignore[assignment]
    fogged["maze"] = fogged_maze(maze, start.seen)
    at_start = Viewer(
        None, racing=True, sees=frozenset(maze.cell(i) for i, flag in enumerate(start.seen) if flag)
    )
    fogged["players"] = [fog_entry(entry, at_start) for entry in started["players"]]
    return fogged


def moved_seen(moved: Moved) -> Moved:
    """A fog race's `moved` for the mover and the racers who see where they went: no distance."""
    return cast(Moved, {k: v for k, v in moved.items() if k != "distance"})


def moved_unseen(moved: Moved) -> MovedUnseen:
    """A fog race's `moved` for the racers who cannot see where the mover went."""
    return {"id": moved["id"], "moves": moved["moves"]}


def move_ack(room: RoomState, player: Player, newly_seen: list[int]) -> MoveAck:
    """A move's ack: the position; in a fog race without the distance, with the cells just seen and
    where the rivals in sight from the new cell stand (one standing still is sent no `moved`)."""
    trail = player.trail
    maze = room.maze
    if trail is None or maze is None:
        raise ValueError("a move's ack needs a racer in a race")
    ack = cast(MoveAck, position(player, trail))
    if player.fog is not None:
        del ack["distance"]
        ack["seen"] = revealed(maze, newly_seen)["cells"]
        in_sight = player.fog.sight_from(maze, maze.index(trail.current), room.settings.vision).cells
        ack["rivals"] = [
            {"id": rival.id, "cell": cell_json(rival.trail.current), "facing": rival.trail.facing.value}
            for rival in room.racers()
            if rival is not player
            and not rival.left
            and rival.trail is not None
            and maze.index(rival.trail.current) in in_sight
        ]
    return ack
