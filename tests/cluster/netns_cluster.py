"""A 3-process cluster on simulated machines (tests/cluster/netns.py): redis-server, each MazeRace
process and nginx in a network namespace of its own, on a bridge, with delaying relays in the hub (the
root namespace) standing in for the wire's latency:

    players -> [20-60 ms round trip, jittered] -> nginx -> [1 ms] -> node1..3 -> [1 ms] -> Redis

Each process reaches Redis through the Redis relay, nginx reaches each process through that process's
relay, and players reach nginx through the players' relay, whose connections to nginx leave from an
address of their own for each player address (`source_for`): nginx, and the processes behind it
(`--trusted-proxy` the hub), see one person per player address, as on loopback. The test process talks
to each machine straight over the bridge when it looks past nginx (health, a room's owner, Redis).

`NetnsCluster` is a `ChaosCluster`, so the chaos tests' race table and checks run on it unchanged;
`cut_from_redis(node)` drops a process's packets to and from Redis in its own namespace (`nft`).
"""

import asyncio
import contextlib
import random
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import redis.asyncio as aioredis

from server.cluster.nginx_conf import Upstream
from server.cluster.nginx_server import NginxServer
from server.cluster.nodes import NodeSpec, health
from server.cluster.redis_server import RedisServer, pong, redis_binary, redis_command
from server.cluster.services import Service, spawn
from tests.cluster.chaos import NODE_ARGS, NODES, UP_SECONDS, ChaosCluster
from tests.cluster.delay_relay import DelayRelay, fixed, jittered
from tests.cluster.netns import SimulatedNetwork, simulated_network
from tests.cluster.netns_hub import NetworkError
from tests.cluster.netns_redis_ha import HA_MACHINES, NetnsRedisHA, start_redis_ha, wait_up

MACHINES = ("redis", *NODES, "nginx")
REDIS_PORT = 6379
NODE_PORT = 8000
NGINX_PORT = 80
BETWEEN_MACHINES = 0.0005
"""One way between two machines: 1 ms a round trip."""
TO_PLAYERS = (0.010, 0.030)
"""One way between a player and nginx, drawn for each chunk: 20-60 ms a round trip."""
PLAYER_ADDRESSES = 64
"""Hub addresses the players' connections to nginx leave from (one per player address, reused after)."""
UNBUFFERED = {"PYTHONUNBUFFERED": "1"}


@dataclass
class NetnsCluster(ChaosCluster):
    """A `ChaosCluster` whose parts are machines on a simulated network."""

    network: SimulatedNetwork = field(kw_only=True)
    players_relay: DelayRelay = field(kw_only=True)
    redis_relay: DelayRelay | None = field(kw_only=True)
    """The one Redis's relay; None with `redis_ha`."""
    node_relays: dict[str, DelayRelay] = field(kw_only=True)
    redis_ha: NetnsRedisHA | None = field(default=None, kw_only=True)
    """With `ha`: Redis as a primary, a replica and three Sentinels, each on a machine of its own."""

    @property
    def url(self) -> str:
        """The cluster's address for players: the players' relay in front of nginx."""
        return f"http://{self.players_relay.address}"

    def node_url(self, node: str) -> str:
        """One process's own address on its machine, past nginx and the relays."""
        return f"http://{self.network.machines[node].address}:{NODE_PORT}"

    def client(self) -> "aioredis.Redis":
        """A redis-py client of the cluster's Redis (the primary now, with `redis_ha`), straight over the
        bridge (the caller closes it)."""
        machine = "redis" if self.redis_ha is None else self.redis_ha.primary()
        assert machine is not None, "no Sentinel names a primary"
        return aioredis.from_url(f"redis://{self.network.machines[machine].address}:{REDIS_PORT}/0")

    async def restart(self, node: str) -> None:
        """Start a process that ended again on its machine, and wait until it answers."""
        old = self.nodes[node]
        assert not old.alive()
        service = spawn(node, self.specs[node].command(NODE_PORT), NODE_PORT, old.log, env=UNBUFFERED)
        self.nodes[node] = service
        deadline = time.monotonic() + UP_SECONDS
        while not await asyncio.to_thread(self.answers, node):
            assert time.monotonic() < deadline, f"{node} did not start again:\n{service.log_tail()}"
            await asyncio.sleep(0.05)

    def answers(self, node: str) -> bool:
        """Whether `node`'s process runs and its /healthz names it (an AssertionError once it exited)."""
        service = self.nodes[node]
        if not service.alive():
            raise AssertionError(f"{node} exited: {service.log_tail()}")
        return _answers(node, self.network.machines[node].address)

    def cut_from_redis(self, node: str) -> None:
        """Drop every packet between `node`'s machine and Redis (through the relay or not), both ways."""
        assert self.redis_relay is not None, "one Redis only: with Sentinels, cut a Redis node off"
        redis = self.network.machines["redis"].address
        self.network.cut(node, [(self.network.hub, self.redis_relay.port), (redis, None)])

    def heal(self, node: str) -> None:
        self.network.heal(node)


