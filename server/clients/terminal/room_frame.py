"""The screen of a live room, from what the client knows (`RoomView`) and what it chose (`Choices`).

Before the race: the room's settings and its players (ready, host, connected). During it: the maze
around the followed player (yourself, or for a spectator the player picked with Tab), the others as
digits 1-9 with a legend of names, and the status line. After it: the results. Every name shown went
through `printable`, so a name cannot move the cursor or recolour the screen. Every word is in the
player's language (`Messages`, from --lang), and the lobby's and the results' columns are laid out by
display width (a Chinese name is twice as wide as it is long). `?` shows the keys instead.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from server.clients.terminal.labels import (
    ROOM_HELP,
    algorithm_name,
    bot_name,
    help_lines,
    method_name,
    preset_name,
    result_time,
)
from server.clients.terminal.messages import Messages
from server.clients.terminal.picture import Marks
from server.clients.terminal.printable import printable
from server.clients.terminal.racer import Racer
from server.clients.terminal.room_view import RoomView
from server.clients.terminal.screen import Frame
from server.clients.terminal.width import display_width, pad
from server.maze.model import Cell
from server.room.race_time import clock
from server.room.results import ResultRow
from server.room.settings import SettingsJson

DIGITS = "123456789"
NAME_COLUMNS = 20
"""The name column's width: the widest name the server allows (`server.room.names`)."""


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
    help: bool = False
    """Whether `?` asked for the keys."""

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


def _settings_line(s: SettingsJson | None, words: Messages) -> str:
    if s is None:
        return words("lobby.settings_unknown")
    fields = {
        "preset": preset_name(printable(s["preset"], 10), words),
        "rows": s["rows"],
        "cols": s["cols"],
        "algorithm": algorithm_name(printable(s["algorithm"], 20), words),  # the maze's maker
        "directions": s["directions"],
        "limit": s["hint_limit"],
        "penalty": s["hint_penalty"],
    }
    code = s.get("maze")
    if isinstance(code, str):  # a published maze: no generator made it
        fields["algorithm"] = words("lobby.published_maze", code=printable(code, 16))
    return words("lobby.settings_fog" if s["fog"] else "lobby.settings", **fields)


def _marks(view: RoomView, p: Racer, words: Messages) -> list[str]:
    """What the lobby says of a player beside the name."""
    marks = [
        words("lobby.mark.host") if p.id == view.host else "",
        words("lobby.mark.ready") if p.ready else words("lobby.mark.not_ready"),
        words("lobby.mark.bot") if p.bot is not None else "",
        "" if p.connected else words("lobby.mark.away"),
        words("lobby.mark.you") if p.id == view.you else "",
    ]
    return [mark for mark in marks if mark]


def _lobby_lines(view: RoomView, words: Messages) -> list[str]:
    lines = [_settings_line(view.settings, words), ""]
    lines.append(words("lobby.players", count=len(view.players), watching=view.spectators))
    for p in view.players:
        lines.append(f"  {pad(p.shown(words), NAME_COLUMNS)} " + " ".join(_marks(view, p, words)))
    return lines


def _table(rows: list[list[str]], aligns: str) -> list[str]:
    """Rows of cells in columns as wide as their widest cell (in display columns), aligned by `aligns`
    (`<` or `>` a column), each line indented by two spaces."""
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(aligns))]
    lines = []
    for row in rows:
        cells = [pad(cell, width, align) for cell, width, align in zip(row, widths, aligns, strict=True)]
        lines.append(("  " + " ".join(cells)).rstrip())
    return lines


def _result_lines(results: list[ResultRow], time_up: bool, words: Messages) -> list[str]:
    """The results as the browser's table has them: the total that ranks, with the race time and what
    hints added beside it when they added something; titled "time's up" when the time limit ended it."""
    head = [
        pad(words("results.head.rank"), 3, ">"),
        pad(words("results.head.name"), NAME_COLUMNS),
        pad(words("results.head.time"), 30),
        pad(words("results.head.moves"), 6, ">"),
        pad(words("results.head.hints"), 5, ">"),
    ]
    rows = [head]
    for r in results:
        rank = words("results.dnf") if r["dnf"] else str(r["rank"])
        time = result_time(None if r["dnf"] else r["time"], r["penalty"], words)
        name = printable(r["name"])
        shown = bot_name(printable(r["bot"], 20), name, words) if "bot" in r else name
        rows.append([rank, shown, time, str(r["moves"]), str(r["hints"])])
    return [words("results.title_time_up" if time_up else "results.title"), *_table(rows, "><<>>")]


