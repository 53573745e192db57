"""The membership rules: who is in the room (join, return, drop, leave, kick, take a seat), who hosts it,
and the grace period of a dropped player.

Leaving in the middle of a race may end it (`race.check_over`), and the last player leaving a countdown
or the results opens the room again (`race.back_to_lobby`).
"""

import hmac
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from server.errors import GameError
from server.room import race
from server.room.guards import require_host
from server.room.names import clean_name, unique_name
from server.room.players import PALETTE, Player
from server.room.state import Role, RoomState
from server.room.views.players import player_entry

MAX_SPECTATORS = 100


class MembershipJson(TypedDict):
    """The `you` object of a join ack: the member id and role, and a player's token and colour."""

    id: str
    role: Role
    token: NotRequired[str]
    colour: NotRequired[str | None]


@dataclass(frozen=True)
class Membership:
    """Who joined: the member id, the role they got, and (players) their secret token and colour."""

    id: str
    role: Role
    token: str | None
    colour: str | None

    def to_json(self) -> MembershipJson:
        """The `you` object of a join ack."""
        data: MembershipJson = {"id": self.id, "role": self.role}
        if self.token is not None:
            data["token"] = self.token
            data["colour"] = self.colour
        return data


def join(
    state: RoomState, name: object, role: Role, token: str | None, now: float, new_token: str
) -> Membership:
    """Add a player or spectator, or give a returning player (by token) their place back.

    `new_token` is the secret a new player gets (the caller draws it, so replaying the join gives
    the same player the same token); it is unused when the join makes no new player.
    """
    state.last_active = now
    if token is not None:
        for player in state.players.values():
            if not player.left and player.bot is None and hmac.compare_digest(player.token, token):
                return _rejoin(state, player)
    if role == "player":
        display = clean_name(name)
        if state.phase in ("lobby", "finished") and not state.seats_full and not state.locked:
            return _add_player(state, display, now, new_token)
    if len(state.spectators) >= MAX_SPECTATORS:
        raise GameError("this room has no room for more spectators", code="room_full")
    spectator_id = state.next_id("s")
    state.spectators.add(spectator_id)
    state.emit("joined", {"id": spectator_id, "role": "spectator", "spectators": len(state.spectators)})
    return Membership(spectator_id, "spectator", None, None)


def _add_player(state: RoomState, name: str, now: float, token: str) -> Membership:
    unique = unique_name(name, [p.name for p in state.active_players()])
    used = {p.colour for p in state.active_players()}
    colour = next(c for c in PALETTE if c not in used)
    player = Player(state.next_id("p"), unique, colour, token, now)
    state.players[player.id] = player
    state.emit("joined", {**player_entry(state, player), "role": "player"})
    _claim_host(state, player)
    return Membership(player.id, "player", player.token, player.colour)


def _rejoin(state: RoomState, player: Player) -> Membership:
    if not player.connected:
        player.connected = True
        player.disconnected_at = None
        state.emit("presence", {"id": player.id, "connected": True})
    _claim_host(state, player)
    return Membership(player.id, "player", player.token, player.colour)


def _claim_host(state: RoomState, person: Player) -> None:
    """A person joining (or coming back to) a room that no person hosts becomes its host: a bot never
    hosts, so a room its last person left is the next person's."""
    if state.host_id is None:
        state.host_id = person.id
        state.emit("host", {"id": person.id})


def disconnect(state: RoomState, member_id: str, now: float) -> None:
    """A connection dropped: spectators go at once, players keep their place for the grace period."""
    state.last_active = now
    if member_id in state.spectators:
        leave(state, member_id, now)
        return
    player = state.players.get(member_id)
    if player is None or player.left or not player.connected:
        return
    player.connected = False
    player.disconnected_at = now
    state.emit("presence", {"id": player.id, "connected": False})


