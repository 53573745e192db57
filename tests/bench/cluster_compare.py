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
import statistics
import sys
import tempfile
from pathlib import Path

from tests.bench.cluster import MAX_PLAYER_RATE, measure
from tests.bench.cluster_generator import PLAYERS_PER_ROOM, Generator
from tests.bench.cluster_servers import Running, start_cluster, start_single
from tests.bench.cluster_tables import FIXED_RATE, Measured, print_cpu, print_latency, print_throughput

HERE = str(Path(__file__).resolve().parents[2])


def load() -> str:
    """The machine's load average (1, 5, 15 min), as `uptime` prints it."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


HA_PROCS = -3
"""In a plan: 3 processes with Redis as a primary, a replica and three Sentinels (`--redis-ha`), whose
writes wait for the replica (this checkout only: the other may predate it)."""


def start(workdir: Path, procs: int) -> Running:
    """One configuration of a plan: one process alone (0), N processes (N), or N with `--redis-ha` (-N)."""
    if procs == 0:
        return start_single(workdir)
    return start_cluster(workdir, abs(procs), redis_ha=procs < 0)


def run(other: str, quick: bool, rooms: int | None = None) -> None:
    rooms = rooms or (30 if quick else 70)
    top = rooms * PLAYERS_PER_ROOM * MAX_PLAYER_RATE
    steps = [100, 200, 300, 400, 600, 800, 1000, 1300, 1600, 2000, 2500, 3000]
    steps += [3250, 3500, 3750, 4000, 4500, 5000, 6000]  # finer at the top: a faster machine's ceilings
    rates = [float(rate) for rate in steps if rate <= top]
    plan = [
        ("after", HERE, 0),
        ("before", other, 1),
        ("after", HERE, 1),
        ("before", other, 3),
        ("after", HERE, 3),
        ("after", HERE, HA_PROCS),
    ]
    results: list[Measured] = []
    with tempfile.TemporaryDirectory(prefix="mazerace-bench-compare-") as tmp:
        for index, (name, checkout, procs) in enumerate(plan):
            os.environ["PYTHONPATH"] = checkout
            workdir = Path(tmp) / f"{index}"
            print(f"\n== {name} ({checkout}), load average before: {load()}", flush=True)
            server = start(workdir, procs)
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


def cpu_rounds(other: str, rounds: int) -> None:
    """CPU a move at 500 moves/s only, the five configurations in turn `rounds` times (a shared
    machine's load comes and goes: the median of several short windows, each with the others' CPU
    beside it, compares better than one long ladder)."""
    plan = [
        ("alone", HERE, 0),
        ("before", other, 1),
        ("after", HERE, 1),
        ("before", other, 3),
        ("after", HERE, 3),
        ("after", HERE, HA_PROCS),
    ]
    seen: dict[str, list[tuple[float, float, dict[str, float]]]] = {}
    with tempfile.TemporaryDirectory(prefix="mazerace-bench-compare-") as tmp:
        for round_ in range(rounds):
            for index, (name, checkout, procs) in enumerate(plan):
                os.environ["PYTHONPATH"] = checkout
                workdir = Path(tmp) / f"{round_}-{index}"
                server = start(workdir, procs)
                try:
                    generator = Generator(server.url, 70)
                    try:
                        level = generator.level(server, FIXED_RATE, 2.0, 8.0)
                    finally:
                        generator.close()
                finally:
                    server.stop()
                label = f"{name}: {server.label}"
                per = {role: cpu / level.acked * 1e6 for role, cpu in level.cpu.items()}
                seen.setdefault(label, []).append((sum(per.values()), level.others_cpu, per))
                print(f"round {round_ + 1} {label}: {sum(per.values()):.0f} µs a move "
                      f"({', '.join(f'{r} {v:.0f}' for r, v in per.items())}), p99 {level.p99:.1f} ms, "
                      f"others' CPU {level.others_cpu:.0f} %, load {load()}", flush=True)  # fmt: skip
    os.environ["PYTHONPATH"] = HERE
    alone = statistics.median(total for total, _, _ in seen["alone: 1 process alone"])
    print(f"\nCPU a move at {FIXED_RATE:.0f} moves/s, median of {rounds} rounds (to one process alone):")
    for label, runs in seen.items():
        total = statistics.median(t for t, _, _ in runs)
        roles = {role: statistics.median(p[role] for _, _, p in runs) for role in runs[0][2]}
        others = ", ".join(f"{o:.0f}" for _, o, _ in runs)
        print(f"  {label}: {total:.0f} µs ({total / alone:.2f}x; "
              f"{' + '.join(f'{r} {v:.0f}' for r, v in roles.items())}), others' CPU % {others}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", help="the checkout to compare against (its servers run from it)")
    parser.add_argument("--quick", action="store_true", help="fewer rooms, shorter levels")
    parser.add_argument(
        "--rooms",
        type=int,
        help="rooms of the load (default 70): each adds 45 moves/s to the ladder's top, for a machine "
        "where every configuration keeps up with 70 rooms' 3,000",
    )
    parser.add_argument(
        "--cpu-rounds", type=int, metavar="N", help="only CPU a move at 500/s: N rounds of short windows"
    )
    args = parser.parse_args()
    if Path.cwd().resolve() in (Path(HERE), Path(args.other).resolve()):
        sys.exit(
            "run it from outside both checkouts: `python -m server` would import the current directory's"
        )
    if args.cpu_rounds:
        cpu_rounds(args.other, args.cpu_rounds)
    else:
        run(args.other, args.quick, args.rooms)


if __name__ == "__main__":
    main()
