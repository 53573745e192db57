"""How the store benchmark (`tests.bench.store`) measures: its plan of repeats, awaited jobs timed one
by one, a sample's spread for a table row, and the event loop's longest stall while a job runs.

Its own module because every table of the store benchmark (and the analysis benchmark's stall figure)
measures this way, while each table's races and queries are its own.
"""

import asyncio
import gc
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from tests.bench.timing import Sample, seconds


@dataclass(frozen=True)
class Plan:
    save_repeats: int
    read_repeats: int
    query_repeats: int
    board_races: int


async def measure_async(job: Callable[[int], Awaitable[Any]], repeats: int) -> Sample:
    """Time `repeats` awaited calls (a collection before each, outside the timing)."""
    sample = Sample()
    for i in range(repeats):
        gc.collect()
        start = time.perf_counter()
        note = await job(i)
        sample.times.append(time.perf_counter() - start)
        sample.notes.append(note)
    return sample


def spread(sample: Sample) -> tuple[str, str, str, int]:
    """Median, fastest, slowest and count of a sample, for a table row."""
    low = min(sample.times) if sample.times else None
    high = max(sample.times) if sample.times else None
    return seconds(sample.median), seconds(low), seconds(high), len(sample.times)


async def loop_stall(job: Callable[[], Awaitable[Any]]) -> tuple[Any, float]:
    """Run `job` while a probe measures the event loop's longest gap (the stall other rooms would see)."""
    worst = 0.0
    running = True

    async def probe() -> None:
        nonlocal worst
        last = time.perf_counter()
        while running:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            worst = max(worst, now - last - 0.001)
            last = now

    task = asyncio.create_task(probe())
    try:
        result = await job()
    finally:
        running = False
        await task
    return result, worst
