"""The server process's net under its logs: every kind of line has a budget, whatever repeats it."""

import logging

from server.app.log_limits import LINE_LIMIT, BoundedLines


def record(message: str, *args: object) -> logging.LogRecord:
    return logging.LogRecord("server.test", logging.WARNING, __file__, 1, message, args, None)


def test_a_repeated_line_is_written_its_burst_then_counted() -> None:
    limit = BoundedLines(clock=lambda: 0.0)
    kept = [limit.filter(record("command %s from %s failed", "move", n)) for n in range(10_000)]
    assert sum(kept) == LINE_LIMIT.burst
    other = record("another kind of line")
    assert limit.filter(other)  # other kinds have budgets of their own
    assert other.getMessage() == "another kind of line"


def test_the_next_line_of_a_kind_says_how_many_were_left_out() -> None:
    now = [0.0]
    limit = BoundedLines(clock=lambda: now[0])
    for _ in range(int(LINE_LIMIT.burst) + 5):
        limit.filter(record("same line"))
    now[0] += 1 / LINE_LIMIT.rate  # a line's worth of budget later
    later = record("same line")
    assert limit.filter(later)
    assert later.getMessage() == "same line (5 more like it left out)"
