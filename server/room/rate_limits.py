"""Rate limits: token buckets per connection (and per address for HTTP), on a monotonic clock."""

import collections
from dataclasses import dataclass


@dataclass(frozen=True)
class RateLimit:
    """A token bucket: `rate` commands a second on average, up to `burst` at once."""

    rate: float
    burst: float


@dataclass
class TokenBucket:
    """Allows `limit.rate` events a second on average and `limit.burst` at once."""

    limit: RateLimit
    tokens: float
    updated: float

    @classmethod
    def full(cls, limit: RateLimit, now: float) -> "TokenBucket":
        """A bucket that starts with its whole burst available."""
        return cls(limit, limit.burst, now)

    def allow(self, now: float) -> bool:
        """Take one token if there is one; refill by elapsed time first."""
        elapsed = max(0.0, now - self.updated)
        self.tokens = min(self.limit.burst, self.tokens + elapsed * self.limit.rate)
        self.updated = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def give_back(self) -> None:
        """Return the token `allow` just took (what it allowed did not happen after all)."""
        self.tokens = min(self.limit.burst, self.tokens + 1.0)


class KeyedLimiter:
    """One bucket per key (a connection, an address); forgets keys on request or when full again."""

    def __init__(self, limit: RateLimit, max_keys: int = 100_000) -> None:
        self.limit = limit
        self.max_keys = max_keys
        self._buckets: dict[str, TokenBucket] = {}

    def allow(self, key: str, now: float) -> bool:
        """Whether `key` may act now."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.max_keys:
                self._buckets.clear()  # a crude bound on memory; buckets refill anyway
            bucket = self._buckets[key] = TokenBucket.full(self.limit, now)
        return bucket.allow(now)

    def give_back(self, key: str) -> None:
        """Return the token `allow` just took for `key` (what it allowed did not happen after all)."""
        bucket = self._buckets.get(key)
        if bucket is not None:
            bucket.give_back()

    def forget(self, key: str) -> None:
        """Drop a key's bucket (its connection closed)."""
        self._buckets.pop(key, None)


class AddressSlots:
    """Things held at once per client address (open connections, answers being sent), each address
    bounded: one address cannot hold many of them. Taken and given back by the caller."""

    def __init__(self) -> None:
        self._held: collections.Counter[str] = collections.Counter()

    def take(self, address: str, per_address: int) -> bool:
        """Hold a slot for `address`; False (and nothing held) when it has `per_address` already."""
        if self._held[address] >= per_address:
            return False
        self._held[address] += 1
        return True

    def give_back(self, address: str) -> None:
        """Free a slot taken with `take`."""
        self._held[address] -= 1
        if self._held[address] <= 0:
            del self._held[address]

    def held(self) -> int:
        """Slots held over every address (for tests and health figures)."""
        return sum(self._held.values())
