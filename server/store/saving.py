"""The saving: finished races the store could not write yet, retried in the background until they are
in, and the room told both times (a `notice` saying the results are not saved, then one saying they
are).

The players always get their results at once; what a failed write must never do is vanish quietly.
A race waits here (in memory, bounded) while the disk is full or the file is read-only; at shutdown
whatever is still waiting goes into the rescue file (`server.store.rescue`) with the open rooms.
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Literal, TypedDict

from server.room.records import RaceRecord
from server.store.errors import RaceRefused, one_line

log = logging.getLogger(__name__)


NoticeKind = Literal["results_not_saved", "results_saved"]


class SavingNotice(TypedDict):
    """The `notice` a room gets about a race's results: not saved yet, then saved after all."""

    kind: NoticeKind
    race: str
    message: str


Notify = Callable[[str, SavingNotice], Awaitable[None]]
"""Send a `notice` to a room's members: (room code, payload)."""

RETRY_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0)
"""Waits between attempts; after the last, one attempt every RETRY_SECONDS[-1] seconds."""
MAX_PENDING = 200
"""Races kept waiting at most (each holds its log: a few MB for the biggest); the oldest beyond that is
given up, loudly."""

NOT_SAVED = "The results of this race could not be saved yet; the server keeps trying."
SAVED = "The results of this race are saved now."


class RaceSaver:
    """Writes races through `save`, keeping and retrying the ones that fail."""

    def __init__(
        self, save: Callable[[RaceRecord], Awaitable[object]], retry: tuple[float, ...] = RETRY_SECONDS
    ):
        self._save = save
        self._retry = retry
        self.pending: dict[str, RaceRecord] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}

    async def save(self, record: RaceRecord, notify: Notify) -> bool:
        """Store `record` now; on failure keep it, tell the room, and retry in the background."""
        try:
            await self._save(record)
            return True
        except RaceRefused as error:  # a broken constraint: retrying cannot help
            log.error("race %s was not stored: %s", record.id, one_line(error))
            return False
        except Exception as error:
            log.error("could not store race %s (%s); retrying in the background", record.id, one_line(error))
        self._keep(record)
        self._tasks[record.id] = asyncio.create_task(self._keep_trying(record, notify))
        return False

    def _keep(self, record: RaceRecord) -> None:
        while len(self.pending) >= MAX_PENDING:
            oldest = next(iter(self.pending))
            log.error("giving up on storing race %s: %d races are waiting for the disk", oldest, MAX_PENDING)
            self.pending.pop(oldest)
            task = self._tasks.pop(oldest, None)
            if task is not None:
                task.cancel()
        self.pending[record.id] = record

    async def _tell(self, notify: Notify, record: RaceRecord, kind: NoticeKind, message: str) -> None:
        try:
            await notify(record.room_code, {"kind": kind, "race": record.id, "message": message})
        except Exception as error:  # a closed room or connection must not stop the retries
            log.warning("could not tell room about race %s: %s", record.id, one_line(error))

    async def _keep_trying(self, record: RaceRecord, notify: Notify) -> None:
        await self._tell(notify, record, "results_not_saved", NOT_SAVED)
        attempt = 0
        while record.id in self.pending:
            await asyncio.sleep(self._retry[min(attempt, len(self._retry) - 1)])
            attempt += 1
            try:
                await self._save(record)
            except RaceRefused as error:
                log.error("race %s was not stored: %s", record.id, one_line(error))
                self.pending.pop(record.id, None)
                self._tasks.pop(record.id, None)
                return
            except Exception as error:
                log.warning(
                    "storing race %s failed again (attempt %d): %s", record.id, attempt, one_line(error)
                )
                continue
            log.info("race %s stored after %d retries", record.id, attempt)
            self.pending.pop(record.id, None)
            self._tasks.pop(record.id, None)
            await self._tell(notify, record, "results_saved", SAVED)
            return

    async def flush(self) -> list[RaceRecord]:
        """At shutdown: stop the retries, try each waiting race once more; the ones still not stored."""
        for task in self._tasks.values():
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()
        left = []
        for record in list(self.pending.values()):
            try:
                await self._save(record)
            except RaceRefused as error:
                log.error("race %s was not stored: %s", record.id, one_line(error))
            except Exception as error:
                log.error("race %s still cannot be stored: %s", record.id, one_line(error))
                left.append(record)
        self.pending.clear()
        return left
