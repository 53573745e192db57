"""What is kept of a finished race: the record the store writes and the replay reads back."""

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NotRequired, Protocol, TypedDict, cast

from server.errors import GameError
from server.maze.fog import DEFAULT_VISION
from server.maze.race_card import DifficultyCard
from server.room.ghosts import Ghost
from server.room.players import Player
from server.room.racelog import LogState, RaceLog
from server.room.results import ResultRow, saved_rows
from server.room.settings import RoomSettings, SettingsJson


class Racer(TypedDict):
    """Who raced, as the record keeps them (spectators and players who sat the race out are not kept)."""

    id: str
    name: str
    colour: str


class RaceRecordJson(TypedDict):
    """A record's JSON form (the rescue file's races): its fields, with the log in `RaceLog.to_state`."""

    id: str
    room_code: str
    settings: SettingsJson
    seed: int
    daily: str | None
    started_at: float
    ended_at: float
    shortest: int
    players: list[Racer]
    results: list[ResultRow]
    log: LogState
    difficulty: NotRequired[DifficultyCard | None]
    """Absent from the races of rescue files written before the card existed."""
    known_maze: NotRequired[bool]
    """Absent from the races of rescue files written before ghost rooms existed."""
    guided: NotRequired[bool]
    """Absent from the races of rescue files written before guide bots made a race unranked."""


@dataclass(frozen=True)
class RaceRecord:
    """A finished race: settings and seed (the maze is regenerated from them), results, the full log."""

    id: str
    room_code: str
    settings: SettingsJson
    seed: int
    daily: str | None
    started_at: float
    ended_at: float
    shortest: int
    players: list[Racer]
    results: list[ResultRow]
    log: RaceLog
    """A copy of the room's packed log (copying arrays is a memory copy: microseconds for 720,000 moves)."""
    difficulty: DifficultyCard | None = None
    """The maze's difficulty card (`race_card`), with its number of shortest routes; None in records
    from before the card existed."""
    known_maze: bool = False
    """Raced in a ghost room on a stored race's maze, which its replay shows: never ranked (the daily
    maze's ghost rooms are daily rooms, ranked on the day's board like every daily race)."""
    guided: bool = False
    """A bot in the race could show the racers the way (`bots_show_the_way`): never ranked."""

    @property
    def ranked(self) -> bool:
        """Whether the race counts for the leaderboards: the daily maze, or a preset size raced on the
        standard rules (corners, no braid), and always on hint rules at least as strict as the defaults
        (at most 3 hints, at least 5 s a hint, hints that do not walk for you and show the way only to
        the next junction), so times compare fairly."""
        return counts_for_boards(self.settings, self.daily, self.known_maze, self.guided)

    def to_json(self) -> RaceRecordJson:
        """The record as JSON: every field as it is, the log packed (`RaceLog.to_state`)."""
        return {
            "id": self.id,
            "room_code": self.room_code,
            "settings": self.settings,
            "seed": self.seed,
            "daily": self.daily,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "shortest": self.shortest,
            "players": self.players,
            "results": self.results,
            "log": self.log.to_state(),
            "difficulty": self.difficulty,
            "known_maze": self.known_maze,
            "guided": self.guided,
        }

    @classmethod
    def from_json(cls, data: RaceRecordJson) -> "RaceRecord":
        """Inverse of `to_json`; a ValueError (or `GameError` for a broken log) if the fields are not
        exactly a record's."""
        if not isinstance(data, dict) or not _REQUIRED_FIELDS <= data.keys() <= _RECORD_FIELDS:
            raise ValueError("a race record must have exactly the fields of one")
        return cls(
            id=data["id"],
            room_code=data["room_code"],
            settings=data["settings"],
            seed=data["seed"],
            daily=data["daily"],
            started_at=data["started_at"],
            ended_at=data["ended_at"],
            shortest=data["shortest"],
            players=data["players"],
            results=saved_rows(data["results"]),
            log=RaceLog.from_state(data["log"], data["settings"]["cols"]),
            difficulty=data.get("difficulty"),
            known_maze=data.get("known_maze", False) is True,
            guided=data.get("guided", False) is True,
        )


_RECORD_FIELDS = frozenset(field.name for field in dataclasses.fields(RaceRecord))
_REQUIRED_FIELDS = _RECORD_FIELDS - {"difficulty", "known_maze", "guided"}
"""What the rescue files of older servers hold (from before the difficulty card, before ghost rooms)."""


STANDARD_HINT_LIMIT = 3
STANDARD_HINT_PENALTY = 5
STANDARD_HINT_REVEAL = RoomSettings.hint_reveal
"""A room whose hints show the whole way does not count: one hint there can decide the race."""


GUIDE_BOTS = ("shortest",)
"""Bots that walk the shortest way from the first step: following one is being shown the way."""


