"""What the cluster benchmark keeps of a configuration (`Measured`: its fixed window and its ladder)
and the three tables printed from it: moves/s within the latency budget, CPU a move, ack latency.

Its own module because the cluster benchmark and the before-and-after comparison (cluster_compare.py)
print the same tables.
"""

from dataclasses import dataclass

from tests.bench.cluster_generator import Level
from tests.bench.timing import print_table

P99_BUDGET_MS = 50.0
FIXED_RATE = 500.0


@dataclass
class Measured:
    label: str
    fixed: Level
    ladder: list[Level]

    def sustained(self) -> Level | None:
        good = [lv for lv in self.ladder if lv.p99 <= P99_BUDGET_MS and lv.achieved >= 0.9 * lv.offered]
        return max(good, key=lambda lv: lv.achieved, default=None)


def print_throughput(results: list[Measured]) -> None:
    rows = []
    for result in results:
        best = result.sustained()
        rows.append([
            result.label,
            f"{best.achieved:.0f}" if best else "-",
            f"{best.p99:.1f}" if best else "-",
            f"{max(lv.offered for lv in result.ladder):.0f}",
        ])  # fmt: skip
    print_table(
        f"1. moves/s with p99 ack latency <= {P99_BUDGET_MS:.0f} ms (and >= 90 % of the offered rate acked)",
        ["servers", "moves/s", "p99 ms there", "highest offered"],
        rows,
        "the load generator (2 processes) shares the 2 cores with the servers; its CPU% is in each ladder",
    )


def print_cpu(results: list[Measured]) -> None:
    rows = []
    for result in results:
        fixed = result.fixed
        per = (
            {role: seconds / fixed.acked * 1e6 for role, seconds in fixed.cpu.items()} if fixed.acked else {}
        )
        rows.append([
            result.label, f"{fixed.achieved:.0f}",
            f"{per.get('mazerace', 0):.0f}", f"{per['redis']:.0f}" if "redis" in per else "-",
            f"{per['nginx']:.0f}" if "nginx" in per else "-", f"{sum(per.values()):.0f}",
        ])  # fmt: skip
    print_table(
        f"2. server CPU per acked move at {FIXED_RATE:.0f} moves/s offered (µs, utime+stime from /proc)",
        ["servers", "acked/s", "MazeRace", "Redis", "nginx", "total"],
        rows,
    )


def print_latency(results: list[Measured]) -> None:
    rows = [
        [
            r.label,
            f"{r.fixed.achieved:.0f}",
            f"{r.fixed.p50:.1f}",
            f"{r.fixed.p99:.1f}",
            f"{r.fixed.others_cpu:.0f}",
        ]
        for r in results
    ]
    print_table(
        f"3. move ack latency at {FIXED_RATE:.0f} moves/s offered (target through 3 processes: p99 <= 15 ms)",
        ["servers", "acked/s", "p50 ms", "p99 ms", "others' CPU %"],
        rows,
        "others' CPU: what other people's processes took of the 2 cores (200 %) meanwhile",
    )
