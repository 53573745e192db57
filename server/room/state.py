"""What a room is made of: its fields, the event outbox, and the queries every rule module shares.

`RoomState` holds data and answers questions about it; it has no rules. The rule modules (see the
package's docstring) change it, each through its own functions, and record every change with `emit`;
the checks that refuse a command are `guards`.
"""

import random
from collections.abc import Sequence
from typing import Literal

from server.maze.model import Maze
from server.maze.race_card import Count, DifficultyCard, card_of, count_json
from server.room.envelope import Envelope
from server.room.events import EventData
from server.room.ghosts import Ghost
from server.room.players import Player
from server.room.racelog import RaceLog, hint_cap, move_cap
from server.room.records import RaceRecord
from server.room.results import ResultRow
from server.room.settings import MAX_PLAYERS_CAP, RoomSettings

Phase = Literal["lobby", "countdown", "racing", "finished"]
Role = Literal["player", "spectator"]

UNJOINED_TIMEOUT = 60.0
"""Seconds a room that nobody ever joined lives: creating rooms must not fill the server."""


def ms(seconds: float) -> int:
    """Seconds (the caller's clock) as the wire's milliseconds."""
    return round(seconds * 1000)


class RoomState:
    """The authoritative state of one room: fields, outbox and queries (the rules are functions over it)."""

    def __init__(
        self,
        code: str,
        settings: RoomSettings,
        rng: random.Random,
        now: float,
        *,
        countdown: float = 3.0,
        grace: float = 60.0,
        daily: str | None = None,
        fixed_seed: int | None = None,
        ghosts: Sequence[Ghost] = (),
    ) -> None:
        self.code = code
        self.daily = daily
        """The UTC date of the daily maze this room races, if it is a daily room."""
        self.fixed_seed = fixed_seed
        """Every race of the room uses this seed (the daily maze); None draws a new seed each race."""
        self.ghosts: tuple[Ghost, ...] = tuple(ghosts)
        """Stored races' players raced beside the live ones (`ghosts`); their maze is `fixed_seed`'s."""
        self.ghost_made: dict[str, int] = {ghost.id: 0 for ghost in self.ghosts}
        """How many steps each ghost has made this race."""
        self.race_id: str | None = None
        self.settings = settings
        self.countdown = countdown
        self.grace = grace
        self.phase: Phase = "lobby"
        self.version = 0
        self.players: dict[str, Player] = {}
        self.spectators: set[str] = set()
        self.host_id: str | None = None
        self.seed: int | None = None
        self.maze: Maze | None = None
        self.distances: list[int] | None = None
        self.start_at: float | None = None
        self.started_at: float | None = None
        self.ended_at: float | None = None
        self.results: list[ResultRow] | None = None
        self.log = RaceLog()
        self.last_active = now
        """When a person last did something here (a bot's steps are not activity: see `is_idle`)."""
        self.rng = rng
        self.serial = 0
        self.outbox: list[Envelope] = []
        """Events recorded by the command being applied (`emit`), until `drain`."""
        self.finished_race: RaceRecord | None = None
        """The race that just ended, until the caller takes it to store (`Room.take_finished_race`)."""
        self.locked = False
        """Set by the host: no new players join (spectators still may; players with a token return)."""
        self.sitting_out: set[str] = set()
        """Players the host started without (not ready): they watch this race."""

    # ----- the event outbox and ids -----------------------------------------------------------------

    def emit(
        self,
        kind: str,
        data: EventData,
        racer_data: EventData | None = None,
        *,
        seen_data: EventData | None = None,
        at: tuple[int, int] | None = None,
        own_data: EventData | None = None,
    ) -> None:
        """Record a change as the next version's event; `Room` drains them after each command."""
        self.version += 1
        self.outbox.append(Envelope(self.version, kind, data, racer_data, seen_data, at, own_data))

    def drain(self) -> list[Envelope]:
        """The events recorded since the last drain, to broadcast (the outbox is empty between commands)."""
        out, self.outbox = self.outbox, []
        return out

    def next_id(self, prefix: str) -> str:
        """A new member id (`p3`, `s4`): one counter for the room, so a replay draws the same ids."""
        self.serial += 1
        return f"{prefix}{self.serial}"

    # ----- queries -----------------------------------------------------------------------------------

    def active_players(self) -> list[Player]:
        """Players who have not left, in joining order."""
        return [p for p in self.players.values() if not p.left]

    def racers(self) -> list[Player]:
        """Everyone who took part in the current or last race, including those who left it."""
        return [p for p in self.players.values() if p.trail is not None]

    @property
    def seats_full(self) -> bool:
        """Whether every seat is taken: a newcomer can only watch, and no bot or seat can be added."""
        return len(self.active_players()) >= min(self.settings.max_players, MAX_PLAYERS_CAP)

    def people(self) -> list[Player]:
        """The players who are people (not bots) and have not left, in joining order."""
        return [p for p in self.players.values() if not p.left and p.bot is None]

    @property
    def watched(self) -> bool:
        """Whether a person is connected here: a player with a live connection, or a spectator. Bots
        never count: a room of bots alone is nobody's, its bots wait and it idles out."""
        return bool(self.spectators) or any(p.connected for p in self.people())

    @property
    def awaited(self) -> bool:
        """Whether a person who dropped is still within the grace period to come back."""
        return any(p.disconnected_at is not None for p in self.people())

    @property
    def shortest(self) -> int:
        """Length in steps of the shortest way from the entrance to the exit."""
        if self.maze is None or self.distances is None:
            return 0
        return self.distances[self.maze.index(self.maze.entrance)]

    @property
    def card(self) -> DifficultyCard | None:
        """The difficulty card of the race's maze (built with the maze, off the event loop), once there
        is a maze."""
        return card_of(self.maze) if self.maze is not None else None

    @property
    def shortest_routes(self) -> Count:
        """How many distinct shortest routes lead from the entrance to the exit (exact, as the wire
        carries it: `race_card.count_json`); 0 before there is a maze."""
        card = self.card
        return card["shortest_paths"] if card is not None else count_json(0)

    def time_is_up(self, now: float) -> bool:
        """Whether the race started and its time limit has passed at `now`."""
        return self.started_at is not None and now >= self.started_at + self.settings.time_limit

    @property
    def ended_on_time(self) -> bool:
        """Whether the race ended because its time was up (not because everyone finished or left):
        the results say so, and a rejoining viewer's snapshot too."""
        return self.ended_at is not None and self.time_is_up(self.ended_at)

    def move_cap(self) -> int:
        """Most moves a racer may make in one race (`racelog.move_cap`): what the move limit allows in
        the time limit, and room to explore every cell twice; it bounds the race log's memory."""
        s = self.settings
        return move_cap(s.rows, s.cols, s.time_limit, self.hint_cap() if s.hint_moves else 0)

    def hint_cap(self) -> int:
        """Most hints a racer may get in one race: the room's limit, within what one a second allows."""
        return hint_cap(self.settings.hint_limit, self.settings.time_limit)

    def is_idle(self, now: float, timeout: float) -> bool:
        """No person connected or coming back (bots are nobody), and no person did anything for
        `timeout` seconds (a room nobody ever joined goes sooner): the room can close."""
        if self.watched or self.awaited:
            return False
        limit = timeout if self.serial else min(timeout, UNJOINED_TIMEOUT)
        return now - self.last_active >= limit
