"""Bounded logging of malformed HTTP requests.

aiohttp logs every request its parser refuses (an over-long line, a bad header, a lying length) at
ERROR with a full traceback, about 650 bytes each: a client sending garbage could fill the disk. Such
a request is the client's fault and already answered with a 400, so it is worth at most one line every
few seconds, with a count of those left out. Errors of our own handlers keep their tracebacks.
"""

import logging
import time
from collections.abc import Callable

from aiohttp.http_exceptions import HttpProcessingError

SERVER_LOGGER = "aiohttp.server"
REPORT_EVERY = 10.0
"""Seconds between two lines about malformed requests."""
MAX_DETAIL = 160


class BadRequestLogFilter(logging.Filter):
    """Turns aiohttp's tracebacks for unparsable requests into rare one-line summaries."""

    def __init__(self, every: float = REPORT_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self._next_report = float("-inf")
        self._left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        """Pass every other record; summarise or drop the malformed-request ones."""
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return True
        now = self.clock()
        if now < self._next_report:
            self._left_out += 1
            return False
        detail = " ".join(str(error.message).split())[:MAX_DETAIL]
        remote = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        record.msg = "malformed HTTP request from %s answered %s: %s (%d more left out since the last line)"
        record.args = (remote, error.code, detail, self._left_out)
        record.exc_info = record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        self._next_report, self._left_out = now + self.every, 0
        return True


def bound_bad_request_logs() -> None:
    """Install the filter on aiohttp's server logger, once per process."""
    logger = logging.getLogger(SERVER_LOGGER)
    if not any(isinstance(existing, BadRequestLogFilter) for existing in logger.filters):
        logger.addFilter(BadRequestLogFilter())
