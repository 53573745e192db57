"""What a visitor may see of a room before joining it: the join page's preview (`GET /api/rooms/{code}`).

Only what anyone joining as a spectator would see at once, and less: the settings, whether races here
count for the leaderboards, whether a seat is free, and each player's name, colour and state (host,
ready, away, a bot, finished). Never a member id or token, a position, a trail, a distance or the maze.
It is part of the room's summary (`views.summary`), which a cluster keeps in its shared state, so any
process can answer it; the public list leaves the roster and settings out (`PREVIEW_ONLY`).
"""

from typing import NotRequired, TypedDict

from server.room.records import bots_show_the_way, counts_for_boards, counts_for_maze_board, maze_known
from server.room.settings import MAX_PLAYERS_CAP
from server.room.state import RoomState

PREVIEW_ONLY = ("settings", "roster")
"""Summary fields for one room's preview, left out of the list of public rooms (which stays small)."""

MAX_ROSTER = MAX_PLAYERS_CAP
"""A room holds at most this many players, so a preview names at most this many (about 2 KB of JSON)."""


class RosterEntry(TypedDict):
    """A player as a visitor sees them in the preview."""

    name: str
    colour: str
    host: bool
    ready: bool
    connected: bool
    finished: bool
    bot: NotRequired[str]
    """A bot's kind."""


def roster(room: RoomState) -> list[RosterEntry]:
    """The players who have not left, in joining order."""
    entries: list[RosterEntry] = []
    for player in room.active_players()[:MAX_ROSTER]:
        entry: RosterEntry = {
            "name": player.name,
            "colour": player.colour,
            "host": player.id == room.host_id,
            "ready": player.ready,
            "connected": player.connected,
            "finished": player.finished_at is not None,
        }
        if player.bot is not None:
            entry["bot"] = player.bot.kind
        entries.append(entry)
    return entries


def ranked(room: RoomState) -> bool:
    """Whether this room's races count for the leaderboards (`records.RaceRecord.ranked`'s rule: a
    ghost room off the daily maze never does, its maze being in the ghost's replay; nor a room whose
    bots could show the way). A room on a published maze counts for that maze's own board on its
    rules (`records.counts_for_maze_board`), so its racers are guarded as in any ranked room."""
    bots = [p.bot.kind for p in room.active_players() if p.bot is not None]
    known_maze = maze_known(bool(room.ghosts), room.daily)
    settings, guided = room.settings.to_json(), bots_show_the_way(room.settings.fog, bots)
    if room.settings.maze is not None:
        return counts_for_maze_board(settings, known_maze, guided)
    return counts_for_boards(settings, room.daily, known_maze, guided)
