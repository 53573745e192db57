"""Race analyses in worker processes of their own, bounded in size.

An analysis of the longest race the bounds allow is seconds of pure Python. Run in the hint searches'
pool, four big ones kept an A* hint in another room waiting 9 s; so analyses have a pool of their own
(one worker: an analysis is never urgent, and a second worker would only take the hints' core), and an
analysis covers a race of at most MAX_ANALYSED_ENTRIES logged moves and hints: a bigger one is refused
with `too_large` before any work, which bounds both its build time and the size of its answer.
"""

from collections.abc import Callable
from typing import TypeVar

from server.errors import GameError
from server.runtime.worker_pools import WorkerPool

T = TypeVar("T")

ANALYSIS_WORKERS = WorkerPool("race analyses", 1)
"""The analyses' own worker process: nothing else waits behind an analysis."""

MAX_ANALYSED_ENTRIES = 240_000
"""The most logged moves and hints a race may have to be analysed: 16 racers x 15,000 moves, a third of
the longest race the move cap allows (about 2 s of building and 12 MB of answer before compression)."""


def check_analysable(entries: int) -> None:
    """Refuse (`too_large`) to analyse a race of more than MAX_ANALYSED_ENTRIES logged entries."""
    if entries > MAX_ANALYSED_ENTRIES:
        raise GameError(
            f"this race is too long to analyse ({entries:,} moves and hints; at most"
            f" {MAX_ANALYSED_ENTRIES:,})",
            code="too_large",
        )


async def in_analysis_worker(task: Callable[..., T], *args: object) -> T:
    """Run pure, CPU-bound `task(*args)` in the analyses' worker process and await its answer."""
    return await ANALYSIS_WORKERS.run(task, *args)
