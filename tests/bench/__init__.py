"""Benchmarks of MazeRace: `python -m tests.bench [--quick] [module ...]` prints their tables.

Each benchmark module in `MODULES` has `TITLE` and `run(quick: bool) -> None`; add new ones (e.g. a load
benchmark of the server) to the list and they run in turn. Benchmarks measure and print; they never fail.
"""

MODULES: tuple[str, ...] = (
    "core",
    "exercise",
    "load",
    "store",
    "hint_load",
    "abuse",
    "page_weight",
    "daily_band",
    "bots",
    "bot_load",
    "ghosts",
    "feel",
    "editor_card",
    "analysis",
    "editor",
    "publish",
    "maze_rooms",
    "cluster",
    "cluster_redis_failover",
    "cluster_netns",
)
"""Benchmark modules under tests.bench, in the order they run."""
