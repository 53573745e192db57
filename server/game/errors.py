"""Domain errors of the game core.

Every refusal the core can make is a `GameError` with a stable, machine-readable `code`; the socket and
HTTP edges turn it into an error reply without knowing the rule that was broken.
"""


class GameError(Exception):
    """A request the rules refuse; `code` is stable and safe to send to a client."""

    code = "bad_request"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        """The human-readable explanation."""
        return str(self.args[0])


class BadSettings(GameError, ValueError):
    """Maze or room settings out of range or of the wrong kind."""

    code = "bad_settings"


class BadMaze(GameError, ValueError):
    """A maze in exchange form that cannot be read."""

    code = "bad_maze"


class IllegalMove(GameError, ValueError):
    """A move the maze does not allow: `out_of_bounds`, `wall`, `not_adjacent` or `bad_direction`."""

    code = "illegal_move"
