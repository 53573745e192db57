"""Regression test: a fog move costs a real server process about what a plain move does.

Every fog event used to search what every racer can see, for every racer, on the event loop: with 16
racers walking an open fog maze at full pace the server spent about seven times the CPU a move of the
same race without fog, and its acks queued up behind it. Now each racer's sight is searched once, when
they move, and each form of an event is sent once. Same room, same pace, fog or not; the bound on the
ratio is generous (a busy machine shifts both figures), and the fog racers must still never be sent a
distance to the exit.
"""

from pathlib import Path

import aiohttp

from tests.store.live import ServerProcess

from .fog_walkers import RaceLoad, race_load

SECONDS = 3.0
WARMUP = 1.0
MOST_FOG_COST = 3.0
"""A fog move may cost at most this many plain moves of server CPU (it cost about 7 before)."""


async def one_race(folder: Path, http: aiohttp.ClientSession, fog: bool) -> RaceLoad:
    server = await ServerProcess.start(folder / "races.db", folder / "server.log", http)
    try:
        return await race_load(server, fog, SECONDS, WARMUP)
    finally:
        await server.ensure_stopped()


async def test_a_fog_move_costs_the_server_about_what_a_plain_move_does(tmp_path: Path) -> None:
    async with aiohttp.ClientSession() as http:
        (tmp_path / "plain").mkdir()
        (tmp_path / "fog").mkdir()
        plain = await one_race(tmp_path / "plain", http, fog=False)
        fog = await one_race(tmp_path / "fog", http, fog=True)
    assert plain.refused == {}, plain
    assert fog.refused == {}, fog
    assert fog.with_distance == 0, fog
    assert plain.moves_a_second > 50, plain  # the racers did walk, in both races
    assert fog.moves_a_second > 50, fog
    assert fog.cpu_ms_a_move <= MOST_FOG_COST * plain.cpu_ms_a_move, (plain, fog)
