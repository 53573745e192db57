"""The filter that keeps aiohttp's log of malformed requests bounded (a fake clock, real log records)."""

import logging

from aiohttp.http_exceptions import BadHttpMessage

from server.http.request_log import BadRequestLogFilter


def record(error: BaseException | None) -> logging.LogRecord:
    exc_info = (type(error), error, None) if error is not None else None
    return logging.LogRecord(
        "aiohttp.server",
        logging.ERROR,
        __file__,
        1,
        "Error handling request from %s",
        ("10.0.0.9",),
        exc_info,
    )


def test_one_line_per_interval_with_a_count_of_the_rest() -> None:
    now = [100.0]
    keep = BadRequestLogFilter(every=10.0, clock=lambda: now[0])
    first = record(BadHttpMessage("Invalid header token:\n\n  b'Bad'\n     ^"))
    assert keep.filter(first)
    assert first.exc_info is None
    assert first.levelname == "WARNING"
    assert first.getMessage() == (
        "malformed HTTP request from 10.0.0.9 answered 400: Invalid header token: b'Bad' ^"
        " (0 more left out since the last line)"
    )
    for _ in range(1000):
        assert not keep.filter(record(BadHttpMessage("again")))
    now[0] += 10.0
    later = record(BadHttpMessage("x" * 5000))
    assert keep.filter(later)
    assert "(1000 more left out" in later.getMessage()
    assert len(later.getMessage()) < 300


def test_other_errors_keep_their_tracebacks() -> None:
    keep = BadRequestLogFilter(every=10.0, clock=lambda: 0.0)
    for error in (ValueError("a bug of ours"), None):
        other = record(error)
        assert keep.filter(other)
        assert other.exc_info == ((type(error), error, None) if error is not None else None)
        assert other.levelno == logging.ERROR
