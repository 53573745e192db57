"""The screen of a live room, from what the client knows (`RoomView`) and what it chose (`Choices`).

Before the race: the room's settings and its players (ready, host, connected). During it: the maze
around the followed player (yourself, or for a spectator the player picked with Tab), the others as
digits 1-9 with a legend of names, and the status line. After it: the results. Every name shown went
through `printable`, so a name cannot move the cursor or recolour the screen. The status line and the
legend are in the player's language (`Messages`, from --lang); the rest of the screen is still English.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from server.clients.terminal.messages import Messages
from server.clients.terminal.picture import Marks
from server.clients.terminal.printable import printable
from server.clients.terminal.racer import Racer
from server.clients.terminal.room_view import RoomView
from server.clients.terminal.screen import Frame
from server.maze.model import Cell
from server.room.race_time import clock, result_time
from server.room.results import ResultRow
from server.room.settings import SettingsJson

DIGITS = "123456789"
KEYS = {
    "lobby": "r ready · s start (host) · m hint method · q leave",
    "countdown": "q leave",
    "racing": "arrows/WASD move · r c Enter · h hint · m method · q leave",
    "watching": "Tab follow the next player · q leave",
    "finished": "s rematch (host) · q leave",
}


@dataclass
class Choices:
    """The client's own state beside the room's: the hint method, the last message, a hint's way on,
    whom a spectator follows, and the connection's state."""

    methods: Sequence[str] = ()
    method: int = 0
    message: str = ""
    way: tuple[Cell, ...] = ()
    follow: int = 0
    typed: str = ""

    @property
    def method_name(self) -> str:
        """The hint method `h` asks for."""
        return self.methods[self.method % len(self.methods)] if self.methods else "bfs"


def _numbered(view: RoomView, focus: Racer | None) -> list[tuple[str, Racer]]:
    others = [p for p in view.players if p is not focus and not (view.role == "player" and p.id == view.you)]
    return list(zip(DIGITS, others, strict=False))


def followed(view: RoomView, choices: Choices) -> Racer | None:
    """The player the picture follows: yourself, or the one a spectator picked."""
    me = view.me()
    if me is not None:
        return me
    racers = [p for p in view.players if p.cell is not None] or view.players
    return racers[choices.follow % len(racers)] if racers else None


def _settings_line(s: SettingsJson | None) -> str:
    if s is None:
        return "the room's settings are not known yet"
    size = f"{s['rows']}x{s['cols']}"
    rules = f"{s['algorithm']}, {s['directions']} directions"
    hints = f"hints: {s['hint_limit']} at +{s['hint_penalty']} s"
    return f"{printable(s['preset'], 10)} {size} · {rules} · {hints}" + (" · fog" if s["fog"] else "")


def _lobby_lines(view: RoomView) -> list[str]:
    lines = [_settings_line(view.settings), ""]
    lines.append(f"Players ({len(view.players)}), {view.spectators} watching:")
    for p in view.players:
        marks = [
            "host" if p.id == view.host else "",
            "ready" if p.ready else "not ready",
            "bot" if p.bot else "",
            "" if p.connected else "away",
            "(you)" if p.id == view.you else "",
        ]
        lines.append(f"  {p.name:<20} " + " ".join(mark for mark in marks if mark))
    return lines


def _result_lines(results: list[ResultRow]) -> list[str]:
    """The results as the browser's table has them: the total that ranks, with the race time and what
    hints added beside it when they added something."""
    lines = ["Results:", f"  {'#':>3} {'name':<20} {'time':<30} {'moves':>6} {'hints':>5}"]
    for r in results:
        rank = "DNF" if r["dnf"] else str(r["rank"])
        time = result_time(None if r["dnf"] else r["time"], r["penalty"])
        lines.append(f"  {rank:>3} {printable(r['name']):<20} {time:<30} {r['moves']:>6} {r['hints']:>5}")
    return lines


def room_frame(view: RoomView, choices: Choices, local_ms: int, connection: str, words: Messages) -> Frame:
    """The screen for the room as it is now, its status line and legend in the language of `words`."""
    me, focus = view.me(), followed(view, choices)
    watching = me is None or not view.racing()
    phase = view.phase
    title = (
        f"MazeRace {view.code} · {phase}"
        + (" · watching" if me is None else "")
        + (f" · {connection}" if connection else "")
    )
    status = _status(view, choices, local_ms, me, words)
    keys = KEYS["watching"] if phase == "racing" and watching else KEYS.get(phase, KEYS["lobby"])
    if view.maze is not None and (phase == "racing" or (phase == "finished" and not view.results)):
        numbered = _numbered(view, focus)
        others = [(digit, p.cell) for digit, p in numbered if p.cell is not None]
        you = focus is me
        legend = (
            [words("legend.you" if you else "legend.focus", name=focus.name)] if focus is not None else []
        )
        legend += [
            words("legend.other_finished" if p.finished else "legend.other", digit=digit, name=p.name)
            for digit, p in numbered
        ]
        trail = focus.trail if focus is not None else ()
        marks = Marks(
            trail, focus.facing if focus else None, others, choices.way if focus is me else (), view.seen
        )
        return Frame(title, status, view.maze, marks, focus.cell if focus else None, (), legend,
                     choices.message, "" if watching else choices.typed, keys)  # fmt: skip
    body = _result_lines(view.results) if phase == "finished" and view.results else _lobby_lines(view)
    return Frame(title, status, body=body, message=choices.message, typed=choices.typed, keys=keys)


def _status(view: RoomView, choices: Choices, local_ms: int, me: Racer | None, words: Messages) -> str:
    """The status line: one whole line a case (phase, then what the player needs of it)."""
    if view.phase == "countdown":
        left = view.countdown_left(local_ms)
        return words("status.countdown", seconds=f"{(left or 0) / 1000:.1f}")
    if view.phase == "lobby":
        ready = sum(p.ready for p in view.players)
        return words("status.lobby", count=len(view.players), ready=ready, method=choices.method_name)
    stage = "racing" if view.phase == "racing" else "finished"
    time = clock(view.elapsed(local_ms) if view.phase == "racing" else None)
    if me is None:
        return words(f"status.{stage}.watching", clock=time)
    limit = view.settings["hint_limit"] if view.settings is not None else "?"
    counts = {"clock": time, "moves": me.moves, "hints": me.hints, "limit": limit}
    if me.finished:  # the time instead of what only matters while racing
        return words(f"status.{stage}.done", **counts, rank=me.rank, time=result_time(me.time, me.penalty))
    if me.cell is None:
        return words(f"status.{stage}.racer", **counts, method=choices.method_name)
    row, col = me.cell
    return words(f"status.{stage}.racer_at", **counts, method=choices.method_name, row=row, col=col)
