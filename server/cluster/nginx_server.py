"""nginx in front of a cluster: its config written from the template (nginx_conf.py) into a prefix
directory that also holds its pid file, error log and temp files, run in the foreground
(`daemon off`) so it is stopped by its pid like every other child."""

import signal
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from server.cluster.install import NGINX, find_program
from server.cluster.nginx_conf import Upstream, main_config
from server.cluster.services import LOOPBACK, Service, ServiceError, port_answers, start_on_free_port

START_SECONDS = 15.0


def nginx_binary() -> str:
    """The nginx executable; `ServiceError` when it is not installed."""
    found = find_program(NGINX.program)
    if found is None:
        raise ServiceError("nginx is not installed (Debian: apt-get install nginx-light)")
    return found


def _probe_host(host: str) -> str:
    """Where to knock to see nginx listening on `host` (a wildcard is reachable on loopback)."""
    return LOOPBACK if host in ("", "0.0.0.0", "*") else host


@dataclass
class NginxServer:
    """An nginx this process started."""

    prefix: Path
    host: str
    service: Service

    @classmethod
    def start(
        cls,
        prefix: Path,
        upstreams: Sequence[Upstream],
        *,
        port: int | None = None,
        host: str = LOOPBACK,
        wrap: Sequence[str] = (),
    ) -> "NginxServer":
        """Write the config for `upstreams`, start nginx on `host:port` (a free port by default) and
        wait until it accepts connections; `wrap`: a command it is started through (`ip netns exec
        NAME`)."""
        binary = nginx_binary()
        for folder in ("temp", "conf"):
            (prefix / folder).mkdir(parents=True, exist_ok=True)
        conf = prefix / "conf" / "nginx.conf"

        def command(chosen: int) -> list[str]:
            conf.write_text(main_config(prefix, f"{host}:{chosen}", upstreams), encoding="utf-8")
            return [*wrap, binary, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log"),
                    "-g", "daemon off;"]  # fmt: skip

        service = start_on_free_port(
            "nginx",
            command,
            prefix / "error.log",
            lambda started: port_answers(started.port, _probe_host(host)),
            seconds=START_SECONDS,
            port=port,
        )
        return cls(prefix, host, service)

    @property
    def port(self) -> int:
        """The port nginx listens on."""
        return self.service.port

    @property
    def url(self) -> str:
        """The cluster's address as seen from this machine."""
        return f"http://{_probe_host(self.host)}:{self.port}"

    def stop(self) -> int:
        """SIGTERM (nginx's fast shutdown), killed if it hangs; its exit status."""
        return self.service.stop(signal.SIGTERM)
