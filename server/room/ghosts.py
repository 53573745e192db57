"""Ghosts: a stored race's player replayed in real time beside the live racers.

A ghost is a record: who it was (name, colour, the stored race and its time there) and its steps, the
cells it moved into and when, read from the stored race's log (`RaceLog` entries with `what >= 0` are
moves). The room keeps beside each ghost how many steps it has made this race and advances it on the
room clock's tick (`race.advance_ghosts`): every step whose race time has come. So a ghost is a pure
function of the race's elapsed time, and a rebuilt room (restart, cluster takeover) carries on exactly.

A ghost is not a player: no standings, ranks or results rows, never stored as a racer, and the race does
not wait for it. Its steps never go to a client (a daily maze's route stays secret until the day is
over): clients get where it stands, as it stands there, and fog racers only in sight (`ghost_views`).
"""

import base64
import binascii
import itertools
import sys
from array import array
from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from server.errors import GameError
from server.room.racelog import RaceLog


class StepsJson(TypedDict):
    """A ghost's steps as a saved room keeps them: two base64 columns of `count` little-endian uint32,
    the race time in ms of each step and the cell it moved into (`r * cols + c`)."""

    count: int
    t: str
    cells: str


class GhostJson(TypedDict):
    """A ghost's JSON form (`Ghost.to_json`): the record, its steps packed."""

    id: str
    name: str
    colour: str
    race: str
    time: int | None
    penalty: int
    steps: StepsJson
    bot: NotRequired[str]


class GhostMoved(TypedDict):
    """`ghost`: a ghost moved (the steps its time had come for since the last tick); `room` is the cell
    it stands in now, `moves` how many steps it has made, `finished` and `time` once it reached the exit."""

    id: str
    cell: list[int]
    moves: int
    finished: NotRequired[bool]
    time: NotRequired[int | None]


class GhostUnseen(TypedDict):
    """`ghost` as a fog racer gets it when the ghost stands where they cannot see: not where."""

    id: str
    moves: int
    finished: NotRequired[bool]
    time: NotRequired[int | None]


class GhostEntry(TypedDict):
    """A ghost in `started` and the snapshot: who, their stored time, and from the race's start on where
    they stand (`room`, left out for a fog racer who cannot see it) and how many steps they made."""

    id: str
    name: str
    colour: str
    race: str
    time: int | None
    penalty: int
    cell: NotRequired[list[int]]
    moves: NotRequired[int]
    finished: NotRequired[bool]
    bot: NotRequired[str]


class GhostSplit(TypedDict):
    """A ghost in `race_over`: its time to compare each player's with."""

    id: str
    name: str
    time: int | None
    penalty: int
    bot: NotRequired[str]


def _little(column: "array[int]") -> bytes:
    if sys.byteorder == "big":
        column = array(column.typecode, column)
        column.byteswap()
    return column.tobytes()


def _column(text: object, count: int) -> "array[int]":
    if not isinstance(text, str):
        raise ValueError("a ghost's step column must be base64 text")
    try:
        data = base64.b64decode(text, validate=True)
    except binascii.Error as error:
        raise ValueError(f"a ghost's step column is not base64: {error}") from None
    if len(data) != 4 * count:
        raise ValueError("a ghost's step column does not match its count")
    column = array("I")
    column.frombytes(data)
    if sys.byteorder == "big":
        column.byteswap()
    return column


