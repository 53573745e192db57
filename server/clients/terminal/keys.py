"""Key input: the bytes a terminal sends, read as keys, and the keys read as game commands.

Arrow keys come as ANSI sequences (`ESC [ A` or, in application mode, `ESC O A`; modified ones as
`ESC [ 1 ; 2 A`), the keypad's corner keys (Home, PgUp, End, PgDn: 7 9 1 3 with Num Lock off) as
`ESC [ H` / `ESC [ 1 ~` and so on; they are the diagonals of an 8-direction maze, as are y u b n (the
roguelike keys: q, the browser's up-left, is quit here). WASD move too, while racing: in the lobby `s`
starts the race and `r` readies. Digits, spaces and commas make a typed line, `r c` and Enter, the
original exercise's way of moving; rows and columns count from 0, as the picture's numbers and the
browser's move box do (so `0 0` is a cell here, not the exercise's help: `h` asks for a hint).
"""

import codecs
from dataclasses import dataclass, field

from server.clients.terminal.messages import ENGLISH, Messages
from server.maze.directions import Direction
from server.maze.model import Cell

_SEQUENCES = {
    "A": "UP", "B": "DOWN", "C": "RIGHT", "D": "LEFT", "H": "HOME", "F": "END",
    "1~": "HOME", "7~": "HOME", "4~": "END", "8~": "END", "5~": "PGUP", "6~": "PGDN",
}  # fmt: skip
_CONTROL = {
    "\r": "ENTER",
    "\n": "ENTER",
    "\x7f": "BACKSPACE",
    "\x08": "BACKSPACE",
    "\t": "TAB",
    "\x03": "CTRL_C",
}
_CONTROL |= {"\x04": "CTRL_C", "\x1b": "ESC"}

MOVE_KEYS: dict[str, Direction] = {
    "UP": Direction.UP, "DOWN": Direction.DOWN, "LEFT": Direction.LEFT, "RIGHT": Direction.RIGHT,
    "HOME": Direction.UP_LEFT, "PGUP": Direction.UP_RIGHT,
    "END": Direction.DOWN_LEFT, "PGDN": Direction.DOWN_RIGHT,
    "w": Direction.UP, "a": Direction.LEFT, "s": Direction.DOWN, "d": Direction.RIGHT,
    "y": Direction.UP_LEFT, "u": Direction.UP_RIGHT, "b": Direction.DOWN_LEFT, "n": Direction.DOWN_RIGHT,
}  # fmt: skip
"""Keys that move one step while racing."""
TYPED = frozenset("0123456789 ,")
MAX_TYPED = 12


class KeyDecoder:
    """Bytes from the terminal in, key names out ("UP", "ENTER", ..., or the character typed).

    A sequence cut between two reads is kept until its end arrives; a lone ESC at the end of a read is
    the Escape key (terminals write a whole sequence at once).
    """

    def __init__(self) -> None:
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        self._pending = ""

    def feed(self, data: bytes) -> list[str]:
        """The keys in `data` (plus whatever the last read left unfinished)."""
        text = self._pending + self._utf8.decode(data)
        self._pending = ""
        keys: list[str] = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b" and text[i + 1 : i + 2] in ("[", "O"):
                end = i + 2
                if text[i + 1] == "[":
                    while end < len(text) and "0" <= text[end] <= "?":  # parameter bytes
                        end += 1
                if end >= len(text):
                    self._pending = text[i:]  # the rest comes with the next read
                    break
                params, final = text[i + 2 : end], text[end]
                keys.append(_SEQUENCES.get(params.split(";")[0] + "~" if final == "~" else final, ""))
                i = end + 1
                continue
            keys.append(_CONTROL.get(ch, ch if ch.isprintable() else ""))
            i += 1
        return [key for key in keys if key]


@dataclass(frozen=True)
class Command:
    """What a key asks for: `kind` is step, go, hint, method, ready, start, follow, help (show or hide
    the keys), quit or typing (the typed line changed); `direction` for a step, `cell` for go."""

    kind: str
    direction: Direction | None = None
    cell: Cell | None = None


@dataclass
class Keymap:
    """Reads keys as commands, keeping the line being typed; `phase` decides what the letters mean.
    `error` (a typed line that is no cell) is in the language of `words`."""

    line: str = ""
    error: str = field(default="", compare=False)
    words: Messages = field(default=ENGLISH, compare=False, repr=False)

    def command(self, key: str, phase: str) -> Command | None:
        """The command of one key in this phase, or None (the key means nothing now)."""
        self.error = ""
        lower = key.lower() if len(key) == 1 else key
        if key == "CTRL_C" or lower == "q":
            return Command("quit")
        if key in TYPED:
            if len(self.line) < MAX_TYPED:
                self.line += key
            return Command("typing")
        if key == "BACKSPACE":
            self.line = self.line[:-1]
            return Command("typing")
        if key == "ESC":
            self.line = ""
            return Command("typing")
        if key == "ENTER":
            return self._submit()
        if key == "?":
            return Command("help")
        if key == "TAB" or lower == "f":
            return Command("follow")
        if lower == "m":
            return Command("method")
        if phase == "racing":
            if lower == "h":
                return Command("hint")
            direction = MOVE_KEYS.get(lower)
            return Command("step", direction) if direction is not None else None
        if lower == "r":
            return Command("ready")
        if lower == "s":
            return Command("start")
        return None

    def _submit(self) -> Command | None:
        text, self.line = self.line, ""
        parts = text.replace(",", " ").split()
        if not parts:
            return None
        if len(parts) != 2:
            self.error = self.words("message.bad_cell", typed=repr(text.strip()))
            return None
        return Command("go", cell=(int(parts[0]), int(parts[1])))
