"""Hint searches in worker processes, bounded per player, per room and per server.

A hint searches up to every room of a 150 x 150 maze in pure Python: milliseconds of CPU. In a thread it
holds the GIL against the event loop, so every other room's moves wait behind it (48 racers asking one
hint a second took a lone racer elsewhere from 0.7 to 496 ms at p99). A perfect maze's dfs and bfs
hints are read off its tree (built with the maze) on the loop, in microseconds to a millisecond: no
hand-off is cheaper. Every other search runs in a small pool of worker processes of its own at a lower
CPU priority (`server.runtime.worker_pools`), so the loop keeps a core and wins a shared one; the loop
only hands over a compact `HintJob` and gets back a `Hint` whose cell lists are packed bytes.

Bounds: one hint in flight per player; at most ROOM_SLOTS searches of one room in the pool at once (the
room's other hints wait their turn, so one crowded room cannot take every worker); at most MAX_PENDING
hints waiting or running in the whole server, beyond which a hint is refused with `busy` (nothing is
counted, nothing changes). The pool is one per process, shared by every app in it; nothing else runs
in it, so no maze build or race analysis ever makes a hint wait.
"""

import asyncio

from server.errors import GameError
from server.maze.hint_answer import Hint
from server.maze.hints import TREE_METHODS, solve
from server.maze.tree_hints import TreeIndex
from server.room.hint_rules import HintRequest
from server.runtime.worker_pools import WorkerPool, spare_cores

ROOM_SLOTS = 2
"""Searches of one room running in the pool at once."""
MAX_PENDING = 64
"""Hints waiting or running in the whole server before more are refused with `busy`."""

HINT_WORKERS = WorkerPool("hint searches", spare_cores(4))
"""The hint searches' own worker processes: one a spare core, at most four."""


class HintSearches:
    """Runs the searches of hint requests off the event loop, within the bounds above."""

    def __init__(self, room_slots: int = ROOM_SLOTS, max_pending: int = MAX_PENDING) -> None:
        self.room_slots = room_slots
        self.max_pending = max_pending
        self._asking: set[tuple[str, str]] = set()
        self._rooms: dict[str, tuple[asyncio.Semaphore, int]] = {}
        """Per room with hints in flight: its slots and how many of its hints are waiting or running."""

    @property
    def pending(self) -> int:
        """Hints waiting or running right now."""
        return len(self._asking)

    def warm(self) -> None:
        """Start the workers now rather than at the first hint."""
        HINT_WORKERS.warm()

    async def solve(self, room_code: str, request: HintRequest, tree: TreeIndex | None = None) -> Hint:
        """The answer to `request`: read off the maze's `tree` right here when it can be (a perfect
        maze's dfs or bfs: a millisecond at most), else searched in a worker process; refuses rather
        than queue without end."""
        if tree is not None and request.job.method in TREE_METHODS:
            return solve(request.job, tree)
        asker = (room_code, request.member_id)
        if asker in self._asking:
            raise GameError("your last hint is still being searched", code="rate_limited")
        if len(self._asking) >= self.max_pending:
            raise GameError("the server is busy with other hints; ask again in a moment", code="busy")
        self._asking.add(asker)
        slots, count = self._rooms.get(room_code) or (asyncio.Semaphore(self.room_slots), 0)
        self._rooms[room_code] = (slots, count + 1)
        try:
            async with slots:
                return await self._run(request)
        finally:
            self._asking.discard(asker)
            slots, count = self._rooms[room_code]
            if count > 1:
                self._rooms[room_code] = (slots, count - 1)
            else:
                del self._rooms[room_code]

    async def _run(self, request: HintRequest) -> Hint:
        return await HINT_WORKERS.run(solve, request.job)
