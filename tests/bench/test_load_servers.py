"""The load benchmark's server takes every room and connection the benchmark sends it from its one
loopback address: a per-address cap below the benchmark's biggest step would refuse it part-way up the
ladder (a room refused `too_many_rooms` stopped `make bench` once)."""

from server.http.keys import CONFIG
from tests.bench.load import FULL_ROOMS, FULL_SPECTATORS
from tests.bench.load_bots import PLAYERS_PER_ROOM
from tests.bench.load_servers import ours


def test_the_load_benchmarks_server_takes_its_biggest_step_from_one_address() -> None:
    config = ours(0.0)[CONFIG]
    biggest = max(FULL_ROOMS)
    assert config.rooms_per_address >= biggest
    assert config.connections_per_address >= max(biggest * (PLAYERS_PER_ROOM + 1), FULL_SPECTATORS)
    assert config.max_rooms >= biggest
