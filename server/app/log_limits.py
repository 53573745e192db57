"""Logs that stay bounded whatever clients send: every kind of line has a budget.

The known floods have their own cures (`server.http.request_log` for requests aiohttp cannot parse,
`server.sockets.transport` for junk packets); this is the net under them, so that any line a client can
make the server write (a bug it can trigger again and again, say) cannot fill a disk either. Each kind
of line (its logger and message template) may be written `LINE_LIMIT` times at once and then once a
second; what is left out is counted and said on the next line of that kind.
"""

import logging
import time
from collections.abc import Callable

from server.room.rate_limits import KeyedLimiter, RateLimit

LINE_LIMIT = RateLimit(1.0, 20.0)
"""Lines of one kind: twenty at once, then one a second."""


class BoundedLines(logging.Filter):
    """A handler filter: drops lines over their kind's budget."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._clock = clock
        self._budget = KeyedLimiter(LINE_LIMIT, max_keys=10_000)
        self._left_out: dict[str, int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether to write `record` (with the count of lines of its kind left out before it)."""
        kind = f"{record.name}:{record.msg}"
        if not self._budget.allow(kind, self._clock()):
            self._left_out[kind] = self._left_out.get(kind, 0) + 1
            return False
        left_out = self._left_out.pop(kind, 0)
        if left_out:
            record.msg = f"{record.getMessage()} ({left_out} more like it left out)"
            record.args = None
        return True


def bound_logs(logger: logging.Logger) -> None:
    """Put the budget on every handler of `logger` (the root, once logging is configured)."""
    limit = BoundedLines()
    for handler in logger.handlers:
        handler.addFilter(limit)
