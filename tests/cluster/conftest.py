"""Cluster fixtures: a real redis-server and a real nginx on free loopback ports, each in the test's
temp dir and stopped by pid at teardown. They need Debian's redis-server, redis-sentinel and
nginx-light, which `make test` installs when missing."""

import itertools
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.cluster.chaos import ChaosCluster, running_cluster
from tests.cluster.chaos_table import RaceTable, table_on
from tests.services.nginx import NginxServer, running_nginx
from tests.services.redis import RedisServer, running_redis

StartNginx = Callable[[Sequence[int]], NginxServer]


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[ChaosCluster]:
    """A 3-process cluster behind nginx on a real redis-server (tests.cluster.chaos)."""
    with running_cluster(tmp_path) as started:
        yield started


@pytest.fixture
async def table(cluster: ChaosCluster) -> AsyncIterator[RaceTable]:
    """A room on `cluster` with Ann (host), Bob and the spectator Sue joined through nginx."""
    async with table_on(cluster) as made:
        yield made


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A durable redis-server for this test."""
    with running_redis(tmp_path / "redis") as server:
        yield server


@pytest.fixture
def start_nginx(tmp_path: Path) -> Iterator[StartNginx]:
    """A factory: `start_nginx([port, ...])` runs nginx in front of those loopback ports."""
    with ExitStack() as stack:
        count = itertools.count()

        def start(ports: Sequence[int]) -> NginxServer:
            return stack.enter_context(running_nginx(tmp_path / f"nginx{next(count)}", ports))

        yield start
