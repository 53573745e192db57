"""The terminal itself: raw key input and a full-screen picture, put back as found on every way out.

Entering switches to the alternate screen, hides the cursor and (on a tty) turns off line buffering,
echo and the signal keys, so that every key, Ctrl-C included, arrives as bytes; leaving undoes each of
these, whether the game ended, the player quit, the server went away or an exception is on its way up.
Output keeps the terminal's newline translation, and every frame is drawn over the last one from the
top (cursor home, each line cleared to its end, the rest of the screen cleared), plain ANSI escapes.
"""

import asyncio
import os
import shutil
import signal
import termios
from collections.abc import Callable
from types import TracebackType
from typing import Any

ENTER = "\x1b[?1049h\x1b[?25l\x1b[2J"
"""Alternate screen on, cursor hidden, screen cleared."""
LEAVE = "\x1b[0m\x1b[?25h\x1b[?1049l"
"""Attributes reset, cursor shown, back to the normal screen."""


class Console:
    """Raw input from `fd_in`, frames to `fd_out`; a context manager that restores both."""

    def __init__(self, fd_in: int, fd_out: int) -> None:
        self.fd_in, self.fd_out = fd_in, fd_out
        self._saved: list[Any] | None = None
        self._last: list[str] = []

    def __enter__(self) -> "Console":
        if os.isatty(self.fd_in):
            self._saved = termios.tcgetattr(self.fd_in)
            mode = termios.tcgetattr(self.fd_in)
            mode[0] &= ~(termios.ICRNL | termios.IXON)  # Enter as \r, Ctrl-S and Ctrl-Q as keys
            mode[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG | termios.IEXTEN)
            mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
            termios.tcsetattr(self.fd_in, termios.TCSANOW, mode)
        self.write(ENTER)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.restore()

    def restore(self) -> None:
        """Put the terminal back (safe to call twice)."""
        try:
            self.write(LEAVE)
        finally:
            if self._saved is not None:
                termios.tcsetattr(self.fd_in, termios.TCSADRAIN, self._saved)
                self._saved = None

    def size(self) -> tuple[int, int]:
        """(rows, columns) of the terminal now; 24 x 80 when it cannot tell."""
        try:
            size = os.get_terminal_size(self.fd_out)
        except OSError:
            size = shutil.get_terminal_size((80, 24))
        return max(8, size.lines), max(20, size.columns)

    def show(self, lines: list[str]) -> None:
        """Draw a frame over the last one (unless it is the same)."""
        if lines == self._last:
            return
        self._last = lines
        self.write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")

    def write(self, text: str) -> None:
        """Write all of `text` as UTF-8."""
        data = text.encode("utf-8", errors="replace")
        while data:
            written = os.write(self.fd_out, data)
            data = data[written:]


def read_keys(console: Console, on_bytes: Callable[[bytes], None]) -> Callable[[], None]:
    """Call `on_bytes` with what the terminal sends (b"" once input is closed, or on SIGTERM or SIGHUP,
    so that those too end the game through the way that restores the terminal) from the running event
    loop; returns the function that stops reading."""
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(number, on_bytes, b"")

    def readable() -> None:
        try:
            data = os.read(console.fd_in, 1024)
        except OSError:
            data = b""
        if not data:
            loop.remove_reader(console.fd_in)
        on_bytes(data)

    loop.add_reader(console.fd_in, readable)

    def stop() -> None:
        loop.remove_reader(console.fd_in)
        for number in (signal.SIGTERM, signal.SIGHUP):
            loop.remove_signal_handler(number)

    return stop
