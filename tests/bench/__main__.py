"""Run the benchmark modules in turn and print their tables: `python -m tests.bench [--quick] [name ...]`."""

import argparse
import importlib
import os
import platform
import sys
import time

from tests.bench import MODULES


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m tests.bench",
        description="Print the MazeRace benchmark tables (they measure and never fail).",
    )
    parser.add_argument(
        "modules",
        nargs="*",
        metavar="module",
        help=f"benchmark modules to run, in this order (default: all of {', '.join(MODULES)})",
    )
    parser.add_argument("--quick", action="store_true", help="fewer repeats and smaller sizes (no 1000x1000)")
    parser.add_argument("--list", action="store_true", help="list the benchmark modules and exit")
    args = parser.parse_args(argv)
    unknown = [name for name in args.modules if name not in MODULES]
    if unknown:
        parser.error(f"unknown benchmark module(s): {', '.join(unknown)} (choose from {', '.join(MODULES)})")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.list:
        for name in MODULES:
            module = importlib.import_module(f"tests.bench.{name}")
            print(f"{name}: {module.TITLE}")
        return 0
    print(
        f"MazeRace benchmarks ({'quick' if args.quick else 'full'}): Python {platform.python_version()}"
        f" on {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs"
    )
    for name in args.modules or MODULES:
        module = importlib.import_module(f"tests.bench.{name}")
        print(f"\n=== {name}: {module.TITLE} ===", flush=True)
        started = time.perf_counter()
        module.run(quick=args.quick)
        print(f"\n[{name} took {time.perf_counter() - started:.0f} s]", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
