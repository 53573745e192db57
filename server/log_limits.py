"""Logs that stay bounded whatever clients send: every kind of line has a budget, and a client's bad
request is one line, not a traceback.

aiohttp logs a full traceback for every request it cannot parse (about 450 bytes each: a few thousand
junk requests a second would fill a disk), and any line a client can trigger could be repeated the same
way. So each kind of line (its logger and message template) may be written `LINE_LIMIT` times at once
and then once a second; what is left out is counted and said on the next line of that kind.
"""

import logging
import time

from server.config import RateLimit
from server.limits import KeyedLimiter

LINE_LIMIT = RateLimit(1.0, 20.0)
"""Lines of one kind: twenty at once, then one a second."""

CLIENT_ERRORS = ("BadHttpMessage", "BadStatusLine", "LineTooLong", "InvalidHeader", "ContentLengthError")
"""aiohttp's exceptions for requests it could not parse: the client's fault, so no traceback."""


class BoundedLines(logging.Filter):
    """A handler filter: drops lines over their kind's budget and shortens clients' bad requests."""

    def __init__(self) -> None:
        super().__init__()
        self._budget = KeyedLimiter(LINE_LIMIT, max_keys=10_000)
        self._left_out: dict[str, int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether to write `record` (shortened, with the count of lines of its kind left out)."""
        kind = f"{record.name}:{record.msg}"
        if not self._budget.allow(kind, time.monotonic()):
            self._left_out[kind] = self._left_out.get(kind, 0) + 1
            return False
        if record.exc_info and record.exc_info[0] is not None:
            error = record.exc_info[1]
            if type(error).__name__ in CLIENT_ERRORS:
                first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
                record.msg = f"{record.getMessage()}: {type(error).__name__} {first_line}".rstrip()
                record.args = None
                record.exc_info = None
                record.exc_text = None
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
