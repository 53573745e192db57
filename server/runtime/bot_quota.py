"""The bots this process drives, by the client address of the host who added each: the per-address
and per-server caps on bots.

Every racing bot steps up to 20 times a second on this process's event loop, so bots are capped where
they cost: a room takes `max_bots_per_room`, an address `max_bots_per_address` over all its rooms, the
server `max_bots` (AppConfig fields). The ledger knows the bots added here since the process
started; a bot counts until it goes (removed, or its room forgot it or closed), which the ledger reads
from the registry each time it counts, so no path that drops a bot can leave a stale count.
"""

from server.errors import GameError
from server.room import bot_rules
from server.room.room import Room
from server.runtime.registry import RoomRegistry


class BotQuota:
    """Who added which live bot, and the refusal of one bot too many."""

    def __init__(self, registry: RoomRegistry, per_room: int, per_address: int, per_server: int) -> None:
        self.registry = registry
        self.per_room = per_room
        self.per_address = per_address
        self.per_server = per_server
        self._added_by: dict[tuple[str, str], str] = {}
        """(room code, bot id) -> the address of the host who added the bot."""

    def _live(self) -> dict[tuple[str, str], str]:
        """The ledger without the bots that have gone since it was last read."""
        gone = [key for key in self._added_by if not self._exists(*key)]
        for key in gone:
            del self._added_by[key]
        return self._added_by

    def _exists(self, code: str, bot_id: str) -> bool:
        room = self.registry.rooms.get(code)
        bot = room.players.get(bot_id) if room is not None else None
        return bot is not None and bot.bot is not None and not bot.left

    def check(self, room: Room, address: str) -> None:
        """Refuse (`bot_limit`) one more bot in `room`, from `address`, or on this server, past the caps."""
        if bot_rules.count(room) >= self.per_room:
            raise GameError(f"a room takes at most {self.per_room} bots", code="bot_limit")
        live = self._live()
        if len(live) >= self.per_server:
            raise GameError(
                f"this server drives {self.per_server} bots already; try again later", code="bot_limit"
            )
        if sum(1 for owner in live.values() if owner == address) >= self.per_address:
            raise GameError(
                f"your address has {self.per_address} bots in its rooms already: remove one first",
                code="bot_limit",
            )

    def note(self, code: str, bot_id: str, address: str) -> None:
        """A bot `address` just added to room `code`."""
        self._added_by[(code, bot_id)] = address
