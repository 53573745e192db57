"""The Sentinels that watch the Redis primary (`redis_ha`): their config and their processes.

Sentinel's timings, chosen for a primary's death to be promoted within about 3 s:
- `down-after-milliseconds` 1500: a Sentinel that had no answer from the primary for 1.5 s takes it
  for down. Shorter fails over faster but takes a stall for a death. It is longer than Sentinel's
  once-a-second PING: at 1000 the Sentinels often took a primary they had just promoted for down
  1.0-1.1 s after the switch (one PING period on their new link to it) and failed over again, back to
  the old primary (4 and 2 second fail-overs in two runs of 12 kills; none in two runs at 1500, where
  a primary's death is promoted about 0.45 s later, 2.7 s after it).
- quorum 2 of 3: two Sentinels must agree it is down, and a majority (2) elects the one that promotes
  the replica, so one Sentinel alone (dead, or cut off) neither blocks nor forces a fail-over.
- `failover-timeout` 2000: how long a fail-over may take before it is given up (and when the next try
  may start). Promoting a replica here takes a fraction of a second, but an election the Sentinels
  split their votes in waits this long before the next: measured with 4000, 2 kills in 24 were
  promoted 6.3-6.5 s after the kill instead of about 2.3 s.
"""

import signal
from dataclasses import dataclass
from pathlib import Path

from server.cluster.install import find_program
from server.cluster.redis_server import pong
from server.cluster.services import LOOPBACK, Service, ServiceError, start_on_free_port

MASTER = "mazerace"
"""The name the Sentinels monitor the primary under (in the processes' URL)."""
QUORUM = 2
DOWN_AFTER_MS = 1500
FAILOVER_TIMEOUT_MS = 2000


def sentinel_settings(
    port: int, data_dir: Path, primary: int, host: str = LOOPBACK, primary_host: str = LOOPBACK
) -> str:
    """A Sentinel's config file: where it listens, the primary it watches, and the timings above."""
    return f"""port {port}
bind {host}
daemonize no
logfile ""
dir {data_dir}
sentinel monitor {MASTER} {primary_host} {primary} {QUORUM}
sentinel down-after-milliseconds {MASTER} {DOWN_AFTER_MS}
sentinel failover-timeout {MASTER} {FAILOVER_TIMEOUT_MS}
sentinel parallel-syncs {MASTER} 1
"""


def sentinel_program() -> str:
    """The path of redis-sentinel; ServiceError, saying how to install it, when there is none."""
    binary = find_program("redis-sentinel")
    if binary is None:
        raise ServiceError("redis-sentinel is not installed (Debian: apt-get install redis-sentinel)")
    return binary


@dataclass
class SentinelProcess:
    """A redis-sentinel this process started, on its config file (which Sentinel keeps rewriting)."""

    conf: Path
    service: Service

    @classmethod
    def start(cls, data_dir: Path, primary: int, port: int | None = None) -> "SentinelProcess":
        data_dir.mkdir(parents=True, exist_ok=True)
        conf = data_dir / "sentinel.conf"
        binary = sentinel_program()

        def command(chosen: int) -> list[str]:
            if not conf.exists() or port is None:  # a new Sentinel; one restarted keeps what it learnt
                conf.write_text(sentinel_settings(chosen, data_dir, primary))
            return [binary, str(conf)]

        service = start_on_free_port(
            "redis-sentinel", command, data_dir / "sentinel.log", lambda s: pong(s.port), port=port
        )
        return cls(conf, service)

    def restart(self, primary: int) -> None:
        self.service.stop(signal.SIGKILL)
        self.service = SentinelProcess.start(self.conf.parent, primary, self.service.port).service
