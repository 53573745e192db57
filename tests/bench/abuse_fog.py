"""What a fog race costs the server against a plain one: 16 racers at 20 moves a second each in an open
fog maze (the classic generator, 8 directions, braid 1, vision 10). Measured over a window after a
warm-up, one fresh server process a race: the server's CPU time per acknowledged move, the acks' round
trip (p50, p99, max) and the moves a second the room managed (`fog_walkers`)."""

import tempfile
from pathlib import Path

import aiohttp

from tests.bench.timing import print_table
from tests.integration.fog_walkers import MOVES_PER_SECOND, RACERS, SIDE, RaceLoad, race_load
from tests.store.live import ServerProcess


async def fog_sight_cost(quick: bool) -> None:
    """The issue's figure: a fog move's CPU against a plain one's, the acks and the moves a second."""
    seconds, warmup = (6.0, 1.0) if quick else (15.0, 2.0)
    results: dict[bool, RaceLoad] = {}
    async with aiohttp.ClientSession() as http:
        for fog in (False, True):
            with tempfile.TemporaryDirectory() as folder:
                log = Path(folder) / "server.log"
                server = await ServerProcess.start(Path(folder) / "bench.db", log, http)
                try:
                    results[fog] = await race_load(server, fog, seconds, warmup)
                finally:
                    await server.ensure_stopped()
    rows = []
    for fog, load in results.items():
        rows.append(
            (
                "fog" if fog else "no fog",
                f"{load.cpu_ms_a_move:.2f} ms",
                f"{load.p50_ms:.1f} / {load.p99_ms:.1f} / {load.max_ms:.0f} ms",
                f"{load.moves_a_second:.0f} of {RACERS * MOVES_PER_SECOND:.0f}",
            )
        )
    print_table(
        f"Fog sight: {RACERS} racers at {MOVES_PER_SECOND:.0f} moves/s, open {SIDE}x{SIDE} maze "
        "(classic, 8 directions, braid 1, vision 10)",
        ["race", "server CPU a move", "ack p50 / p99 / max", "moves/s"],
        rows,
        note=f"{seconds:.0f} s measured after {warmup:.0f} s of warm-up; each racer on its own address.",
    )
