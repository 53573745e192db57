"""Whether this process can reach the cluster's Redis, and what it does when it cannot.

A process cut off from Redis (its Redis traffic dropped, its players still reaching it through nginx)
can neither log a command nor keep a lease, yet nginx keeps sending it the rooms the ring gives it. So,
from the last lease renewal that Redis answered: past `LET_GO_SHARE` of a lease with no answer, the
process lets every room go (its clients reconnect), before the lease runs out in Redis and another
process may take the room; and while that lasts it answers new Socket.IO connections 503, which
nginx takes as a cue to try the next process on the ring (`proxy_next_upstream http_503`): every client
of a room goes on to the same one, which takes the room over once the lease has run out.

Not so when the Sentinels see the primary down: Redis is then lost to every process alike while a
replica is promoted, and a process that stepped aside would only send its rooms' clients round the
ring to processes that come back at slightly different moments, which would take the same room in
turn and pass it to and fro. Every process stays in the ring, its rooms' clients keep coming back to
it, and each room is taken again where it was once Redis answers."""

import time
from collections.abc import Awaitable, Callable

from aiohttp import web

from server.cluster.ownership.comeback import COMEBACK

LET_GO_SHARE = 0.8
"""Of a lease's life without an answer from Redis, after which its rooms are let go: two renewals (one
every third of a lease) have gone unanswered, and the last granted lease has not run out yet."""

CHECKS_A_LEASE = 10
"""How often in a lease's life the process looks at its reach: rooms go by 0.9 of a lease."""


class RedisReach:
    """When Redis last answered a lease renewal, and whether the latest one is failing.

    Silence alone is not enough to let rooms go: an event loop that stalled (a busy machine) wakes with
    an old answer and no renewal sent since, and Redis may be fine. Rooms go only when, besides, the
    latest renewal failed or has gone unanswered for a third of a lease (a round trip takes
    milliseconds)."""

    def __init__(self, lease_ttl: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.lease_ttl = lease_ttl
        self.clock = clock
        self.answered_at = clock()
        self.pending_since: float | None = None
        self.failing = False
        self.alone = False
        """The last look while cut off found this process cut off alone: no Sentinels, or most of
        them see the primary up (set by the process's watch, cleared by an answer)."""

    def sending(self) -> float:
        """A renewal goes out now; the moment, for `answered`."""
        self.pending_since = self.clock()
        return self.pending_since

    def answered(self, sent_at: float) -> None:
        """A renewal sent at `sent_at` was answered: every lease it kept lives a lease from then."""
        self.answered_at = max(self.answered_at, sent_at)
        self.pending_since, self.failing, self.alone = None, False, False

    def failed(self) -> None:
        """A renewal could not reach Redis, or got no answer in time."""
        self.pending_since, self.failing = None, True

    def cut_off(self) -> bool:
        """Whether Redis has been silent too long for this process to hold rooms."""
        now = self.clock()
        stuck = self.failing or (
            self.pending_since is not None and now - self.pending_since > self.lease_ttl / 3
        )
        return stuck and now - self.answered_at > self.lease_ttl * LET_GO_SHARE

    def silence(self) -> float:
        """Seconds since Redis last answered a renewal."""
        return self.clock() - self.answered_at

    def steps_aside(self) -> bool:
        """Whether this process refuses new connections: cut off, and alone in that."""
        return self.alone and self.cut_off()


REACH = web.AppKey("redis_reach", RedisReach)
"""Present only in cluster mode."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def refuse_new_sockets(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A new Socket.IO connection to a process cut off from Redis, or sitting out of the ring after a
    crash (`server.cluster.ownership.comeback`), is answered 503 (nginx tries the next process on the
    ring); requests of connections already open (`sid`) go on."""
    if not request.path.startswith("/socket.io/") or "sid" in request.query:
        return await handler(request)
    reach, comeback = request.app.get(REACH), request.app.get(COMEBACK)
    if reach is not None and reach.steps_aside():
        why = "this server cannot reach the game's shared state; try another\n"
    elif comeback is not None and comeback.sitting_out():
        why = "this server has just started again and takes no rooms yet; try another\n"
    else:
        return await handler(request)
    return web.Response(status=503, text=why, headers={"Retry-After": "1"})
