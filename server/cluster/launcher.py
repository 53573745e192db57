"""`python -m server cluster --procs N --port P [--redis URL | --redis-ha] [--db URL]`: a whole cluster
on this machine, in the foreground.

Installs Debian's redis-server and nginx-light when missing, starts one durable redis-server (unless
`--redis` names one; with `--redis-ha`, a primary, a replica and three Sentinels, `redis_ha`, whose
dead members are started again as that module says), N MazeRace processes on free loopback ports
(all on the same `--db`), and nginx on P in front of them; prints a table of what runs; watches its
children (one that dies is reported and started again on its port, unless `--no-restart`: Redis on
its data and nginx on its config while the MazeRace processes stay up and reconnect); and on Ctrl-C
or SIGTERM stops everything it started: SIGTERM to the MazeRace processes (each hands over or saves
its rooms), then nginx, then Redis.
Options after `--` are passed to every MazeRace process (`-- --countdown 5`).
"""

import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import FrameType

from server.cluster.install import NGINX, REDIS, SENTINEL, InstallError, ensure_installed
from server.cluster.launcher_args import ClusterArgs, parse_args
from server.cluster.nginx_conf import Upstream
from server.cluster.nginx_server import NginxServer
from server.cluster.nodes import NodeSpec, start_node, start_nodes
from server.cluster.redis_ha import RedisHA
from server.cluster.redis_server import RedisServer
from server.cluster.redis_url import redacted
from server.cluster.restarts import GIVE_UP_REASON, Restarts
from server.cluster.services import LOOPBACK, Service, ServiceError, port_is_free

NODE_STOP_SECONDS = 25.0
"""A process saving its rooms on SIGTERM gets this long before it is killed."""
WATCH_SECONDS = 0.2


@dataclass
class Node:
    """One MazeRace process of the cluster and its history."""

    spec: NodeSpec
    service: Service
    restarts: Restarts = field(default_factory=Restarts)