@contextlib.contextmanager
def running_netns_cluster(
    root: Path, network: SimulatedNetwork, *, ha: bool = False
) -> Iterator[NetnsCluster]:
    """Redis (with `ha`: a primary, a replica and three Sentinels), three processes (started together,
    then each waited for) and nginx on `network`'s machines, with their relays; every process stopped
    by pid and every relay stopped after the block."""
    machines, hub = network.machines, network.hub
    relays: list[DelayRelay] = []
    services: dict[str, Service] = {}
    redis: RedisServer | None = None
    redis_ha: NetnsRedisHA | None = None
    redis_relay: DelayRelay | None = None
    nginx: NginxServer | None = None
    try:

        def relay(target: str, port: int, one_way: float) -> DelayRelay:
            made = DelayRelay(hub, target, port, fixed(one_way)).start()
            relays.append(made)
            return made

        if ha:
            redis_ha = start_redis_ha(root / "redis-ha", network)
            redis = RedisServer(root / "redis-ha" / "redis1", redis_ha.nodes["redis1"], redis_binary())
            redis_url = redis_ha.url
        else:
            redis = _start_redis(root / "redis", network)
            redis_relay = relay(machines["redis"].address, REDIS_PORT, BETWEEN_MACHINES)
            redis_url = f"redis://{redis_relay.address}/0"
        specs = {
            node: NodeSpec(
                node,
                redis_url,
                str(root / "mazerace.db"),
                extra=NODE_ARGS,
                host=machines[node].address,
                trusted_proxy=hub,
                wrap=machines[node].wrap,
            )
            for node in NODES
        }
        for node, spec in specs.items():
            services[node] = spawn(
                node, spec.command(NODE_PORT), NODE_PORT, root / "logs" / f"{node}.log", env=UNBUFFERED
            )
        for node, service in services.items():
            wait_up(partial(_answers, node, machines[node].address), node, service)
        node_relays = {node: relay(machines[node].address, NODE_PORT, BETWEEN_MACHINES) for node in NODES}
        upstreams = [Upstream(hub, node_relays[node].port) for node in NODES]
        nginx = NginxServer.start(
            root / "nginx",
            upstreams,
            port=NGINX_PORT,
            host=machines["nginx"].address,
            wrap=machines["nginx"].wrap,
        )
        sources = network.add_sources(PLAYER_ADDRESSES)
        given: dict[str, str] = {}

        def source_for(client: str) -> str:
            if client not in given:
                given[client] = sources[len(given) % len(sources)]
            return given[client]

        players_relay = DelayRelay(
            hub,
            machines["nginx"].address,
            NGINX_PORT,
            jittered(*TO_PLAYERS, random.Random(7)),
            source_for=source_for,
        ).start()
        relays.append(players_relay)
        yield NetnsCluster(
            root,
            redis,
            specs,
            services,
            nginx,
            network=network,
            players_relay=players_relay,
            redis_relay=redis_relay,
            node_relays=node_relays,
            redis_ha=redis_ha,
        )
    finally:
        for name in list(network.cuts):
            with contextlib.suppress(NetworkError):
                network.heal(name)  # a process hands its rooms over through Redis as it stops
        for service in services.values():  # all at once, as the launcher stops them
            service.send(signal.SIGCONT)
            service.send(signal.SIGTERM)
        for service in services.values():
            service.wait(15)
            service.end_group()
        if nginx is not None:
            nginx.stop()
        if redis_ha is not None:
            redis_ha.stop()
        elif redis is not None:
            redis.stop()
        for made in relays:
            made.stop()


def _start_redis(data_dir: Path, network: SimulatedNetwork) -> RedisServer:
    """The one redis-server on its machine, once it answers."""
    data_dir.mkdir(parents=True, exist_ok=True)
    binary = redis_binary()
    machine = network.machines["redis"]
    command = [
        *machine.wrap,
        *redis_command(REDIS_PORT, data_dir, binary, host=machine.address),
        "--protected-mode", "no",  # off loopback it answers nothing but DENIED without a password
    ]  # fmt: skip
    redis = RedisServer(data_dir, spawn("redis-server", command, REDIS_PORT, data_dir / "redis.log"), binary)
    try:
        wait_up(lambda: pong(REDIS_PORT, machine.address), "redis-server", redis.service)
    except BaseException:
        redis.kill()
        raise
    return redis


def _answers(node: str, address: str) -> bool:
    answer = health(NODE_PORT, address)
    return answer is not None and answer.get("node") == node


@contextlib.contextmanager
def netns_cluster(root: Path, *, ha: bool = False) -> Iterator[NetnsCluster]:
    """A simulated network with a cluster on it (with `ha`, Redis behind Sentinels), both removed after
    the block."""
    machines = (*HA_MACHINES, *NODES, "nginx") if ha else MACHINES
    with simulated_network(machines) as network, running_netns_cluster(root, network, ha=ha) as cluster:
        yield cluster