def bots_show_the_way(fog: bool, bot_kinds: Sequence[str]) -> bool:
    """Whether racers could learn the way from the race's bots, so its times do not compare with races
    run alone: the `shortest` bot walks it from the start (in a fog race it knows the maze nobody else
    does); and without fog every bot's trail is drawn on every screen, and a bot at 20 moves a second
    reaches the exit long before a person, its trail then the way. In fog, the exploring bots see no
    more than a racer and show only where they stand when in sight."""
    return any(kind in GUIDE_BOTS for kind in bot_kinds) or (not fog and len(bot_kinds) > 0)


def maze_known(has_ghosts: bool, daily: str | None) -> bool:
    """Whether a race's maze was known before it started: a ghost room off the daily maze races a stored
    race's maze, which its replay shows."""
    return has_ghosts and daily is None


def counts_for_boards(settings: SettingsJson, daily: str | None, known_maze: bool, guided: bool) -> bool:
    """The one rule for whether a race counts for the leaderboards, used by the record and by the
    lobby's preview alike: standard settings, a maze nobody knew, no bot showing the way."""
    return not known_maze and not guided and is_ranked(settings, daily)


def race_maze(record: "RaceRecord") -> str | None:
    """The share code of the published maze a race was run on (`settings["maze"]`), or None for a
    generated maze (and for every race stored before published mazes existed)."""
    code = cast(Mapping[str, object], record.settings).get("maze")
    return code if isinstance(code, str) else None


def counts_for_maze_board(settings: SettingsJson, known_maze: bool, guided: bool) -> bool:
    """Whether a race on a published maze counts for that maze's own board: its size, openings and
    topology are the maze's, so only the rules that change what a time means are checked (hints at
    least as strict as the defaults, fog at the standard vision), with no bot showing the way."""
    s = settings
    standard_fog = not s.get("fog", False) or s.get("vision", DEFAULT_VISION) == DEFAULT_VISION
    return not known_maze and not guided and strict_hints(s) and standard_fog


def strict_hints(settings: SettingsJson) -> bool:
    """Hint rules at least as strict as the defaults: at most 3 hints, at least 5 s a hint, hints that
    do not walk for you and show the way only to the next junction."""
    s = settings
    return (
        s["hint_limit"] <= STANDARD_HINT_LIMIT
        and s["hint_penalty"] >= STANDARD_HINT_PENALTY
        and not s["hint_moves"]
        # stored before the setting existed: counted as it was when saved (the column keeps that)
        and s.get("hint_reveal", STANDARD_HINT_REVEAL) == STANDARD_HINT_REVEAL
    )


def is_ranked(settings: SettingsJson, daily: str | None) -> bool:
    """See `RaceRecord.ranked`; the store's migration 5 applies the same rule in SQL."""
    s = settings
    standard = (
        s["preset"] != "custom"
        and s["braid"] == 0
        and s["openings"] == "corners"
        and s.get("directions", 4) == 4  # stored before 8 directions existed: 4
        and (s["algorithm"] != "growing-tree" or s.get("bias", "newest") == "newest")
        and (not s.get("fog", False) or s.get("vision", DEFAULT_VISION) == DEFAULT_VISION)
    )
    return strict_hints(s) and (daily is not None or standard)


class FinishedRoom(Protocol):
    """What a record is made from: the room whose race just ended (a `RoomState` is one). Declared here,
    so the record depends on what it reads, not on the room that holds the record until it is stored."""

    @property
    def code(self) -> str: ...
    @property
    def settings(self) -> RoomSettings: ...
    @property
    def phase(self) -> str: ...
    @property
    def race_id(self) -> str | None: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def daily(self) -> str | None: ...
    @property
    def started_at(self) -> float | None: ...
    @property
    def ended_at(self) -> float | None: ...
    @property
    def results(self) -> list[ResultRow] | None: ...
    @property
    def log(self) -> RaceLog: ...
    @property
    def ghosts(self) -> Sequence[Ghost]: ...
    @property
    def shortest(self) -> int: ...
    @property
    def card(self) -> DifficultyCard | None: ...
    def racers(self) -> list[Player]: ...


def race_record(room: FinishedRoom) -> RaceRecord:
    """The record of `room`'s race, which must have just finished."""
    if (
        room.phase != "finished"
        or room.race_id is None
        or room.seed is None
        or room.started_at is None
        or room.ended_at is None
        or room.results is None
    ):
        raise GameError("the room has no finished race to record", code="wrong_phase")
    players: list[Racer] = [{"id": p.id, "name": p.name, "colour": p.colour} for p in room.racers()]
    return RaceRecord(
        id=room.race_id,
        room_code=room.code,
        settings=room.settings.to_json(),
        seed=room.seed,
        daily=room.daily,
        started_at=room.started_at,
        ended_at=room.ended_at,
        shortest=room.shortest,
        players=players,
        results=list(room.results),
        log=room.log.copy(),
        difficulty=room.card,
        known_maze=maze_known(bool(room.ghosts), room.daily),
        guided=bots_show_the_way(room.settings.fog, [p.bot.kind for p in room.racers() if p.bot is not None]),
    )
