"""The data of the membership events: who joined or left, who hosts, who is connected.

A player entry is also how `started`, `lobby` and the snapshot list the players.
"""

from typing import Literal, NotRequired, TypedDict

from server.room.bot_spec import BotSpecJson


class PlayerEntry(TypedDict):
    """A player as every client sees them (docs/protocol.md, "A player entry"): never the token; the
    position and trail once a race has started, the time and rank once they finished."""

    id: str
    name: str
    colour: str
    ready: bool
    connected: bool
    host: bool
    moves: int
    hints: int
    penalty: int
    finished: bool
    dnf: bool
    left: bool
    cell: NotRequired[list[int]]
    facing: NotRequired[str]
    trail: NotRequired[list[list[int]]]
    distance: NotRequired[int | None]
    seen: NotRequired[str]
    """In a fog race, to spectators and those done racing: the cells this racer has seen (a bitset)."""
    bot: NotRequired[BotSpecJson]
    """Set for a bot: its kind and speed (moves a second)."""
    time: NotRequired[int | None]
    rank: NotRequired[int]


class PlayerJoined(PlayerEntry):
    """`joined` of a player: their entry."""

    role: Literal["player"]


class SpectatorsChanged(TypedDict):
    """`joined` or `left` of a spectator: who, and how many watch now."""

    id: str
    role: Literal["spectator"]
    spectators: int


class PlayerLeft(TypedDict):
    """`left` of a player (a racer stays in the results as DNF)."""

    id: str
    role: Literal["player"]


class HostChanged(TypedDict):
    """`host`: the new host (None when the last player left)."""

    id: str | None


class Kicked(TypedDict):
    """`kicked`: the host removed this member (a `left` follows)."""

    id: str


class Presence(TypedDict):
    """`presence`: a player's connection dropped or came back."""

    id: str
    connected: bool
