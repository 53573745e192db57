"""How wide text is drawn on a terminal, and text cut to a width.

A wide or full-width character (Chinese, Japanese, Korean, full-width forms: East Asian width W or F)
takes two columns and a combining mark none, so `len` is not the width of a line with Chinese in it:
every line the screen draws is wrapped with `wrap` and cut with `fit`, which count columns. The measure
is the one player names are held to (`server.room.names.display_width`), so a name takes on the screen
the width the server allowed it.
"""

import re

from server.room.names import display_width

__all__ = ["display_width", "fit", "pad", "wrap", "wrap_phrases"]

_CHUNKS = re.compile(r"\s+|\S+")


def fit(text: str, columns: int) -> str:
    """The longest start of `text` at most `columns` wide. A wide character that would stand half
    outside is left out whole, and a combining mark stays with the character it is on."""
    width = 0
    for index, ch in enumerate(text):
        width += display_width(ch)
        if width > columns:
            return text[:index]
    return text


def wrap(text: str, columns: int) -> list[str]:
    """`text` in lines at most `columns` wide, broken at white space (kept inside a line, dropped at its
    ends), and inside a word only when the word alone is wider (Chinese has no spaces to break at)."""
    if columns < 1:
        return []
    lines: list[str] = []
    line = ""
    for chunk in _CHUNKS.findall(text):
        if chunk.isspace():
            line += chunk if line else ""
            continue
        if display_width(line + chunk) <= columns:
            line += chunk
            continue
        if line.strip():
            lines.append(line.rstrip())
        while display_width(chunk) > columns:
            part = fit(chunk, columns) or chunk[0]  # a wide character in one column: alone on its line
            lines.append(part)
            chunk = chunk[len(part) :]
        line = chunk
    if line.strip():
        lines.append(line.rstrip())
    return lines


def pad(text: str, columns: int, align: str = "<") -> str:
    """`text` with spaces after it (`<`) or before it (`>`) up to `columns` display columns, as
    `str.ljust` and `str.rjust` would pad it if every character took one column."""
    room = " " * max(0, columns - display_width(text))
    return room + text if align == ">" else text + room


def wrap_phrases(text: str, columns: int, separator: str = " · ") -> list[str]:
    """`text`, a list of phrases joined by `separator` ("r ready · q leave"), in lines at most
    `columns` wide broken between phrases only, so a key stays beside what it does; a phrase wider
    than a line alone is wrapped by `wrap`."""
    lines: list[str] = []
    line = ""
    for phrase in text.split(separator):
        joined = f"{line}{separator}{phrase}" if line else phrase
        if display_width(joined) <= columns:
            line = joined
            continue
        if line:
            lines.append(line)
        *whole, line = wrap(phrase, columns) or [""]
        lines += whole
    if line:
        lines.append(line)
    return lines
