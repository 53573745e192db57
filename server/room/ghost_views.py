"""What each viewer may see of a room's ghosts: where they stand, never where they will go.

A ghost's steps stay on the server; clients get its position as it moves (`ghost` events), and in a fog
race a racer gets it only while the ghost stands in a cell they can see now, exactly as a rival's
`moved` (`views.event_for` picks the form by the event's `at`).
"""

from collections.abc import Container
from typing import TYPE_CHECKING

from server.maze.model import Cell, Maze
from server.room.ghosts import Ghost, GhostEntry, GhostMoved, GhostSplit, GhostUnseen

if TYPE_CHECKING:  # the room passes itself; only its type is needed here
    from server.room.state import RoomState


def ghost_cell(ghost: Ghost, made: int, maze: Maze) -> Cell:
    """Where `ghost` stands after `made` steps of a race on `maze`."""
    return maze.cell(ghost.cell_after(made, maze.index(maze.entrance)))


def ghost_entries(room: "RoomState", sees: Container[Cell] | None = None) -> list[GhostEntry]:
    """The room's ghosts as `started` and the snapshot list them; `sees` is what a fog racer sees now
    (None: everything), and a ghost outside it has no `room`."""
    entries: list[GhostEntry] = []
    for ghost in room.ghosts:
        entry: GhostEntry = {
            "id": ghost.id,
            "name": ghost.name,
            "colour": ghost.colour,
            "race": ghost.race,
            "time": ghost.time,
            "penalty": ghost.penalty,
        }
        if ghost.bot is not None:
            entry["bot"] = ghost.bot
        if room.maze is not None and room.phase in ("racing", "finished"):
            made = room.ghost_made.get(ghost.id, 0)
            cell = ghost_cell(ghost, made, room.maze)
            if sees is None or cell in sees:
                entry["cell"] = [cell[0], cell[1]]
            entry["moves"] = made
            entry["finished"] = made == len(ghost) and cell == room.maze.exit
        entries.append(entry)
    return entries


def ghost_moved(ghost: Ghost, made: int, cell: Cell, maze: Maze) -> GhostMoved:
    """The `ghost` event of a ghost that has made `made` steps and stands in `cell` now."""
    data: GhostMoved = {"id": ghost.id, "cell": [cell[0], cell[1]], "moves": made}
    if made == len(ghost) and cell == maze.exit:
        data["finished"] = True
        data["time"] = ghost.time
    return data


def ghost_unseen(moved: GhostMoved) -> GhostUnseen:
    """A `ghost` event as the fog racers who cannot see where the ghost went get it."""
    unseen: GhostUnseen = {"id": moved["id"], "moves": moved["moves"]}
    if "finished" in moved:
        unseen["finished"] = moved["finished"]
        unseen["time"] = moved.get("time")
    return unseen


def ghost_splits(room: "RoomState") -> list[GhostSplit]:
    """The ghosts as `race_over` lists them, for each player's split against each."""
    splits: list[GhostSplit] = []
    for g in room.ghosts:
        split: GhostSplit = {"id": g.id, "name": g.name, "time": g.time, "penalty": g.penalty}
        if g.bot is not None:
            split["bot"] = g.bot
        splits.append(split)
    return splits