def _title(view: RoomView, watching: bool, connection: str, words: Messages) -> str:
    name = view.phase
    phase = words.label(f"phase.{name}", printable(name, 20))
    if watching:
        key = "title.room_watching_reconnecting" if connection else "title.room_watching"
    else:
        key = "title.room_reconnecting" if connection else "title.room"
    return words(key, code=view.code, phase=phase)


def _keys(phase: str, watching: bool, words: Messages) -> str:
    """The keys line of this phase (the lobby's for a phase this client does not know)."""
    if phase == "racing" and watching:
        return words("keys.watching")
    if phase in ("countdown", "racing", "finished"):
        return words(f"keys.{phase}")
    return words("keys.lobby")


def room_frame(view: RoomView, choices: Choices, local_ms: int, connection: str, words: Messages) -> Frame:
    """The screen for the room as it is now, in the language of `words`; `connection` is "" while
    connected, else what the connection is doing ("reconnecting")."""
    me, focus = view.me(), followed(view, choices)
    watching = me is None or not view.racing()
    phase = view.phase
    title = _title(view, me is None, connection, words)
    status = _status(view, choices, local_ms, me, words)
    keys = _keys(phase, watching, words)
    if choices.help:
        return Frame(title, status, body=help_lines(ROOM_HELP, words), message=choices.message, keys=keys)
    if view.maze is not None and (phase == "racing" or (phase == "finished" and not view.results)):
        numbered = _numbered(view, focus)
        others = [(digit, p.cell) for digit, p in numbered if p.cell is not None]
        focus_key = "legend.you" if focus is me else "legend.focus"
        legend = [words(focus_key, name=focus.shown(words))] if focus is not None else []
        legend += [
            words("legend.other_finished" if p.finished else "legend.other", digit=digit, name=p.shown(words))
            for digit, p in numbered
        ]
        trail = focus.trail if focus is not None else ()
        marks = Marks(
            trail, focus.facing if focus else None, others, choices.way if focus is me else (), view.seen
        )
        return Frame(title, status, view.maze, marks, focus.cell if focus else None, (), legend,
                     choices.message, "" if watching else choices.typed, keys)  # fmt: skip
    if phase == "finished" and view.results:
        body = _result_lines(view.results, view.time_up, words)
    else:
        body = _lobby_lines(view, words)
    return Frame(title, status, body=body, message=choices.message, typed=choices.typed, keys=keys)


def _status(view: RoomView, choices: Choices, local_ms: int, me: Racer | None, words: Messages) -> str:
    """The status line: one whole line a case (phase, then what the player needs of it)."""
    method = method_name(choices.method_name, words)
    if view.phase == "countdown":
        left = view.countdown_left(local_ms)
        return words("status.countdown", seconds=f"{(left or 0) / 1000:.1f}")
    if view.phase == "lobby":
        ready = sum(p.ready for p in view.players)
        return words("status.lobby", count=len(view.players), ready=ready, method=method)
    stage = "racing" if view.phase == "racing" else "finished"
    time = clock(view.elapsed(local_ms) if view.phase == "racing" else None)
    if me is None:
        return words(f"status.{stage}.watching", clock=time)
    limit = view.settings["hint_limit"] if view.settings is not None else "?"
    counts = {"clock": time, "moves": me.moves, "hints": me.hints, "limit": limit}
    if me.finished:  # the time instead of what only matters while racing
        time = result_time(me.time, me.penalty, words)
        return words(f"status.{stage}.done", **counts, rank=me.rank, time=time)
    if me.cell is None:
        return words(f"status.{stage}.racer", **counts, method=method)
    row, col = me.cell
    return words(f"status.{stage}.racer_at", **counts, method=method, row=row, col=col)
