"""Shared helpers of the benchmark modules: timing, a time-and-memory budget for slow code, tables.

Benchmarks only measure and print; nothing here asserts.
"""

import gc
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Job = Callable[[int], Any]
"""One timed call; gets the repeat number (0, 1, ...), e.g. to use as a seed. May return a small note."""

DEFAULT_MEMORY = 3 << 30
"""Extra address space a budgeted child may take before its allocations fail (3 GiB)."""


@dataclass
class Sample:
    """Times of the repeats that finished, their notes, and why the run stopped.

    `status` is "ok" (all repeats ran), "budget" (stopped by the time budget), "memory" (stopped by the
    memory cap) or "error: ..." (the job raised).
    """

    times: list[float] = field(default_factory=list)
    notes: list[Any] = field(default_factory=list)
    status: str = "ok"

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.times else None


def measure(job: Job, repeats: int) -> Sample:
    """Time `repeats` calls in this process (a collection before each, outside the timing)."""
    sample = Sample()
    for i in range(repeats):
        gc.collect()
        start = time.perf_counter()
        note = job(i)
        sample.times.append(time.perf_counter() - start)
        sample.notes.append(note)
    return sample


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return None


def _child(job: Job, repeats: int, sender: Any, memory: int) -> None:
    try:
        import resource

        used = _address_space()
        if used is not None:
            resource.setrlimit(resource.RLIMIT_AS, (used + memory, resource.RLIM_INFINITY))
    except (ImportError, ValueError, OSError):
        pass
    try:
        for i in range(repeats):
            gc.collect()
            start = time.perf_counter()
            note = job(i)
            elapsed = time.perf_counter() - start
            sender.send(("time", elapsed, note))
        sender.send(("done",))
    except MemoryError:
        sender.send(("memory",))
    except Exception as error:  # a benchmark reports, it does not fail
        sender.send(("error", f"{type(error).__name__}: {error}"))


def measure_budgeted(job: Job, repeats: int, budget: float, memory: int = DEFAULT_MEMORY) -> Sample:
    """Time up to `repeats` calls in a forked child, stopping it after `budget` seconds in all.

    The child inherits everything already built (no pickling of inputs) and its address space is capped
    at its size at the fork plus `memory`, so a runaway baseline can neither hang nor exhaust the machine.
    Repeats finished before the budget ran out are kept. Without `fork` (not POSIX) the calls run here,
    and the budget is only checked between repeats.
    """
    if "fork" not in multiprocessing.get_all_start_methods():
        return _measure_checked(job, repeats, budget)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(job, repeats, sender, memory), daemon=True)
    process.start()
    sender.close()
    sample = Sample()
    deadline = time.perf_counter() + budget
    try:
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0 or not receiver.poll(remaining):
                sample.status = "budget"
                break
            try:
                message = receiver.recv()
            except EOFError:
                sample.status = "error: the child died"
                break
            if message[0] == "time":
                sample.times.append(message[1])
                sample.notes.append(message[2])
            elif message[0] == "done":
                break
            elif message[0] == "memory":
                sample.status = "memory"
                break
            else:
                sample.status = f"error: {message[1]}"
                break
    finally:
        receiver.close()
        if process.is_alive():
            process.kill()
        process.join()
    return sample


def _measure_checked(job: Job, repeats: int, budget: float) -> Sample:
    sample = Sample()
    deadline = time.perf_counter() + budget
    for i in range(repeats):
        if time.perf_counter() >= deadline:
            sample.status = "budget"
            break
        gc.collect()
        start = time.perf_counter()
        note = job(i)
        sample.times.append(time.perf_counter() - start)
        sample.notes.append(note)
        if time.perf_counter() > deadline:
            sample.status = "budget"
            break
    return sample


def seconds(value: float | None) -> str:
    """A duration for a table: µs, ms or s with three significant-ish digits."""
    if value is None:
        return "-"
    if value < 1e-3:
        return f"{value * 1e6:.0f} µs"
    if value < 1:
        return f"{value * 1e3:.1f} ms" if value >= 0.1 else f"{value * 1e3:.2f} ms"
    return f"{value:.2f} s"


def print_table(
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    note: str = "",
    left: int = 1,
) -> None:
    """A plain-text table: the first `left` columns left-aligned (labels), the others right-aligned."""
    cells = [[str(h) for h in headers], *[[str(v) for v in row] for row in rows]]
    widths = [max(len(line[i]) for line in cells) for i in range(len(headers))]

    def render(line: list[str]) -> str:
        parts = [
            v.ljust(w) if i < left else v.rjust(w) for i, (v, w) in enumerate(zip(line, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "-" * len(render(["-" * w for w in widths]))
    print(f"\n{title}\n{rule}")
    print(render(cells[0]))
    print(rule)
    for line in cells[1:]:
        print(render(line))
    print(rule)
    if note:
        print(note)
    sys.stdout.flush()
