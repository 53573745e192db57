"""Hint searches in worker processes, bounded per player, per room and per server.

A hint searches up to every room of a 150 x 150 maze in pure Python: milliseconds of CPU. In a thread it
holds the GIL against the event loop, so every other room's moves wait behind it (48 racers asking one
hint a second took a lone racer elsewhere from 0.7 to 496 ms at p99). A perfect maze's dfs and bfs
hints are read off its tree (built with the maze) on the loop, in microseconds to a millisecond: no
hand-off is cheaper. Every other search runs in a small pool of worker processes at a lower CPU
priority, so the loop keeps a core and wins a shared one; the loop only hands over a compact `HintJob`
and gets back a `Hint` whose cell lists are packed bytes.

Bounds: one hint in flight per player; at most ROOM_SLOTS searches of one room in the pool at once (the
room's other hints wait their turn, so one crowded room cannot take every worker); at most MAX_PENDING
hints waiting or running in the whole server, beyond which a hint is refused with `busy` (nothing is
counted, nothing changes). The pool is one per process, shared by every app in it, started on first
use and stopped when the interpreter exits.
"""

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from server.errors import GameError
from server.maze.hints import TREE_METHODS, Hint, solve
from server.maze.tree_hints import TreeIndex
from server.room.hint_rules import HintRequest

log = logging.getLogger(__name__)

T = TypeVar("T")

ROOM_SLOTS = 2
"""Searches of one room running in the pool at once."""
MAX_PENDING = 64
"""Hints waiting or running in the whole server before more are refused with `busy`."""
WORKER_NICENESS = 10
"""How much lower than the server's the workers' CPU priority is: the event loop goes first."""


def default_workers() -> int:
    """One worker a spare core, at least one, at most four."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


ORPHAN_CHECK_SECONDS = 1.0
"""How often a worker checks that the server that started it is still alive."""


def _start_worker(server: int) -> None:
    """Runs in each worker process: yield the CPU to the server, leave Ctrl-C to the server, and end
    when the server is gone (a server killed with SIGKILL cannot stop its pool, and its workers would
    otherwise live on, idle, holding their memory). `server` is the server's pid, passed in: a worker
    still starting when its server died has been handed to another parent already."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_when_orphaned, args=(server,), name="orphan-check", daemon=True).start()


def _end_when_orphaned(server: int) -> None:
    while os.getppid() == server:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os._exit(0)


_pool_lock = threading.Lock()
_pool: concurrent.futures.ProcessPoolExecutor | None = None


def _shared_pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    """The process's pool of search workers, made on first use (spawned, not forked: the server has
    threads, and a forked child could inherit one's held lock)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        return _pool


def _discard_pool(broken: concurrent.futures.ProcessPoolExecutor) -> None:
    """Forget a pool whose worker died, so the next hint starts a fresh one."""
    global _pool
    with _pool_lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def stop_workers() -> None:
    """Stop the pool's workers (when the server process ends): its manager thread would keep the
    interpreter waiting."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


class HintSearches:
    """Runs the searches of hint requests off the event loop, within the bounds above."""

    def __init__(
        self, workers: int | None = None, room_slots: int = ROOM_SLOTS, max_pending: int = MAX_PENDING
    ) -> None:
        self.workers = workers or default_workers()
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
        _shared_pool(self.workers).submit(int)

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
        pool = _shared_pool(self.workers)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, solve, request.job)
        except BrokenProcessPool:
            log.warning("a hint worker process died; starting a fresh pool")
            _discard_pool(pool)
            raise GameError("the hint search failed; ask again", code="internal") from None


async def in_a_worker(task: Callable[..., T], *args: object) -> T:
    """Run pure, CPU-bound `task(*args)` in the search workers' pool and await its answer.

    For work that takes seconds of pure Python, such as analysing the biggest stored race: in a thread
    it would hold the GIL against the event loop as a search would (the loop stalled up to 0.9 s).
    `task` and its arguments must pickle; a worker that dies is reported as an `internal` error, and
    the next call starts a fresh pool.
    """
    pool = _shared_pool(default_workers())
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, task, *args)
    except BrokenProcessPool:
        log.warning("a worker process died; starting a fresh pool")
        _discard_pool(pool)
        raise GameError("the server's worker died building the answer; ask again", code="internal") from None
