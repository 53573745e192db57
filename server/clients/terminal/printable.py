"""Text from the server as the terminal may print it: names, messages and errors are the server's (and
other players') words, and a control character in them could move the cursor or recolour the screen."""

import unicodedata

NAME_MAX = 20


def printable(text: object, limit: int = NAME_MAX) -> str:
    """Text as the terminal may print it: control characters (escapes, bidi overrides...) removed."""
    cleaned = "".join(ch for ch in str(text) if unicodedata.category(ch)[0] != "C")
    return cleaned[:limit]
