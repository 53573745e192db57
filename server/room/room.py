"""One room: who is in it (join, return, drop, leave, kick) and its clock, on top of the rule layers.

A room is pure and deterministic: the caller passes the time, the maze, new players' tokens and race
ids, and owns the seeded random source the room draws seeds and random hint methods from (its state is
part of the room's snapshot), so a snapshot and the commands since rebuild the room exactly (see
`persist`).

The rules are layered, one job a module, each layer building on the one below: `room_state` (fields,
guards, queries), `race` (moves, the end of a race), `hint_rules`, `lobby`, and this module on top.
What a member may see is `views`. Every change is recorded as an `Envelope` with the next version
number; methods return the envelopes to broadcast, and the edge only sends them. A refused command
raises a `GameError` before anything changes. Times are seconds (the caller's clock); on the wire they
are milliseconds.
"""

import hmac
from dataclasses import dataclass
from typing import Any

from server.errors import GameError
from server.room import views
from server.room.envelope import Envelope
from server.room.lobby import LobbyRules
from server.room.players import PALETTE, Player, clean_name
from server.room.state import Role

MAX_SPECTATORS = 100


@dataclass(frozen=True)
class Membership:
    """Who joined: the member id, the role they got, and (players) their secret token and colour."""

    id: str
    role: Role
    token: str | None
    colour: str | None

    def to_json(self) -> dict[str, Any]:
        """The `you` object of a join ack."""
        data: dict[str, Any] = {"id": self.id, "role": self.role}
        if self.token is not None:
            data["token"] = self.token
            data["colour"] = self.colour
        return data


