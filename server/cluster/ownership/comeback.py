"""A process started again in place of one that died sits out of nginx's ring until the rooms of its
previous run have found a new home.

The process that comes back has the same node id and port, so the same place on nginx's ring, and it
can be up again (a second or so) before the leases of its previous run have run out. Were it to
accept connections then, a room's clients would be split: those that reconnected while it was down
went on to the next process on the ring, one that reconnects later (a second attempt, a page
reloaded) comes home. Both processes then wait for the same dead lease, and whichever wins hands the
room to the other after its hold, whose clients then pull it back: the room goes to and fro for
seconds. So it answers new Socket.IO connections 503 (nginx tries the next process on the ring, as
for a process cut off from Redis) until its previous run's leases have run out (a lease after its
last heartbeat) and the processes standing in have taken its rooms over (`SETTLE_SECONDS`). After
that, a room's new connection brings the room home in one handover, and the others follow it.
"""

import time
from collections.abc import Callable

from aiohttp import web

SETTLE_SECONDS = 1.0
"""Beyond the lease of the previous run: for the stand-ins to take its rooms over (their clients are
waiting for that lease) and to hold them for the least time a taken room is kept."""


class Comeback:
    """Until when (monotonic) this process keeps out of the ring, if it came back from a crash."""

    def __init__(self, until: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.until = until
        self.clock = clock

    @classmethod
    def after(
        cls,
        last_beat: float | None,
        now: float,
        lease_ttl: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> "Comeback":
        """The sit-out of a process whose node's previous run last said it was alive at `last_beat`
        (wall clock; None: no previous run, or too long ago to be kept), starting at `now` (wall
        clock). Never longer than a lease and the settling time, whatever the clocks say."""
        longest = lease_ttl + SETTLE_SECONDS
        left = 0.0 if last_beat is None else min(longest, max(0.0, last_beat + longest - now))
        return cls(clock() + left, clock)

    def left(self) -> float:
        """Seconds this process still keeps out of the ring (0 once it takes part)."""
        return max(0.0, self.until - self.clock())

    def sitting_out(self) -> bool:
        return self.clock() < self.until


COMEBACK = web.AppKey("comeback", Comeback)
"""Present only in cluster mode."""
