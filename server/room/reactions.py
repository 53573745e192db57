"""Quick reactions: a short fixed set of emoji a member shows beside their name, and never free text.

The set is defined here once; `GET /api/rules` serves it and the pages build their buttons from it, so
no client types a key of its own. A reaction is not room state: it changes nothing, is in no snapshot,
no race log and no command log, and takes no event version (the envelopes' `v` counts the room's
changes). The edge checks the member and the key here, rate limits the sender and sends the result to
the room as a `reacted` message beside the envelopes (docs/protocol.md, "Reactions").
"""

from dataclasses import dataclass
from typing import TypedDict

from server.errors import GameError
from server.room.state import RoomState


@dataclass(frozen=True)
class Reaction:
    """One reaction: the key the protocol carries, the emoji shown, and its words (for screen readers)."""

    key: str
    emoji: str
    label: str


REACTIONS: tuple[Reaction, ...] = (
    Reaction("gg", "👍", "GG"),
    Reaction("wow", "😮", "wow"),
    Reaction("oops", "😅", "oops"),
    Reaction("nice", "🎉", "nice"),
    Reaction("lol", "😂", "lol"),
    Reaction("go", "🏁", "go"),
)
"""Every reaction there is, in the order the pages show them."""

BY_KEY: dict[str, Reaction] = {reaction.key: reaction for reaction in REACTIONS}


class ReactionJson(TypedDict):
    """A reaction as `GET /api/rules` serves it."""

    key: str
    emoji: str
    label: str


class Reacted(TypedDict):
    """`reacted`: member `id` showed `reaction` (a key of `REACTIONS`)."""

    id: str
    reaction: str


def reactions_json() -> list[ReactionJson]:
    """The set as the rules serve it."""
    return [{"key": r.key, "emoji": r.emoji, "label": r.label} for r in REACTIONS]


def react(room: RoomState, member_id: str, key: object) -> Reacted:
    """What a member's reaction sends: refused unless `key` is one of the set and the member is in the
    room (a player who has not left, or a spectator). Changes nothing."""
    if not isinstance(key, str) or key not in BY_KEY:
        raise GameError(f"reaction must be one of {', '.join(BY_KEY)}", code="bad_payload")
    player = room.players.get(member_id)
    if member_id not in room.spectators and (player is None or player.left):
        raise GameError("join the room first", code="not_joined")
    return {"id": member_id, "reaction": key}
