"""Redis as a primary, a replica and three Sentinels on simulated machines (tests/cluster/netns.py): each
Redis node and each Sentinel in a network namespace of its own, in the layout `--redis-ha` starts on
loopback (`server.cluster.redis_ha`: the same settings, timings and quorum).

Every connection to a Redis node goes through that node's delaying relay in the hub (1 ms a round
trip), the MazeRace processes', the Sentinels' and the replica's own link to its primary alike: each
node announces its relay as its address (`replica-announce-ip`/`-port`) and the Sentinels watch the
primary at its relay, so the address the Sentinels hand out after a promotion is a relay too. The
processes ask the Sentinels straight over the bridge (a question answered from memory). A node cut off
(`cut_off`) drops every packet to and from the hub: no relay, so nobody, reaches it. As the launcher
does, a thread tells a replaced primary still acting as one to follow the Sentinels' (`watch_roles`).
"""

import contextlib
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from server.cluster.redis_ha import NODE_SETTINGS, ROLE_CHECK_SECONDS
from server.cluster.redis_roles import StalePrimaries, ask_at, first_named_primary
from server.cluster.redis_server import pong, redis_binary, redis_command
from server.cluster.redis_url import SentinelRedis
from server.cluster.sentinels import MASTER, sentinel_program, sentinel_settings
from server.cluster.services import Service, spawn
from tests.cluster.delay_relay import DelayRelay, fixed
from tests.cluster.netns import SimulatedNetwork

REDIS_NODES = ("redis1", "redis2")
SENTINELS = ("sentinel1", "sentinel2", "sentinel3")
HA_MACHINES = (*REDIS_NODES, *SENTINELS)
REDIS_PORT = 6379
SENTINEL_PORT = 26379
BETWEEN_MACHINES = 0.0005
"""One way between two machines: 1 ms a round trip."""
UP_SECONDS = 60.0
SETTLED_SECONDS = 30.0
"""The Sentinels find each other through the primary every 2 s."""


