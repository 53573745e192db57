"""One screen of the game, laid out for the terminal's size (80 x 24 is enough for any maze).

From the top: a title line, the maze window (ruler, then picture rows with row numbers) or, before and
after a race, the lobby or the results, the legend (which digit is whom), the status line (phase,
countdown or time, moves, hints), the last message (an error, a hint), and the typed line with the keys
(broken between phrases only, so that a key never stands on one line and what it does on the next).
A maze narrow enough to leave `SIDE_MIN` columns beside it gets the legend, the message and the typed
line to its right instead, so the picture has every line but the title and the status: an easy maze
(21 picture rows) shows whole, exit row and all, in 80 x 24.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from server.clients.terminal.picture import Marks, picture, picture_width
from server.clients.terminal.width import display_width, fit, pad, wrap, wrap_phrases
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
SIDE_MIN = 30
"""The fewest columns worth a side column beside the maze."""
BAR = " │ "
"""Between the picture and the side column (not a picture character, so the two never read as one)."""


def compose(frame: Frame, rows: int, cols: int) -> list[str]:
    """The frame as at most `rows` lines of at most `cols` columns (a Chinese character takes two)."""
    if frame.maze is not None and cols - picture_width(frame.maze) - display_width(BAR) >= SIDE_MIN:
        return _beside(frame, frame.maze, rows, cols)
    legend = wrap("   ".join(frame.legend), cols)[:LEGEND_LINES] if frame.legend else []
    prompt = f"> {frame.typed}_  "
    keys = wrap_phrases(frame.keys, cols - display_width(prompt)) or [""]
    footer = [*legend, frame.status, frame.message, prompt + keys[0], *keys[1:]]
    room = max(1, rows - 1 - len(footer))
    if frame.maze is not None:
        middle = picture(frame.maze, frame.marks, frame.focus, room, cols)
    else:
        middle = list(frame.body)[:room]
    lines = [frame.title, *middle, *[""] * (room - len(middle)), *footer]
    return [fit(line, cols) for line in lines[:rows]]


def _beside(frame: Frame, maze: Maze, rows: int, cols: int) -> list[str]:
    """The title, then the picture with every line but the title's and the status's, the legend, the
    message and the typed line wrapped into the columns on its right; the status line last."""
    width = picture_width(maze)
    side_width = cols - width - display_width(BAR)
    legend = wrap("   ".join(frame.legend), side_width) if frame.legend else []
    side = [*legend, *([""] if legend else [])]
    side += [*wrap(frame.message, side_width), ""] if frame.message else []
    side += [f"> {frame.typed}_", *wrap_phrases(frame.keys, side_width)]
    room = max(1, rows - 2)
    middle = picture(maze, frame.marks, frame.focus, room, width)
    lines = [frame.title]
    for index in range(room):
        left = middle[index] if index < len(middle) else ""
        right = side[index] if index < len(side) else ""
        lines.append((pad(left, width) + BAR + right).rstrip() if index < len(middle) or right else "")
    lines.append(frame.status)
    return [fit(line, cols) for line in lines[:rows]]
