"""What a time means in MazeRace, written the one way every screen writes it.

A racer's *race time* runs from the start to reaching the exit; each hint adds the room's *hint
penalty*; their sum, the *total* (`results.ResultRow["total"]`), is what ranks. The terminal client
writes results with these functions and the browser with `web/js/common/race-time.js`, which follows
the same rules, so one race reads the same everywhere: "0:14.1 (0:09.1 + 0:05.0 hints)". Times are
whole tenths of a second, cut rather than rounded (a race time of 9.19 s is 0:09.1, never 0:09.2), so a
total always reads as the race time's tenths plus the penalty's.
"""

NO_TIME = "\N{EN DASH}"
"""What stands for a time there is none of (a racer who did not finish, a race not started)."""


def clock(ms: int | None) -> str:
    """Milliseconds as m:ss.t, the tenths cut; `NO_TIME` for None."""
    if ms is None:
        return NO_TIME
    tenths = max(0, ms) // 100
    minutes, rest = divmod(tenths, 600)
    return f"{minutes}:{rest // 10:02d}.{rest % 10}"


def time_sum(race_ms: int, penalty_ms: int) -> str:
    """How a total is made up, "0:09.1 + 0:05.0 hints"; "" when hints cost nothing."""
    return f"{clock(race_ms)} + {clock(penalty_ms)} hints" if penalty_ms > 0 else ""


def result_time(race_ms: int | None, penalty_ms: int) -> str:
    """A finisher's time as every results table shows it: the total, then how it is made up when hints
    cost something ("0:14.1 (0:09.1 + 0:05.0 hints)", or "0:09.1"); `NO_TIME` without a race time."""
    if race_ms is None:
        return NO_TIME
    total = clock(race_ms + max(0, penalty_ms))
    added = time_sum(race_ms, max(0, penalty_ms))
    return f"{total} ({added})" if added else total
