"""Live rooms per client address: making rooms is rate limited, and on top of that an address may hold
only so many rooms that are still open. Otherwise a few hundred addresses fill the server's room
table in seconds and every newcomer gets `server_full`, and every held room costs the room clock.

A classroom needs a handful (a teacher makes one room of 16 players for every 16 students), a school
behind one address a few teachers' worth.
"""

from collections.abc import Awaitable, Callable

from server.errors import GameError

SWEEP_EVERY = 1000
"""Rooms noted between sweeps that forget closed rooms of every address (memory stays bounded)."""


class RoomQuota:
    """The rooms each address made, counted while they are open."""

    def __init__(self, per_address: int) -> None:
        self.per_address = per_address
        self._codes: dict[str, set[str]] = {}
        self._noted = 0

    async def check(self, address: str, is_open: Callable[[str], Awaitable[bool]]) -> None:
        """Refuse with `too_many_rooms` when `address` already holds `per_address` open rooms."""
        codes = self._codes.get(address)
        if not codes or len(codes) < self.per_address:
            return
        for code in list(codes):
            if not await is_open(code):
                codes.discard(code)
        if len(codes) >= self.per_address:
            message = (
                f"your address has {self.per_address} open rooms: use one of them, or wait until one closes"
            )
            raise GameError(message, code="too_many_rooms")

    async def note(self, address: str, code: str, is_open: Callable[[str], Awaitable[bool]]) -> None:
        """`address` made (or was handed) room `code`."""
        self._codes.setdefault(address, set()).add(code)
        self._noted += 1
        if self._noted % SWEEP_EVERY:
            return
        for held in self._codes.values():
            for known in list(held):
                if not await is_open(known):
                    held.discard(known)
        self._codes = {a: held for a, held in self._codes.items() if held}