def expire_grace(state: RoomState, now: float) -> None:
    """The clock's part here: a player away for the whole grace period leaves."""
    for player in state.active_players():
        gone_since = player.disconnected_at
        if not player.connected and gone_since is not None and now - gone_since >= state.grace:
            leave(state, player.id, now)


def leave(state: RoomState, member_id: str, now: float) -> None:
    """A member leaves for good: a racer is out of the race (DNF); the host passes on to a person, or
    to nobody until a person joins."""
    state.last_active = now
    if member_id in state.spectators:
        state.spectators.discard(member_id)
        state.emit("left", {"id": member_id, "role": "spectator", "spectators": len(state.spectators)})
        return
    player = state.players.get(member_id)
    if player is None or player.left:
        return
    if player.trail is not None and state.phase in ("racing", "finished"):
        player.left = True  # kept for the results
        if player.finished_at is None:
            player.dnf = True
    else:
        del state.players[member_id]
    player.connected = False
    state.emit("left", {"id": member_id, "role": "player"})
    if state.host_id == member_id:  # to a person, never a bot (`pass_host` refuses bots too)
        remaining = sorted(state.people(), key=lambda p: (not p.connected, p.joined_at))
        state.host_id = remaining[0].id if remaining else None
        state.emit("host", {"id": state.host_id})
    if state.phase == "countdown" and not state.people():
        race.back_to_lobby(state)  # no race for bots alone
    race.check_over(state, now)
    if state.phase == "finished" and not state.people():
        race.back_to_lobby(state)  # nobody is left to ask for a rematch: open the room again


def kick(state: RoomState, member_id: str, target_id: str, now: float) -> None:
    """The host removes a player or spectator for good: a racer is DNF, and the token stops working
    (lock the room to keep them from joining again as someone new)."""
    require_host(state, member_id)
    if target_id == member_id:
        raise GameError("the host cannot kick themselves; leave instead", code="bad_payload")
    player = state.players.get(target_id)
    if target_id not in state.spectators and (player is None or player.left):
        raise GameError("nobody in this room has that id", code="unknown_member")
    state.emit("kicked", {"id": target_id})
    leave(state, target_id, now)


def take_seat(state: RoomState, member_id: str, name: object, now: float, new_token: str) -> Membership:
    """A spectator takes a free seat between races (the lobby or the results): they become a new
    player, with a token of their own (`new_token`, drawn by the caller), so reconnecting brings
    them back as that player. Refused when the room is full or locked, or a race is on."""
    player = state.players.get(member_id)
    if player is not None and not player.left:
        raise GameError("you already have a seat", code="not_spectator")
    if member_id not in state.spectators:
        raise GameError("nobody in this room has that id", code="unknown_member")
    if state.phase not in ("lobby", "finished"):
        raise GameError("seats are taken between races: wait for the results", code="wrong_phase")
    if state.locked:
        raise GameError("the host has locked the room to new players", code="room_locked")
    if state.seats_full:
        raise GameError("every seat is taken", code="room_full")
    display = clean_name(name)
    state.last_active = now
    state.spectators.discard(member_id)
    state.emit("left", {"id": member_id, "role": "spectator", "spectators": len(state.spectators)})
    return _add_player(state, display, now, new_token)


def pass_host(state: RoomState, member_id: str, target_id: str) -> None:
    """The host hands the host role to another player: a person (not a bot) who is connected and
    has not left. Any phase."""
    require_host(state, member_id)
    if target_id == member_id:
        raise GameError("you are the host already", code="not_eligible")
    if target_id in state.spectators:
        raise GameError("a spectator cannot host: they take a seat first", code="not_eligible")
    target = state.players.get(target_id)
    if target is None or target.left:
        raise GameError("no player in this room has that id", code="unknown_member")
    if target.bot is not None:
        raise GameError("a bot cannot host", code="not_eligible")
    if not target.connected:
        raise GameError(f"{target.name} is away: pass it to someone connected", code="not_eligible")
    state.host_id = target_id
    state.emit("host", {"id": target_id})
