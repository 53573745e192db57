"""Redis that survives losing a node: a primary, a replica and three Sentinels on loopback ports.

Both Redis nodes are durable as the single Redis is (`appendonly yes`, `appendfsync always`), each
with a config file of its own in its data dir that Sentinel rewrites when it changes the node's role
(so a node restarted later comes back in the role Sentinel last gave it). The processes connect with
`url` (`redis+sentinel://...`) and a write counts as kept once the replica has it
(`server.cluster.ownership.redis_link`). The Sentinels' settings are in `sentinels`; the nodes'
`repl-diskless-sync-delay` 0 has a node (re)joining as a replica get the data at once, not after the
default 5 s wait for other replicas: `WAIT` needs it before anything is acknowledged.

`revive` is the launcher's: a dead Sentinel starts again on its config; a dead Redis node starts again
as a replica of the primary the Sentinels name (told so at once, see `_restart`). A dead primary is
left down until the Sentinels have promoted its replica (at most `FAILOVER_WAIT`), so it never comes
back as a second primary; Sentinel would turn one into a replica too, but only some 8 s later.
"""

import contextlib
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from server.cluster.redis_roles import StalePrimaries, ask_at, first_named_primary
from server.cluster.redis_server import RedisServer
from server.cluster.redis_url import SentinelRedis
from server.cluster.restarts import GIVE_UP_REASON, REDIS_HA_QUICK_DEATH_SECONDS, Restarts
from server.cluster.sentinels import FAILOVER_TIMEOUT_MS, MASTER, SentinelProcess
from server.cluster.services import LOOPBACK, ServiceError

FAILOVER_WAIT = 2 * FAILOVER_TIMEOUT_MS / 1000 + 2.0
"""Seconds a dead primary waits for its replica's promotion before it is started again as it was
(its replica is dead too, or the Sentinels cannot agree)."""
ROLE_CHECK_SECONDS = 0.5
NOWHERE = 0
"""The port a node restarting as a replica first replicates (nothing listens there), until told."""
SETTLE_SECONDS = 30.0
"""Sentinels find each other through the primary every 2 s; start-up waits for them at most this."""

NODE_SETTINGS = """# written by MazeRace; Sentinel rewrites it when it changes this node's role
repl-diskless-sync yes
repl-diskless-sync-delay 0
"""


def ask(port: int, *command: str | int) -> object:
    """One command to the Redis or Sentinel on a loopback port; None when it does not answer."""
    return ask_at(LOOPBACK, port, *command)


