"""One screen of the game, laid out for the terminal's size (80 x 24 is enough for any maze).

From the top: a title line, the maze window (ruler, then picture rows with row numbers) or, before and
after a race, the lobby or the results, the legend (which digit is whom), the status line (phase,
countdown or time, moves, hints), the last message (an error, a hint), and the typed line with the keys.
"""

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field

from server.clients.terminal.picture import Marks, picture
from server.maze.model import Cell, Maze


@dataclass(frozen=True)
class Frame:
    """Everything one screen shows; `maze` None shows `body` instead of a picture."""

    title: str
    status: str
    maze: Maze | None = None
    marks: Marks = field(default_factory=Marks)
    focus: Cell | None = None
    body: Sequence[str] = ()
    legend: Sequence[str] = ()
    message: str = ""
    typed: str = ""
    keys: str = ""


LEGEND_LINES = 2


def compose(frame: Frame, rows: int, cols: int) -> list[str]:
    """The frame as at most `rows` lines of at most `cols` characters."""
    legend = textwrap.wrap("   ".join(frame.legend), cols)[:LEGEND_LINES] if frame.legend else []
    footer = [*legend, frame.status, frame.message, f"> {frame.typed}_  {frame.keys}"]
    room = max(1, rows - 1 - len(footer))
    if frame.maze is not None:
        middle = picture(frame.maze, frame.marks, frame.focus, room, cols)
    else:
        middle = list(frame.body)[:room]
    lines = [frame.title, *middle, *[""] * (room - len(middle)), *footer]
    return [line[:cols] for line in lines[:rows]]


def clock(ms: int | None) -> str:
    """Milliseconds as m:ss.s (or --:--)."""
    if ms is None:
        return "--:--"
    minutes, rest = divmod(max(0, ms), 60_000)
    return f"{minutes}:{rest / 1000:04.1f}"
