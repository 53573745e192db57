"""Where this process's rooms live: the one interface between the live rooms and cluster mode.

Alone, a process holds every room it is asked for and keeps no log: `ProcessHome`. In a cluster a room
lives in one process at a time under a lease, and every command is written to the room's log before
anyone hears of it; the cluster package provides that home and the app installs it at start, the way
python-socketio takes a client manager. Nothing outside the cluster package asks which one it has.
"""

from collections.abc import Awaitable, Callable
from typing import Protocol

from server.room.commands import Command
from server.room.room import Room
from server.runtime.registry import RoomRegistry

LogWrite = Callable[[], Awaitable[None]]
"""A command's write to its room's log, made when the command is applied and awaited by the outbox in
the room's order, before any of its events go out; it raises a `GameError` when the log refuses it."""


class RoomHome(Protocol):
    """What the runtime needs of the place its rooms live."""

    def check_holds(self, room: Room) -> object:
        """Refuse (`server_unavailable`) a command for a room that is moving to another process."""
        ...

    def log_write(self, room: Room, command: Command) -> LogWrite | None:
        """The log write of `command`, just applied to `room`; None when nothing is logged."""
        ...

    async def open(self, code: str, token: str | None) -> Room:
        """The room a join names (`token`: the joining player's, if any), held here from now on."""
        ...

    async def close(self, code: str) -> None:
        """Forget a room that closed for idleness here, wherever else it is known."""
        ...

    async def hand_over_all(self) -> bool:
        """At shutdown, hand every room to another process; False when there is none to take them
        (the caller then saves them for the next start)."""
        ...


class ProcessHome:
    """One process alone: it holds every room in its registry, and logs nothing."""

    def __init__(self, registry: RoomRegistry) -> None:
        self.registry = registry

    def check_holds(self, room: Room) -> None:
        """Every room in the registry is held here."""

    def log_write(self, room: Room, command: Command) -> None:
        """A room of one process is saved at shutdown, not logged command by command."""

    async def open(self, code: str, token: str | None) -> Room:
        return self.registry.get(code)

    async def close(self, code: str) -> None:
        """The registry has already dropped it."""

    async def hand_over_all(self) -> bool:
        return False
