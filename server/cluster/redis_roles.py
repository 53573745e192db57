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

from collections.abc import Sequence
from dataclasses import dataclass, field

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

Address = tuple[str, int]

STALE_SECONDS = 1.0
"""How long a node must act as a second primary before it is told: Sentinel's own fail-over steps
(promote, then reconfigure) take a fraction of this."""


def _client(host: str, port: int) -> redis.Redis:
    """A client that gives up after half a second, once: redis-py by default tries a timed-out call
    again, 3 times and seconds apart, behind its caller."""
    return redis.Redis(
        host=host, port=port, socket_timeout=0.5, socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0)
    )


def ask_at(host: str, port: int, *command: str | int) -> object:
    """One command to the Redis or Sentinel at `host:port`; None when it does not answer."""
    client = _client(host, port)
    try:
        return client.execute_command(*command)  # type: ignore[no-untyped-call]
    except (redis.RedisError, OSError):
        return None
    finally:
        client.close()


def make_replica(node: Address, primary: Address) -> bool:
    """Make `node` a replica of `primary` as Sentinel does: in one transaction, with its config file
    rewritten (it restarts a replica) and its clients disconnected, so each finds the primary again (a
    connection kept open would have every write refused `READONLY`); whether it was done."""
    client = _client(*node)
    try:
        with client.pipeline(transaction=True) as transaction:
            transaction.execute_command("REPLICAOF", *primary)  # type: ignore[no-untyped-call]
            transaction.execute_command("CONFIG", "REWRITE")  # type: ignore[no-untyped-call]
            transaction.execute_command("CLIENT", "KILL", "TYPE", "normal")  # type: ignore[no-untyped-call]
            transaction.execute_command("CLIENT", "KILL", "TYPE", "pubsub")  # type: ignore[no-untyped-call]
            answers = transaction.execute(raise_on_error=False)
        return bool(answers[0] == b"OK")  # a node started without a config file cannot rewrite one: no matter
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def primary_named_by(sentinel: Address, master: str) -> Address | None:
    """The primary of `master` as the Sentinel at `sentinel` names it; None when it does not answer."""
    answer = ask_at(*sentinel, "SENTINEL", "get-master-addr-by-name", master)
    if isinstance(answer, list) and len(answer) == 2:
        return _text(answer[0]), int(answer[1])
    return None


def first_named_primary(sentinels: Sequence[Address], master: str) -> Address | None:
    """The primary the first Sentinel that answers names (cheap, for a caller that only waits for one)."""
    return next(filter(None, (primary_named_by(sentinel, master) for sentinel in sentinels)), None)


@dataclass
class StalePrimaries:
    """The Sentinels and the Redis nodes of one replicated set, by the addresses the Sentinels use."""

    master: str
    sentinels: Sequence[Address]
    nodes: Sequence[Address]
    since: dict[Address, float] = field(default_factory=dict)
    """Node -> when it was first seen acting as a second primary (monotonic)."""

    def named_primary(self) -> Address | None:
        """The primary every answering Sentinel names, if a majority answer and agree; else None."""
        named_by = (primary_named_by(sentinel, self.master) for sentinel in self.sentinels)
        answers = [answer for answer in named_by if answer is not None]
        named = set(answers)
        return named.pop() if len(named) == 1 and 2 * len(answers) > len(self.sentinels) else None

    def role(self, node: Address) -> str | None:
        info = ask_at(*node, "INFO", "replication")
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
            if stale_for >= STALE_SECONDS and make_replica(node, primary):
                told.append(node)
                self.since.pop(node)
        return told
