"""A real nginx for a test, in front of the given upstreams, with the cluster's own config template
(server/cluster/nginx_conf.py): its prefix (config, pid, error log, temp files) in the test's temp dir,
run with `daemon off` and stopped by pid."""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from server.cluster.nginx_conf import Upstream
from server.cluster.nginx_server import NginxServer

__all__ = ["NginxServer", "Upstream", "running_nginx"]


@contextmanager
def running_nginx(prefix: Path, ports: Sequence[int]) -> Iterator[NginxServer]:
    """nginx on a free loopback port in front of loopback `ports`, for the `with` block."""
    server = NginxServer.start(prefix, [Upstream("127.0.0.1", port) for port in ports])
    try:
        yield server
    finally:
        server.stop()
