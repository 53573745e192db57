"""A Redis node the Sentinels have replaced that still acts as a primary is told at once to follow the one
they name.

Sentinel turns such a node into a replica itself, but only some 8-10 s after it reappears: a primary
cut off by a partition, back when it heals, or one replaced while it ran on (a stall the Sentinels took
for a death). Until then the primary they name has no replica, and as every write waits for one
(`WAIT 1`), nothing is acknowledged anywhere: the whole cluster waits. The launcher tells the node
(`REPLICAOF`) as Sentinel would later. Whatever it took meanwhile was never acknowledged, since its
replica was elsewhere, so nothing kept is lost.

Never in the middle of a fail-over: only when every Sentinel that answers, a majority at least, names
the same primary, that primary says it is one, and the other node has said so too for `STALE_SECONDS`.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

Address = tuple[str, int]
Ask = Callable[..., object]
"""`ask_at(host, port, *command)`: one command's answer, None when nothing answers."""

STALE_SECONDS = 1.0
"""How long a node must act as a second primary before it is told: Sentinel's own fail-over steps
(promote, then reconfigure) take a fraction of this."""


def ask_at(host: str, port: int, *command: str | int) -> object:
    """One command to the Redis or Sentinel at `host:port`; None when it does not answer."""
    client = redis.Redis(
        host=host, port=port, socket_timeout=0.5, socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0)
    )  # redis-py tries a timed-out call again by default (3 times, seconds apart): once is the point
    try:
        return client.execute_command(*command)  # type: ignore[no-untyped-call]
    except (redis.RedisError, OSError):
        return None
    finally:
        client.close()


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


@dataclass
class StalePrimaries:
    """The Sentinels and the Redis nodes of one replicated set, by the addresses the Sentinels use."""

    master: str
    sentinels: Sequence[Address]
    nodes: Sequence[Address]
    ask: Ask = ask_at
    since: dict[Address, float] = field(default_factory=dict)
    """Node -> when it was first seen acting as a second primary (monotonic)."""

    def named_primary(self) -> Address | None:
        """The primary every answering Sentinel names, if a majority answer and agree; else None."""
        named = set()
        answered = 0
        for host, port in self.sentinels:
            answer = self.ask(host, port, "SENTINEL", "get-master-addr-by-name", self.master)
            if isinstance(answer, list) and len(answer) == 2:
                answered += 1
                named.add((_text(answer[0]), int(answer[1])))
        return named.pop() if len(named) == 1 and 2 * answered > len(self.sentinels) else None

    def role(self, node: Address) -> str | None:
        info = self.ask(*node, "INFO", "replication")
        return _text(info.get("role")) if isinstance(info, dict) else None

    def demote(self, now: float) -> list[Address]:
        """Tell each node that has acted as a primary beside the named one for `STALE_SECONDS` to
        follow it; the nodes told."""
        primary = self.named_primary()
        if primary is None or self.role(primary) != "master":
            self.since.clear()
            return []
        told = []
        for node in self.nodes:
            if node == primary or self.role(node) != "master":
                self.since.pop(node, None)
                continue
            stale_for = now - self.since.setdefault(node, now)
            if stale_for >= STALE_SECONDS and self.ask(*node, "REPLICAOF", *primary) is not None:
                told.append(node)
                self.since.pop(node)
        return told
