"""The data of the race events (`started`, `moved`, `finished`, `race_over`) and a move's ack.

The ghosts' own records are in `server.room.ghosts`.
"""

from typing import NotRequired, TypedDict

from server.maze.race_card import Count, DifficultyCard
from server.maze.wire import MazeJson
from server.room.events.players import PlayerEntry
from server.room.ghosts import GhostEntry, GhostSplit
from server.room.results import ResultRow


class Started(TypedDict):
    """`started`: the maze, at last (it is secret until now)."""

    race: str | None
    maze: MazeJson
    started_at: int
    shortest: NotRequired[int]
    """Not for racers in a fog race: the length of the way out is not theirs to know."""
    difficulty: NotRequired[DifficultyCard]
    """Not for racers in a fog race either: it tells the solution's length."""
    players: list[PlayerEntry]
    ghosts: NotRequired[list[GhostEntry]]
    """In a room with ghosts (`server.room.ghosts`): each on the entrance."""


class Position(TypedDict):
    """Where a racer stands: a move's ack."""

    cell: list[int]
    facing: str
    trail_len: int
    moves: int
    distance: NotRequired[int | None]
    """Steps left to the exit; not for racers in a fog race."""


class MoveAck(Position):
    """A move's ack: the position, and in a fog race the cells the move let the mover see."""

    seen: NotRequired[list[list[int]]]
    """`[r, c, bits]` of each newly seen cell (`fog.revealed`)."""
    rivals: NotRequired[list["RivalInSight"]]
    """In a fog race: every other racer in sight from the new cell (a rival standing still sends no
    `moved`, so walking into sight of them shows them here)."""


class RivalInSight(TypedDict):
    """Where a rival in sight stands."""

    id: str
    cell: list[int]
    facing: str


class Moved(Position):
    """`moved`: a racer's new position."""

    id: str


class MovedUnseen(TypedDict):
    """`moved` as a fog racer gets it when the mover stands where they cannot see: not where."""

    id: str
    moves: int


class Finished(TypedDict):
    """`finished`: a racer reached the exit (the rank is provisional until `race_over`)."""

    id: str
    rank: int
    time: int | None
    penalty: int
    moves: int
    hints: int


class RaceOver(TypedDict):
    """`race_over`: the results, how many shortest routes the maze had, its difficulty card, and
    whether the time limit ended the race (`time_up`: whoever had not finished is out)."""

    race: str | None
    results: list[ResultRow]
    shortest: int
    shortest_routes: Count
    difficulty: DifficultyCard | None
    time_up: bool
    ghosts: NotRequired[list[GhostSplit]]
    """In a room with ghosts: their times, for each player's split against each."""
