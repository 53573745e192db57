"""The one way a time is written (the terminal's; `web/js/common/race-time.js` is the browser's and
`tests/js/race-time.test.mjs` holds it to the same figures): tenths cut, never rounded up, and a total
that reads as the race time plus what hints added."""

from server.room.race_time import NO_TIME, clock, result_time, time_sum


def test_a_clock_cuts_to_the_tenth() -> None:
    assert clock(0) == "0:00.0"
    assert clock(9_199) == "0:09.1"  # never 0:09.2
    assert clock(59_999) == "0:59.9"  # never 0:60.0
    assert clock(60_000) == "1:00.0"
    assert clock(754_321) == "12:34.3"
    assert clock(-5) == "0:00.0"
    assert clock(None) == NO_TIME


def test_a_result_is_the_total_with_the_race_time_and_the_hints_beside_it() -> None:
    assert result_time(9_150, 5_000) == "0:14.1 (0:09.1 + 0:05.0 hints)"
    assert result_time(9_150, 0) == "0:09.1"
    assert result_time(None, 5_000) == NO_TIME
    assert time_sum(9_150, 10_000) == "0:09.1 + 0:10.0 hints"
    assert time_sum(9_150, 0) == ""