class Room(LobbyRules):
    """The authoritative state of one room, with every command it takes."""

    # ----- membership --------------------------------------------------------------------------------

    def join(
        self, name: object, role: Role, token: str | None, now: float, *, new_token: str
    ) -> tuple[Membership, list[Envelope]]:
        """Add a player or spectator, or give a returning player (by token) their place back.

        `new_token` is the secret a new player gets (the caller draws it, so replaying the join gives
        the same player the same token); it is unused when the join makes no new player.
        """
        self.last_active = now
        if token is not None:
            for player in self.players.values():
                if not player.left and player.bot is None and hmac.compare_digest(player.token, token):
                    return self._rejoin(player)
        if role == "player":
            display = clean_name(name)
            if self.phase in ("lobby", "finished") and not self.seats_full and not self.locked:
                return self._add_player(display, now, new_token)
        if len(self.spectators) >= MAX_SPECTATORS:
            raise GameError("this room has no room for more spectators", code="room_full")
        spectator_id = self._next_id("s")
        self.spectators.add(spectator_id)
        self._emit("joined", {"id": spectator_id, "role": "spectator", "spectators": len(self.spectators)})
        return Membership(spectator_id, "spectator", None, None), self._drain()

    def _add_player(self, name: str, now: float, token: str) -> tuple[Membership, list[Envelope]]:
        taken = {p.name for p in self.active_players()}
        unique, n = name, 2
        while unique in taken:
            suffix = f" {n}"
            unique = name[: 20 - len(suffix)] + suffix
            n += 1
        used = {p.colour for p in self.active_players()}
        colour = next(c for c in PALETTE if c not in used)
        player = Player(self._next_id("p"), unique, colour, token, now)
        self.players[player.id] = player
        new_host = self.host_id is None
        if new_host:
            self.host_id = player.id
        self._emit("joined", {**views.player_entry(self, player), "role": "player"})
        if new_host:
            self._emit("host", {"id": player.id})
        return Membership(player.id, "player", player.token, player.colour), self._drain()

    def _rejoin(self, player: Player) -> tuple[Membership, list[Envelope]]:
        if not player.connected:
            player.connected = True
            player.disconnected_at = None
            self._emit("presence", {"id": player.id, "connected": True})
        return Membership(player.id, "player", player.token, player.colour), self._drain()

    def disconnect(self, member_id: str, now: float) -> list[Envelope]:
        """A connection dropped: spectators go at once, players keep their place for the grace period."""
        self.last_active = now
        if member_id in self.spectators:
            return self.leave(member_id, now)
        player = self.players.get(member_id)
        if player is None or player.left or not player.connected:
            return []
        player.connected = False
        player.disconnected_at = now
        self._emit("presence", {"id": player.id, "connected": False})
        return self._drain()

    def leave(self, member_id: str, now: float) -> list[Envelope]:
        """A member leaves for good: a racer is out of the race (DNF); the host passes on."""
        self.last_active = now
        if member_id in self.spectators:
            self.spectators.discard(member_id)
            self._emit("left", {"id": member_id, "role": "spectator", "spectators": len(self.spectators)})
            return self._drain()
        player = self.players.get(member_id)
        if player is None or player.left:
            return []
        if player.trail is not None and self.phase in ("racing", "finished"):
            player.left = True  # kept for the results
            if player.finished_at is None:
                player.dnf = True
        else:
            del self.players[member_id]
        player.connected = False
        self._emit("left", {"id": member_id, "role": "player"})
        if self.host_id == member_id:
            remaining = sorted(self.active_players(), key=lambda p: (not p.connected, p.joined_at))
            self.host_id = remaining[0].id if remaining else None
            self._emit("host", {"id": self.host_id})
        if self.phase == "countdown" and not self.active_players():
            self._back_to_lobby()
        self._check_race_over(now)
        if self.phase == "finished" and not self.active_players():
            self._back_to_lobby()  # nobody is left to ask for a rematch: open the room again
        return self._drain()

    def kick(self, member_id: str, target_id: str, now: float) -> list[Envelope]:
        """The host removes a player or spectator for good: a racer is DNF, and the token stops working
        (lock the room to keep them from joining again as someone new)."""
        self._require_host(member_id)
        if target_id == member_id:
            raise GameError("the host cannot kick themselves; leave instead", code="bad_payload")
        player = self.players.get(target_id)
        if target_id not in self.spectators and (player is None or player.left):
            raise GameError("nobody in this room has that id", code="unknown_member")
        self._emit("kicked", {"id": target_id})
        return self.leave(target_id, now)

    def take_seat(
        self, member_id: str, name: object, now: float, *, new_token: str
    ) -> tuple[Membership, list[Envelope]]:
        """A spectator takes a free seat between races (the lobby or the results): they become a new
        player, with a token of their own (`new_token`, drawn by the caller), so reconnecting brings
        them back as that player. Refused when the room is full or locked, or a race is on."""
        player = self.players.get(member_id)
        if player is not None and not player.left:
            raise GameError("you already have a seat", code="not_spectator")
        if member_id not in self.spectators:
            raise GameError("nobody in this room has that id", code="unknown_member")
        if self.phase not in ("lobby", "finished"):
            raise GameError("seats are taken between races: wait for the results", code="wrong_phase")
        if self.locked:
            raise GameError("the host has locked the room to new players", code="room_locked")
        if self.seats_full:
            raise GameError("every seat is taken", code="room_full")
        display = clean_name(name)
        self.last_active = now
        self.spectators.discard(member_id)
        self._emit("left", {"id": member_id, "role": "spectator", "spectators": len(self.spectators)})
        return self._add_player(display, now, new_token)  # drains the `left` above with its own events

    def pass_host(self, member_id: str, target_id: str) -> list[Envelope]:
        """The host hands the host role to another player: a person (not a bot) who is connected and
        has not left. Any phase."""
        self._require_host(member_id)
        if target_id == member_id:
            raise GameError("you are the host already", code="not_eligible")
        if target_id in self.spectators:
            raise GameError("a spectator cannot host: they take a seat first", code="not_eligible")
        target = self.players.get(target_id)
        if target is None or target.left:
            raise GameError("no player in this room has that id", code="unknown_member")
        if target.bot is not None:
            raise GameError("a bot cannot host", code="not_eligible")
        if not target.connected:
            raise GameError(f"{target.name} is away: pass it to someone connected", code="not_eligible")
        self.host_id = target_id
        self._emit("host", {"id": target_id})
        return self._drain()

    # ----- clock -------------------------------------------------------------------------------------

    def tick(self, now: float) -> list[Envelope]:
        """Advance the room's clock: end the countdown, move the ghosts, end the time limit and expired grace
        periods."""
        for player in self.active_players():
            gone_since = player.disconnected_at
            if not player.connected and gone_since is not None and now - gone_since >= self.grace:
                gone = self.leave(player.id, now)  # drains the outbox: take its events before extending
                self._outbox.extend(gone)
        if self.phase == "countdown" and self.start_at is not None and now >= self.start_at:
            self._begin_race(now)
        self._advance_ghosts(now)
        self._check_race_over(now)
        return self._drain()
