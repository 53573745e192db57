"""How wide text is drawn on a terminal, and text cut to a width.

A wide or full-width character (Chinese, Japanese, Korean, full-width forms: East Asian width W or F)
takes two columns and a combining mark none, so `len` is not the width of a line with Chinese in it:
every line the screen draws is cut with `fit`, which counts columns. The measure is the one player
names are held to (`server.room.names.display_width`), so a name takes on the screen the width the
server allowed it.
"""

from server.room.names import display_width

__all__ = ["display_width", "fit"]


def fit(text: str, columns: int) -> str:
    """The longest start of `text` at most `columns` wide. A wide character that would stand half
    outside is left out whole, and a combining mark stays with the character it is on."""
    width = 0
    for index, ch in enumerate(text):
        width += display_width(ch)
        if width > columns:
            return text[:index]
    return text
