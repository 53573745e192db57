"""The cluster benchmark's three tables for two versions of the server, side by side in one run:
`python -m tests.bench.cluster_compare OTHER_CHECKOUT [--quick]`, run from a directory outside both
checkouts with this checkout first on PYTHONPATH.

Why one run: the machine is shared, and another job halves every figure, so two versions measured an
hour apart compare the load of that hour more than the code. The configurations alternate (the other
checkout's, then this one's) so that a change of load meets both; the load average is printed beside
each. The servers are started as `python -m server` with PYTHONPATH set to the checkout measured, so
each runs its own code; the load generator and the tables are this checkout's.
"""

import argparse
import dataclasses
import os
import sys
import tempfile
from pathlib import Path

from tests.bench.cluster import (
    MAX_PLAYER_RATE,
    PLAYERS_PER_ROOM,
    Measured,
    measure,
    print_cpu,
    print_latency,
    print_throughput,
)
from tests.bench.cluster_servers import start_cluster, start_single

HERE = str(Path(__file__).resolve().parents[2])


def load() -> str:
    """The machine's load average (1, 5, 15 min), as `uptime` prints it."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def run(other: str, quick: bool) -> None:
    rooms = 30 if quick else 70
    top = rooms * PLAYERS_PER_ROOM * MAX_PLAYER_RATE
    steps = [100, 200, 300, 400, 600, 800, 1000, 1300, 1600, 2000, 2500, 3000]
    rates = [float(rate) for rate in steps if rate <= top]
    plan = [
        ("after", HERE, 0),
        ("before", other, 1),
        ("after", HERE, 1),
        ("before", other, 3),
        ("after", HERE, 3),
    ]
    results: list[Measured] = []
    with tempfile.TemporaryDirectory(prefix="mazerace-bench-compare-") as tmp:
        for index, (name, checkout, procs) in enumerate(plan):
            os.environ["PYTHONPATH"] = checkout
            workdir = Path(tmp) / f"{index}"
            print(f"\n== {name} ({checkout}), load average before: {load()}", flush=True)
            server = start_single(workdir) if procs == 0 else start_cluster(workdir, procs)
            try:
                measured = measure(server.label, server, rooms, rates, quick)
            finally:
                server.stop()
            label = server.label if procs == 0 else f"{name}: {server.label}"
            results.append(dataclasses.replace(measured, label=label))
            print(f"load average after: {load()}", flush=True)
    os.environ["PYTHONPATH"] = HERE
    print_throughput(results)
    print_cpu(results)
    print_latency(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", help="the checkout to compare against (its servers run from it)")
    parser.add_argument("--quick", action="store_true", help="fewer rooms, shorter levels")
    args = parser.parse_args()
    if Path.cwd().resolve() in (Path(HERE), Path(args.other).resolve()):
        sys.exit(
            "run it from outside both checkouts: `python -m server` would import the current directory's"
        )
    run(args.other, args.quick)


if __name__ == "__main__":
    main()