@dataclass
class NetnsRedisHA:
    """The Redis nodes and Sentinels on their machines (by machine name), and each node's relay."""

    network: SimulatedNetwork
    root: Path
    nodes: dict[str, Service]
    sentinels: dict[str, Service]
    relays: dict[str, DelayRelay]
    stopping: threading.Event = field(default_factory=threading.Event)
    watcher: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The processes' `--redis`: the Sentinels' own addresses."""
        machines = self.network.machines
        return SentinelRedis(tuple((machines[s].address, SENTINEL_PORT) for s in SENTINELS), MASTER, 0).url

    def primary(self) -> str | None:
        """The machine of the primary the first Sentinel that answers names (by its relay's port)."""
        sentinels = [(self.network.machines[sentinel].address, SENTINEL_PORT) for sentinel in SENTINELS]
        primary = first_named_primary(sentinels, MASTER)
        if primary is None:
            return None
        return next((node for node, relay in self.relays.items() if relay.port == primary[1]), None)

    def role(self, node: str) -> object:
        """What `node` says it is ('master' or 'slave'), asked straight over the bridge."""
        info = ask_at(self.network.machines[node].address, REDIS_PORT, "INFO", "replication")
        return info.get("role") if isinstance(info, dict) else None

    def start_node(self, node: str, replica_of: str | None) -> None:
        """redis-server on `node`'s machine, on its data (a replica of `replica_of`'s relay, if given);
        back once it answers."""
        machine = self.network.machines[node]
        data = self.root / node
        data.mkdir(parents=True, exist_ok=True)
        conf = data / "redis.conf"
        if not conf.exists():
            conf.write_text(NODE_SETTINGS)
        hub, relay = self.network.hub, self.relays[node]
        replica = [] if replica_of is None else ["--replicaof", hub, str(self.relays[replica_of].port)]
        command = [
            *machine.wrap, *redis_command(REDIS_PORT, data, redis_binary(), conf, host=machine.address),
            *replica, "--protected-mode", "no",
            "--replica-announce-ip", hub, "--replica-announce-port", str(relay.port),
        ]  # fmt: skip
        self.nodes[node] = service = spawn("redis-server", command, REDIS_PORT, data / "redis.log")
        wait_up(lambda: pong(REDIS_PORT, machine.address), f"{node}'s redis-server", service)

    def start_sentinel(self, sentinel: str, primary: str) -> None:
        machine = self.network.machines[sentinel]
        data = self.root / sentinel
        data.mkdir(parents=True, exist_ok=True)
        conf = data / "sentinel.conf"
        settings = sentinel_settings(
            SENTINEL_PORT,
            data,
            self.relays[primary].port,
            host=machine.address,
            primary_host=self.network.hub,
        )
        conf.write_text(settings + "protected-mode no\n")
        command = [*machine.wrap, sentinel_program(), str(conf)]
        self.sentinels[sentinel] = service = spawn("redis-sentinel", command, SENTINEL_PORT, data / "log")
        wait_up(lambda: pong(SENTINEL_PORT, machine.address), sentinel, service)

    def settled(self) -> bool:
        """Every Sentinel names the same primary and knows the replica and the other two."""
        primary = self.primary()
        if primary is None:
            return False
        for sentinel in SENTINELS:
            state = ask_at(
                self.network.machines[sentinel].address, SENTINEL_PORT, "SENTINEL", "master", MASTER
            )
            if not isinstance(state, dict) or int(state.get(b"port", 0)) != self.relays[primary].port:
                return False
            if int(state.get(b"num-other-sentinels", 0)) < 2 or int(state.get(b"num-slaves", 0)) < 1:
                return False
        return True

    def watch_roles(self) -> None:
        """What the launcher does twice a second: a replaced primary still acting as one is told to
        follow the one the Sentinels name (`server.cluster.redis_roles`). On a thread, until `stop`."""
        machines, hub = self.network.machines, self.network.hub
        sentinels = [(machines[sentinel].address, SENTINEL_PORT) for sentinel in SENTINELS]
        roles = StalePrimaries(MASTER, sentinels, [(hub, self.relays[node].port) for node in REDIS_NODES])

        def watch() -> None:
            while not self.stopping.wait(ROLE_CHECK_SECONDS):
                roles.demote(time.monotonic())

        self.watcher = threading.Thread(target=watch, name="redis-roles", daemon=True)
        self.watcher.start()

    def kill(self, node: str) -> None:
        """kill -9 a Redis node, as a crash would."""
        self.nodes[node].stop(signal.SIGKILL)

    def cut_off(self, node: str) -> None:
        """Drop every packet between `node`'s machine and the hub (its relay, so everyone), both ways."""
        self.network.cut(node, [(self.network.hub, None)])

    def stop(self) -> None:
        """The Sentinels first (no fail-over while the nodes stop), then the nodes, then the relays."""
        self.stopping.set()
        if self.watcher is not None:
            self.watcher.join(5)
        for service in [*self.sentinels.values(), *self.nodes.values()]:
            with contextlib.suppress(ProcessLookupError):
                service.send(signal.SIGCONT)
            service.stop(signal.SIGTERM)
        for relay in self.relays.values():
            relay.stop()


def start_redis_ha(root: Path, network: SimulatedNetwork) -> NetnsRedisHA:
    """The primary (redis1), its replica (redis2) and the three Sentinels, settled (the caller stops
    them: `NetnsRedisHA.stop`)."""
    relays = {
        node: DelayRelay(network.hub, network.machines[node].address, REDIS_PORT, fixed(BETWEEN_MACHINES))
        for node in REDIS_NODES
    }
    ha = NetnsRedisHA(network, root, {}, {}, relays)
    try:
        for relay in relays.values():
            relay.start()
        ha.start_node("redis1", None)
        ha.start_node("redis2", "redis1")
        for sentinel in SENTINELS:
            ha.start_sentinel(sentinel, "redis1")
        deadline = time.monotonic() + SETTLED_SECONDS
        while not ha.settled():
            assert time.monotonic() < deadline, f"the Sentinels did not settle (see {root})"
            time.sleep(0.1)
        ha.watch_roles()
    except BaseException:
        ha.stop()
        raise
    return ha


def wait_up(ready: Callable[[], bool], what: str, service: Service) -> None:
    """Poll `ready` until it holds: an AssertionError when `service` exits first or takes too long."""
    deadline = time.monotonic() + UP_SECONDS
    while not ready():
        assert service.alive(), f"{what} exited:\n{service.log_tail()}"
        assert time.monotonic() < deadline, f"{what} did not come up:\n{service.log_tail()}"
        time.sleep(0.05)
