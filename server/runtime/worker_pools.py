"""Pools of worker processes for pure, CPU-bound work: hint searches, maze builds, race analyses.

Seconds of pure Python in a thread hold the GIL against the event loop, so every room's moves would wait
behind them; in a worker process at a lower CPU priority they cannot, and the loop keeps a core (and
wins a shared one). Each kind of work has a pool of its own, so one kind can never starve another (a
queue of big analyses once kept an A* hint in another room waiting 9 s). A pool's workers are spawned,
not forked (the server has threads, and a forked child could inherit one's held lock), made on first
use, and end with the server, even a server killed with SIGKILL.
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

log = logging.getLogger(__name__)

T = TypeVar("T")

WORKER_NICENESS = 10
"""How much lower than the server's the workers' CPU priority is: the event loop goes first."""
ORPHAN_CHECK_SECONDS = 1.0
"""How often a worker checks that the server that started it is still alive."""


def spare_cores(most: int) -> int:
    """One worker a spare core, at least one, at most `most`."""
    return max(1, min(most, (os.cpu_count() or 2) - 1))


def _start_worker(server: int) -> None:
    """Runs in each worker process: yield the CPU to the server, leave Ctrl-C to the server, and end
    when the server is gone (a server killed with SIGKILL cannot stop its pools, and their workers would
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


class WorkerPool:
    """One kind of work's worker processes: `workers` of them, one per process, shared by every app in
    it, started on first use (or `warm`) and stopped by `stop_all_pools` when the server ends."""

    def __init__(self, name: str, workers: int) -> None:
        self.name = name
        self.workers = workers
        self._lock = threading.Lock()
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        _POOLS.append(self)

    def _current(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
            return self._executor

    def warm(self) -> None:
        """Start the workers now rather than at the first task."""
        self._current().submit(int)

    async def run(self, task: Callable[..., T], *args: object) -> T:
        """`task(*args)` in one of the workers, awaited. `task` and its arguments must pickle; a worker
        that dies is an `internal` error, and the next task starts a fresh pool."""
        executor = self._current()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, task, *args)
        except BrokenProcessPool:
            log.warning("a worker process of the %s died; starting a fresh pool", self.name)
            self._discard(executor)
            raise GameError(f"a worker of the {self.name} died; ask again", code="internal") from None

    def _discard(self, broken: concurrent.futures.ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is broken:
                self._executor = None
        broken.shutdown(wait=False, cancel_futures=True)

    def stop(self) -> None:
        """Stop the workers: the pool's manager thread would keep the interpreter waiting."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


_POOLS: list[WorkerPool] = []


def stop_all_pools() -> None:
    """Stop every pool's workers (when the server process ends)."""
    for pool in _POOLS:
        pool.stop()
