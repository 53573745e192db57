"""Cluster mode's home for rooms: a room lives here under a Redis lease, and every command is written
to its log before anyone hears of it. Installed into the runtime's `RoomRunner` at start, in place of
the one-process home, so the rest of the server never asks which mode it runs in."""

import asyncio
import functools
import logging

from server.cluster.ownership.owner import RoomOwnership
from server.room.commands import Command
from server.room.room import Room
from server.runtime.room_home import LogWrite
from server.sockets.gateway import SocketGateway

log = logging.getLogger(__name__)

_background: set["asyncio.Task[None]"] = set()
"""Work started for the ownership (clients told to move on, replayed races stored), awaited at shutdown."""


def spawn(work: "asyncio.Future[None] | asyncio.Task[None] | object") -> "asyncio.Task[None]":
    """Run `work` in the background, kept until done so that shutdown can wait for it."""
    task: asyncio.Task[None] = asyncio.ensure_future(work)  # type: ignore[arg-type]
    _background.add(task)
    task.add_done_callback(_background.discard)
    return task


async def _logged(done: "asyncio.Future[None]") -> None:
    await done


class ClusterHome:
    """The rooms this process holds under leases, and their logs (`RoomOwnership`)."""

    def __init__(self, ownership: RoomOwnership, gateway: SocketGateway) -> None:
        self.ownership = ownership
        self.gateway = gateway

    def check_holds(self, room: Room) -> object:
        return self.ownership.check_holds(room)

    def log_write(self, room: Room, command: Command) -> LogWrite:
        done = self.ownership.log(room, command)  # in the next batch, whenever the outbox awaits it
        return functools.partial(_logged, done)

    async def open(self, code: str, token: str | None) -> Room:
        return await self.ownership.open(code, token)

    async def close(self, code: str) -> None:
        await self.ownership.close(code)

    async def hand_over_all(self) -> bool:
        """SIGTERM in a cluster: every room is handed over (snapshot, lease released, clients moved on)
        instead of being saved to the database; their clients reconnect to another node at once."""
        outbox = self.gateway.outbox
        codes = list(self.ownership.leases)
        await asyncio.gather(*(self.ownership.hand_over(code, outbox.is_idle) for code in codes))
        self.gateway.runner.closing = True
        await outbox.drain()
        if _background:  # the clients told to move on, and races replayed into the store
            await asyncio.wait(list(_background), timeout=5.0)
        commit = self.ownership.commit
        log.info(
            "handed %d rooms over; %d log entries written in %d round trips",
            len(codes),
            commit.sent,
            commit.batches,
        )
        return True
