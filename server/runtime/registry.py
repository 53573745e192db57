"""The live rooms and who is connected to which: codes, lookups, connection mapping, idle sweep."""

import asyncio
import datetime
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from server.errors import GameError
from server.room.daily import daily_seed, daily_settings
from server.room.ghosts import Ghost
from server.room.room import Room
from server.room.settings import RoomSettings

CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford's base 32: no i, l, o, u
CODE_LENGTH = 10  # 50 bits from `secrets`


def new_room_code() -> str:
    """An unguessable room code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_player_token() -> str:
    """The secret a new player proves who they are with (128 bits); drawn here, passed to the room."""
    return secrets.token_urlsafe(16)


def new_race_id() -> str:
    """A race's public id (96 bits, 16 characters), unrelated to the room code, which stays secret."""
    return secrets.token_urlsafe(12)


@dataclass(frozen=True)
class Member:
    """What a Socket.IO connection is in: a room and a member id there."""

    code: str
    member_id: str


class RoomRegistry:
    """Rooms by code, and the connection (sid) of every member."""

    def __init__(self, max_rooms: int, countdown: float, grace: float) -> None:
        self.max_rooms = max_rooms
        self.countdown = countdown
        self.grace = grace
        self.rooms: dict[str, Room] = {}
        self.daily_secret = ""
        """Mixed into the daily seeds (the store keeps one), so nobody can work out tomorrow's maze."""
        self._by_sid: dict[str, Member] = {}
        self._by_member: dict[Member, str] = {}
        self._sent_away: set[str] = set()
        """Connections whose room left this process, until they close (`send_away`)."""

    def create(
        self,
        settings: RoomSettings,
        now: float,
        daily: str | None = None,
        fixed_seed: int | None = None,
        ghosts: Sequence[Ghost] = (),
    ) -> Room:
        """A new empty room with a fresh code and its own seeded random source (with `ghosts`, a room
        racing them on `fixed_seed`'s maze)."""
        if len(self.rooms) >= self.max_rooms:
            raise GameError("the server is full; try again later", code="server_full")
        code = new_room_code()
        while code in self.rooms:
            code = new_room_code()
        rng = random.Random(secrets.randbits(64))
        room = Room(
            code,
            settings,
            rng,
            now,
            countdown=self.countdown,
            grace=self.grace,
            daily=daily,
            fixed_seed=fixed_seed,
            ghosts=ghosts,
        )
        self.rooms[code] = room
        return room

    def adopt(self, room: Room) -> None:
        """Take in a room restored from the store."""
        self.rooms[room.code] = room

    async def daily_room(
        self, date: datetime.date, preset: str, now: float, ghosts: Sequence[Ghost] = ()
    ) -> Room:
        """A fresh room racing `preset`'s daily maze, for whoever asked: they join it first and host it.

        Never an existing lobby: someone holding it (never ready, never starting) would keep every
        newcomer from racing. Friends race the daily maze together through the room's link. The day's
        seed is picked from its difficulty band in a worker thread (it scores a few mazes), once a day
        and preset (`daily_seed` keeps it).
        """
        seed = await asyncio.to_thread(daily_seed, date, preset, self.daily_secret)
        settings = daily_settings(date, preset)
        return self.create(settings, now, daily=date.isoformat(), fixed_seed=seed, ghosts=ghosts)

    def get(self, code: str) -> Room:
        """The room with `code`, or an `unknown_room` error."""
        room = self.rooms.get(code)
        if room is None:
            raise GameError("no room has that code (it may have closed)", code="unknown_room")
        return room

    def public_rooms(self) -> list[Room]:
        """Rooms listed in the lobby."""
        return [room for room in self.rooms.values() if room.settings.public]

    # ----- connections -------------------------------------------------------------------------------

    def member(self, sid: str) -> Member | None:
        """What `sid` has joined, if anything."""
        return self._by_sid.get(sid)

    def sid_of(self, member: Member) -> str | None:
        """The connection `member` is on, if any."""
        return self._by_member.get(member)

    def attach(self, sid: str, member: Member) -> str | None:
        """Map `sid` to `member`; returns the sid the member was on before (another tab), if any."""
        previous = self._by_member.get(member)
        if previous is not None and previous != sid:
            self._by_sid.pop(previous, None)
        self._by_sid[sid] = member
        self._by_member[member] = sid
        return previous if previous != sid else None

    def detach(self, sid: str) -> Member | None:
        """Forget `sid`; returns what it was in."""
        member = self._by_sid.pop(sid, None)
        self._sent_away.discard(sid)
        if member is not None and self._by_member.get(member) == sid:
            del self._by_member[member]
        return member

    def send_away(self, code: str) -> list[str]:
        """Room `code` left this process (a cluster's room on the move): forget its connections, but
        remember them until they close (`sent_away`), so that a command they sent meanwhile is told to
        reconnect rather than that the room is gone. Returns their sids."""
        sids = [sid for sid, member in self._by_sid.items() if member.code == code]
        for sid in sids:
            self.detach(sid)
        self._sent_away.update(sids)
        return sids

    def sent_away(self, sid: str) -> bool:
        """Whether `sid` was in a room that left this process."""
        return sid in self._sent_away

    def close_idle(self, now: float, timeout: float) -> list[str]:
        """Remove rooms that nobody has been in for `timeout` seconds; returns their codes."""
        idle = [code for code, room in self.rooms.items() if room.is_idle(now, timeout)]
        for code in idle:
            del self.rooms[code]
        return idle