@dataclass(frozen=True)
class Ghost:
    """A stored race's player, to race against: who, their time there, and their steps in time order.

    `times` and `cells` are parallel columns (uint32): the race ms of each step and the flat index of the
    cell moved into, 8 bytes a step (a finisher's moves are bounded by the race's move cap), never changed
    once built.
    """

    id: str
    """The ghost's id in its room: `g1`, `g2`... (member ids are `p...` and `s...`)."""
    name: str
    colour: str
    race: str
    """The stored race it comes from."""
    time: int | None
    """Its race time to the exit there, in ms (None had it not finished)."""
    penalty: int
    """Its hint penalty there, in ms: its total is `time + penalty`, what players are ranked by."""
    times: "array[int]" = field(repr=False)
    cells: "array[int]" = field(repr=False)
    bot: str | None = None
    """A bot's kind when it was a bot there (a page names it in its own words); None for a person."""

    @property
    def steps(self) -> Iterator[tuple[int, int]]:
        """`(t_ms, cell index)` of every step, in time order."""
        return zip(self.times, self.cells, strict=True)

    def __len__(self) -> int:
        return len(self.times)

    def steps_due(self, elapsed_ms: int) -> int:
        """How many steps the ghost has made `elapsed_ms` into the race: all with `t <= elapsed_ms`."""
        return bisect_right(self.times, elapsed_ms)

    def cell_after(self, made: int, start: int) -> int:
        """The cell (flat index) the ghost stands in after `made` steps from `start` (the entrance)."""
        return self.cells[made - 1] if made > 0 else start

    # ----- JSON ------------------------------------------------------------------------------------------

    def to_json(self) -> GhostJson:
        """The record as JSON, the steps as two packed columns (a saved room keeps it)."""
        data: GhostJson = {
            "id": self.id,
            "name": self.name,
            "colour": self.colour,
            "race": self.race,
            "time": self.time,
            "penalty": self.penalty,
            "steps": {
                "count": len(self),
                "t": base64.b64encode(_little(self.times)).decode("ascii"),
                "cells": base64.b64encode(_little(self.cells)).decode("ascii"),
            },
        }
        if self.bot is not None:
            data["bot"] = self.bot
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], size: int) -> "Ghost":
        """Inverse of `to_json`, for a maze of `size` cells; a ValueError for anything that is not a
        ghost's form (a damaged saved room)."""
        try:
            steps = data["steps"]
            count = steps["count"]
            if not isinstance(count, int) or count < 0:
                raise ValueError("a ghost's step count must be a whole number")
            time, bot = data["time"], data.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise ValueError("a ghost's bot kind must be text")
            ghost = cls(
                id=str(data["id"]),
                name=str(data["name"]),
                colour=str(data["colour"]),
                race=str(data["race"]),
                time=None if time is None else int(time),
                penalty=int(data["penalty"]),
                times=_column(steps["t"], count),
                cells=_column(steps["cells"], count),
                bot=bot,
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a ghost: {error}") from None
        _check_steps(ghost.times, ghost.cells, size)
        return ghost


def _check_steps(times: "array[int]", cells: "array[int]", size: int) -> None:
    if any(later < earlier for earlier, later in itertools.pairwise(times)):
        raise ValueError("a ghost's steps must be in time order")
    if any(cell >= size for cell in cells):
        raise ValueError("a ghost steps outside its maze")


def ghost_from_race(race: Mapping[str, Any], player_id: object, ghost_id: str = "g1") -> Ghost:
    """The ghost of player `player_id` in a stored race (`Store.race`: its `results` rows and its `log`, a
    `RaceLog`). Refuses a player the race does not have (`unknown_player`), one who did not finish
    (`not_finished`) and a race whose log holds no moves of theirs (`no_log`)."""
    row = next((r for r in race["results"] if r["id"] == player_id), None)
    if row is None or not isinstance(player_id, str):
        raise GameError("that race has no player with that id", code="unknown_player")
    if row["dnf"] or row["time"] is None:
        raise GameError(f"{row['name']} did not finish that race: only finishers make ghosts", "not_finished")
    log: RaceLog = race["log"]
    settings = race["settings"]
    if player_id not in log.players or log.cols != settings["cols"]:
        raise GameError("that race kept no log of its moves to replay", code="no_log")
    who = log.players.index(player_id)
    times, cells = array("I"), array("I")
    last = 0
    for t, by, what in zip(log.times, log.who, log.what, strict=True):
        if by == who and what >= 0:
            last = max(last, t)  # a clock stepping back must not reorder the moves
            times.append(last)
            cells.append(what)
    if not times:
        raise GameError("that race kept no log of this player's moves", code="no_log")
    try:
        _check_steps(times, cells, settings["rows"] * settings["cols"])
    except ValueError:
        raise GameError("that race's log does not fit its maze", code="no_log") from None
    kept = (row["name"], row["colour"], race["id"], row["time"], row["penalty"])
    return Ghost(ghost_id, *kept, times, cells, bot=row.get("bot"))