@dataclass
class RedisHA:
    """The two Redis nodes and three Sentinels this process started."""

    root: Path
    nodes: list[RedisServer]
    sentinels: list[SentinelProcess] = field(default_factory=list)
    dead_since: dict[int, float] = field(default_factory=dict)
    """Port of a dead node -> when it was found dead (monotonic)."""
    restarts: dict[int, Restarts] = field(default_factory=dict)
    """Port of a node or Sentinel -> its starts and deaths."""
    roles: StalePrimaries | None = None
    """The check for a replaced primary still acting as one (`redis_roles`), once all five run."""
    next_role_check: float = 0.0

    @classmethod
    def start(cls, root: Path) -> "RedisHA":
        """Primary, then replica, then Sentinels; back once every Sentinel knows the replica and the
        other two (until then a fail-over could not be agreed)."""
        ha = cls(root, [])
        try:
            for name in ("redis1", "redis2"):
                data = root / name
                data.mkdir(parents=True, exist_ok=True)
                conf = data / "redis.conf"
                conf.write_text(NODE_SETTINGS)
                replica_of = ha.nodes[0].port if ha.nodes else None
                ha.nodes.append(RedisServer.start(data, conf=conf, replica_of=replica_of))
                ha.restarts[ha.nodes[-1].port] = Restarts(REDIS_HA_QUICK_DEATH_SECONDS)
            primary = ha.nodes[0].port
            for k in range(1, 4):
                ha.sentinels.append(SentinelProcess.start(root / f"sentinel{k}", primary))
                ha.restarts[ha.sentinels[-1].service.port] = Restarts(REDIS_HA_QUICK_DEATH_SECONDS)
            ha.wait_settled(SETTLE_SECONDS)
            sentinels = [(LOOPBACK, sentinel.service.port) for sentinel in ha.sentinels]
            ha.roles = StalePrimaries(MASTER, sentinels, [(LOOPBACK, node.port) for node in ha.nodes])
        except BaseException:
            ha.stop()
            raise
        return ha

    @property
    def address(self) -> SentinelRedis:
        return SentinelRedis(tuple((LOOPBACK, s.service.port) for s in self.sentinels), MASTER, 0)

    @property
    def url(self) -> str:
        """The URL the MazeRace processes are given (`--redis`)."""
        return self.address.url

    def primary_port(self) -> int | None:
        """The primary's port as the first Sentinel that answers says; None when none can."""
        sentinels = [(LOOPBACK, sentinel.service.port) for sentinel in self.sentinels]
        primary = first_named_primary(sentinels, MASTER)
        return None if primary is None else primary[1]

    def node_on(self, port: int | None) -> RedisServer | None:
        return next((node for node in self.nodes if node.port == port), None)

    def settled(self) -> bool:
        """Whether every Sentinel agrees on a live primary, knows the other two and a replica, and the
        replica's link to the primary is up."""
        primary = self.primary_port()
        if primary is None or self.node_on(primary) is None:
            return False
        for sentinel in self.sentinels:
            state = ask(sentinel.service.port, "SENTINEL", "master", MASTER)
            if not isinstance(state, dict):  # redis-py pairs the answer up
                return False
            fields = state
            if int(fields.get(b"port", 0)) != primary or int(fields.get(b"num-other-sentinels", 0)) < 2:
                return False
            if int(fields.get(b"num-slaves", 0)) < 1:
                return False
        info = ask(primary, "INFO", "replication")
        return isinstance(info, dict) and int(info.get("connected_slaves", 0)) >= 1

    def wait_settled(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.settled():
            if time.monotonic() > deadline:
                raise ServiceError(f"the Sentinels did not settle within {seconds:.0f} s (see {self.root})")
            time.sleep(0.1)

    def revive(self, say: Callable[[str], None]) -> str | None:
        """Start again whatever died (see the module's docstring), saying what it does; a reason to stop
        the cluster when a Redis node is in a crash loop (`restarts`): the primary alone acknowledges
        nothing (`WAIT`), as if Redis were down. A Sentinel in one is left down: two still agree."""
        for sentinel in self.sentinels:
            restarts = self.restarts[sentinel.service.port]
            if sentinel.service.alive() or restarts.given_up:
                continue
            if not restarts.died():
                say(f"redis-sentinel (port {sentinel.service.port}) is not started again ({GIVE_UP_REASON})")
                continue
            try:
                sentinel.restart(self.primary_port() or self.nodes[0].port)
            except ServiceError as error:
                say(f"redis-sentinel (port {sentinel.service.port}) could not be started again: {error}")
                continue
            finally:
                restarts.started()
            service = sentinel.service
            say(f"redis-sentinel (port {service.port}) died; started again: pid {service.pid}")
        for node in self.nodes:
            if node.service.alive():
                self.dead_since.pop(node.port, None)
                continue
            restarts = self.restarts[node.port]
            if node.port not in self.dead_since and not restarts.died():
                why = f"redis-server (port {node.port}) is not started again ({GIVE_UP_REASON})"
                return f"{why}; stopping the cluster"
            died = self.dead_since.setdefault(node.port, time.monotonic())
            primary = self.primary_port()
            waited = time.monotonic() - died
            if primary in (None, node.port) and waited < FAILOVER_WAIT:
                continue  # its replica is not promoted yet
            target = primary if primary not in (None, node.port) else None
            self.dead_since.pop(node.port, None)
            try:
                self._restart(node, target)
            except ServiceError as error:
                say(f"redis-server (port {node.port}) could not be started again: {error}")
                continue
            finally:
                restarts.started()
            role = f"a replica of port {target}" if target else "as it was"
            say(f"redis-server (port {node.port}) died; started again as {role}: pid {node.service.pid}")
        self._demote_stale_primaries(say)
        return None

    def _demote_stale_primaries(self, say: Callable[[str], None]) -> None:
        """Twice a second: a replaced primary still acting as one is told to follow the named one."""
        now = time.monotonic()
        if self.roles is None or now < self.next_role_check:
            return
        self.next_role_check = now + ROLE_CHECK_SECONDS
        for _, port in self.roles.demote(now):
            say(f"redis-server (port {port}) acted as a primary beside the Sentinels' one: told to follow it")

    @staticmethod
    def _restart(node: RedisServer, primary: int | None) -> None:
        """Start a dead node again: as it was, or as a replica of `primary`. Redis connects to a primary
        named at start only at its next once-a-second replication tick, but at once to one it is told
        (`REPLICAOF`), and `WAIT` acknowledges nothing until it is in: so it starts as a replica of
        port 0 (nothing: it is never a primary meanwhile) and is then told."""
        node.replica_of = primary if primary is None else NOWHERE
        node.restart(crash=True)
        if primary is not None and ask(node.port, "REPLICAOF", LOOPBACK, primary) is None:
            node.replica_of = primary  # not told: it connects at its own pace
            node.restart()
        node.replica_of = primary

    def rows(self) -> list[tuple[str, str, str, str, str]]:
        """The launcher's table lines: role, id, pid, port, log."""
        primary = self.primary_port()
        rows = [
            ("redis", "primary" if node.port == primary else "replica", str(node.service.pid),
             str(node.port), str(node.service.log))
            for node in self.nodes
        ]  # fmt: skip
        rows.extend(
            ("sentinel", f"sentinel{k}", str(s.service.pid), str(s.service.port), str(s.service.log))
            for k, s in enumerate(self.sentinels, 1)
        )
        return rows

    def pids(self) -> list[int]:
        return [node.service.pid for node in self.nodes] + [s.service.pid for s in self.sentinels]

    def stop(self) -> None:
        """The Sentinels first (no fail-over while the nodes stop), then the replica, then the primary."""
        primary = self.primary_port() if self.sentinels else None
        for sentinel in self.sentinels:
            sentinel.service.stop(signal.SIGTERM)
        for node in sorted(self.nodes, key=lambda node: node.port == primary):
            with contextlib.suppress(ProcessLookupError):
                node.stop()
