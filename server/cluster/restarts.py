"""The launcher's guard against a crash loop: a child that dies soon after each start, three times
running, is not started again. Starting it forever would only fill the log around the one line that
says why it cannot run (a port taken, a broken data file), and cost a start every watch tick.

One record a child (a MazeRace process, Redis or nginx, each Redis node and Sentinel of `--redis-ha`):
a start that failed counts as a death as soon as it, since it is one.
"""

import time
from dataclasses import dataclass, field

QUICK_DEATH_SECONDS = 10.0
"""A child that dies this soon after starting has died "on start"."""
REDIS_HA_QUICK_DEATH_SECONDS = 3.0
"""The same for a Redis node or Sentinel of `--redis-ha`: one that cannot start dies within a second,
while a primary killed again a few seconds after it came back (a fail-over drill, or bad luck) is
exactly what the replicated set is for, not a crash loop."""
QUICK_DEATHS = 3
"""Deaths on start, running, after which a child is not started again."""
GIVE_UP_REASON = f"it died {QUICK_DEATHS} times on start"


@dataclass
class Restarts:
    """When a child last started and how often, running, it died on start."""

    window: float = QUICK_DEATH_SECONDS
    """How soon after a start a death counts as one on start."""
    started_at: float = field(default_factory=time.monotonic)
    quick_deaths: int = 0
    given_up: bool = False

    def died(self) -> bool:
        """Count a death found now (or a start that failed); whether the child may start again."""
        quick = time.monotonic() - self.started_at < self.window
        self.quick_deaths = self.quick_deaths + 1 if quick else 0
        self.given_up = self.quick_deaths >= QUICK_DEATHS
        return not self.given_up

    def started(self) -> None:
        """A start was tried just now (whether or not it came up)."""
        self.started_at = time.monotonic()