@dataclass
class Cluster:
    """Everything the launcher started, in the order it is stopped: nodes, nginx, Redis."""

    args: ClusterArgs
    redis: RedisServer | None = None
    redis_ha: RedisHA | None = None
    redis_url: str = ""
    nodes: list[Node] = field(default_factory=list)
    nginx: NginxServer | None = None
    support_restarts: dict[str, Restarts] = field(default_factory=dict)
    """Redis's and nginx's starts and deaths, by name."""

    def start(self) -> NginxServer:
        """Start Redis, the processes and nginx (returned); each is kept as soon as it runs."""
        data = self.args.data
        if self.args.redis_ha:
            self.redis_ha = RedisHA.start(data / "redis-ha")
            self.redis_url = self.redis_ha.url
        elif self.args.redis is None:
            self.redis = RedisServer.start(data / "redis")
            self.redis_url = self.redis.url
            self.support_restarts["redis-server"] = Restarts()
        else:
            self.redis_url = self.args.redis
        specs = [
            NodeSpec(f"node{k}", self.redis_url, self.args.db, self.args.public_url, self.args.node_args)
            for k in range(1, self.args.procs + 1)
        ]
        services: list[Service] = []
        try:
            start_nodes(specs, data / "logs", services)
        finally:
            self.nodes = [Node(spec, service) for spec, service in zip(specs, services, strict=False)]
        self.nginx = NginxServer.start(
            data / "nginx", self.upstreams(), port=self.args.port, host=self.args.host
        )
        self.support_restarts["nginx"] = Restarts()
        return self.nginx

    def table(self) -> str:
        """What runs: one line a process (role, id, pid, port, log)."""
        rows = [("role", "id", "pid", "port", "log")]
        if self.redis is not None:
            rows.append(("redis", "redis", str(self.redis.service.pid), str(self.redis.port),
                         str(self.redis.service.log)))  # fmt: skip
        elif self.redis_ha is not None:
            rows.extend(self.redis_ha.rows())
        else:
            rows.append(("redis", "external", "-", "-", redacted(self.redis_url)))
        for node in self.nodes:
            service = node.service
            rows.append(("node", node.spec.node, str(service.pid), str(service.port), str(service.log)))
        if self.nginx is not None:
            service = self.nginx.service
            rows.append(("nginx", "nginx", str(service.pid), str(service.port), str(service.log)))
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        return "\n".join(
            "  ".join(cell.ljust(width) for cell, width in zip(row[:4], widths, strict=True)) + "  " + row[4]
            for row in rows
        )

    def watch_once(self) -> str | None:
        """Look at every child once: report and restart whatever died; a reason to stop, or None."""
        if self.redis_ha is not None and self.args.restart:
            reason = self.redis_ha.revive(say)
            if reason is not None:
                return reason
        for name in ("redis-server", "nginx"):
            reason = self._revive_support(name)
            if reason is not None:
                return reason
        for node in self.nodes:
            if not node.restarts.given_up and not node.service.alive():
                self._revive(node)
        return None

    def _revive_support(self, name: str) -> str | None:
        """Redis or nginx, dead, is started again on its port (Redis on its data, whose append-only
        file holds every acknowledged write; nginx on its config): the MazeRace processes stay up and
        reconnect. One in a crash loop (`restarts`) stops the cluster."""
        server: RedisServer | NginxServer | None = self.redis if name == "redis-server" else self.nginx
        if server is None or server.service.alive():
            return None
        service = server.service
        service.end_group()
        say(
            f"{name} (pid {service.pid}, port {service.port}) exited with status {service.process.returncode}"
        )
        restarts = self.support_restarts[name]
        if not self.args.restart or not restarts.died():
            why = "--no-restart" if not self.args.restart else GIVE_UP_REASON
            return f"{name} is not started again ({why}); stopping the cluster"
        restarts.started()
        try:
            if isinstance(server, RedisServer):
                server.restart()
            else:
                self.nginx = server = NginxServer.start(
                    server.prefix, self.upstreams(), port=server.port, host=server.host
                )
        except ServiceError as error:
            say(f"{name} could not be started again: {error}")
            return None
        say(f"{name} started again: pid {server.service.pid}, port {server.service.port}")
        return None

    def upstreams(self) -> list[Upstream]:
        """Where nginx sends requests: every MazeRace process's port."""
        return [Upstream(LOOPBACK, node.service.port) for node in self.nodes]

    def _revive(self, node: Node) -> None:
        service = node.service
        service.end_group()
        say(f"{node.spec.node} (pid {service.pid}, port {service.port}) exited with status "
            f"{service.process.returncode}")  # fmt: skip
        if not self.args.restart or not node.restarts.died():
            node.restarts.given_up = True
            why = "--no-restart" if not self.args.restart else GIVE_UP_REASON
            say(f"{node.spec.node} is not started again ({why}); nginx sends its rooms to the others")
            return
        try:
            node.service = start_node(node.spec, service.log, port=service.port)
        except ServiceError as error:
            say(f"{node.spec.node} could not be started again: {error}")
            return
        finally:
            node.restarts.started()
        say(f"{node.spec.node} started again: pid {node.service.pid}, port {node.service.port}")

    def stop(self) -> None:
        """SIGTERM to every process, wait (kill after NODE_STOP_SECONDS), then nginx, then Redis."""
        for node in self.nodes:
            node.service.send(signal.SIGTERM)
        for node in self.nodes:
            status = node.service.wait(NODE_STOP_SECONDS)
            say(f"stopped {node.spec.node} (pid {node.service.pid}): exit status {status}")
        if self.nginx is not None:
            say(f"stopped nginx (pid {self.nginx.service.pid}): exit status {self.nginx.stop()}")
        if self.redis is not None:
            say(f"stopped redis-server (pid {self.redis.service.pid}): exit status {self.redis.stop()}")
        if self.redis_ha is not None:
            self.redis_ha.stop()
            say(f"stopped Redis and its Sentinels (pids {' '.join(map(str, self.redis_ha.pids()))})")


def say(line: str) -> None:
    """One line of the launcher's report, at once (its output is often a pipe)."""
    print(line, flush=True)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """SIGTERM does what Ctrl-C does: leave the watch loop (or the start) and stop everything."""
    raise KeyboardInterrupt


def main(argv: Sequence[str]) -> int:
    """Run the cluster until Ctrl-C or SIGTERM; 0 after a clean stop, 1 when it failed, 2 for bad usage."""
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    if not port_is_free(args.port, args.host):
        print(f"mazerace cluster: port {args.port} on {args.host} is taken", file=sys.stderr)
        return 2
    cluster = Cluster(args)
    code = 0
    try:
        installed = ensure_installed(
            [NGINX] if args.redis else [REDIS, *([SENTINEL] if args.redis_ha else []), NGINX]
        )
        if installed:
            say(f"installed {' '.join(installed)}")
        nginx = cluster.start()
        say(f"MazeRace cluster: {args.procs} processes behind nginx, sharing the store {args.db}")
        say(cluster.table())
        say(f"ready: {nginx.url} (Ctrl-C or SIGTERM stops it all)")
        while (reason := cluster.watch_once()) is None:
            time.sleep(WATCH_SECONDS)
        say(reason)
        code = 1
    except KeyboardInterrupt:
        say("stopping the cluster")
    except (ServiceError, InstallError) as error:
        print(f"mazerace cluster: {error}", file=sys.stderr, flush=True)
        code = 1
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        cluster.stop()
    return code
