"""How the store fails, for every backend: `StoreError` when a database cannot be used at all,
`RaceRefused` when it refuses one race for what it holds, and `one_line` to word any failure for a log.

The bottom of the store: the interface, the saving and both backends import it, and it imports none of
them.
"""


class StoreError(Exception):
    """The database cannot be used; the message is one line, fit for a log or a terminal."""


class RaceRefused(Exception):
    """The store refused a race for what it holds (a broken constraint): retrying cannot help."""


def one_line(error: BaseException) -> str:
    """An exception as one short line for the log."""
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
