"""Race results: ranks by total time (time + hint penalty); unfinished racers last, by distance left."""

from typing import NotRequired, TypedDict, cast

from server.room.players import Player


def elapsed_ms(player: Player, started_at: float) -> int | None:
    """Racing time to the exit in ms, without penalty; None when not finished."""
    if player.finished_at is None:
        return None
    return round((player.finished_at - started_at) * 1000)


def rank_key(player: Player, started_at: float) -> tuple[int, float, float]:
    """Finishers by total time then finishing moment; everyone else after them, nearest first."""
    time = elapsed_ms(player, started_at)
    if time is not None:
        return (0, time + player.penalty_ms, player.finished_at or 0.0)
    return (1, float(player.distance if player.distance is not None else 1 << 30), 0.0)


def ranked(players: list[Player], started_at: float) -> list[Player]:
    """Racers in rank order."""
    return sorted(players, key=lambda p: rank_key(p, started_at))


def provisional_rank(player: Player, racers: list[Player], started_at: float) -> int:
    """A finisher's place among those finished so far (final ranks come with the race-over event)."""
    finished = [p for p in racers if p.finished_at is not None]
    return ranked(finished, started_at).index(player) + 1


def efficiency(shortest: int, moves: int) -> float | None:
    """Shortest path over steps walked: 1.0 is a perfect run."""
    return round(shortest / moves, 3) if moves else None


def progress(distance: int, shortest: int) -> float:
    """Share of the way done, 0 at the entrance (or further) to 1 at the exit."""
    return round(max(0.0, 1 - distance / shortest), 3) if shortest else 1.0


class ResultRow(TypedDict):
    """One racer's result as `race_over` announces it, the store keeps it and the replay reads it
    back (docs/protocol.md, "A result"); times in ms, `cell` the final cell."""

    id: str
    name: str
    colour: str
    rank: int
    time: int | None
    penalty: int
    total: int | None
    moves: int
    hints: int
    route: int
    shortest: int
    efficiency: float | None
    dnf: bool
    distance: int
    progress: float
    cell: list[int] | None
    bot: NotRequired[str]
    """A bot's kind (`server/bots`); left out for people."""
    on_shortest: bool | None
    """Whether a finisher's route (the final trail, loop-free) is one of the shortest routes: its steps
    equal the shortest distance. None for a racer who did not finish."""


def on_shortest(route: int, shortest: int, dnf: bool) -> bool | None:
    """Whether a finished route of `route` steps is a shortest one (None when the racer did not finish):
    the final trail never holds a cell twice, so one that reaches the exit in `shortest` steps is one of
    the shortest routes."""
    return None if dnf else route == shortest


def result_rows(racers: list[Player], started_at: float, shortest: int) -> list[ResultRow]:
    """One row a racer, in rank order."""
    rows: list[ResultRow] = []
    for rank, player in enumerate(ranked(racers, started_at), start=1):
        time = elapsed_ms(player, started_at)
        distance = player.distance if player.distance is not None else shortest
        trail_len = len(player.trail) if player.trail is not None else 1
        rows.append(
            {
                "id": player.id,
                "name": player.name,
                "colour": player.colour,
                "rank": rank,
                "time": time,
                "penalty": player.penalty_ms,
                "total": time + player.penalty_ms if time is not None else None,
                "moves": player.moves,
                "hints": player.hints,
                "route": trail_len - 1,
                "shortest": shortest,
                "efficiency": efficiency(shortest, player.moves) if time is not None else None,
                "dnf": time is None,
                "distance": distance,
                "progress": progress(distance, shortest),
                "cell": list(player.trail.current) if player.trail is not None else None,
                "on_shortest": on_shortest(trail_len - 1, shortest, time is None),
            }
        )
        if player.bot is not None:
            rows[-1]["bot"] = player.bot.kind
    return rows


def saved_rows(rows: list[ResultRow]) -> list[ResultRow]:
    """Result rows read back from a saved room or race: rows saved before the wire said `cell` call
    the final cell `room`, and are read as if they said `cell`."""
    fixed: list[ResultRow] = []
    for row in rows:
        saved: dict[str, object] = dict(row)
        if "cell" not in saved and "room" in saved:
            saved["cell"] = saved.pop("room")
        fixed.append(cast(ResultRow, saved))
    return fixed
