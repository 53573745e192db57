"""Domain errors of the game core.

Every refusal the core can make is a `GameError` with a stable, machine-readable `code`; the socket and
HTTP edges turn it into an error reply without knowing the rule that was broken. The codes are one
`Literal`, so a misspelt code is a type error and docs/protocol.md can be checked against the list.
"""

from typing import Literal, get_args

ErrorCode = Literal[
    # the payload or the request itself
    "bad_payload",
    "bad_json",
    "bad_query",
    "unknown_event",
    "not_found",
    "too_large",
    "rate_limited",
    "bad_http_method",
    "length_required",
    # rooms and membership
    "unknown_room",
    "not_joined",
    "already_joined",
    "wrong_room",
    "bad_name",
    "room_full",
    "unknown_member",
    "not_host",
    "not_player",
    "not_spectator",
    "not_eligible",
    "room_locked",
    "wrong_phase",
    "not_ready",
    "bad_settings",
    "bot_limit",
    # racing
    "not_racing",
    "finished",
    "move_limit",
    "bad_direction",
    "out_of_bounds",
    "not_adjacent",
    "wall",
    "bad_method",
    "method_not_allowed",
    "no_hints_left",
    # the server
    "busy",
    "server_full",
    "server_closing",
    "server_unavailable",
    "server_unsure",
    "no_store",
    "unknown_race",
    "unknown_player",
    "unknown_maze",
    "not_finished",
    "no_log",
    "no_best",
    # hand-made mazes: files, the clear check, publishing
    "bad_import",
    "invalid_maze",
    "bad_walk",
    "bad_check",
    "bad_title",
    "too_many_mazes",
    "internal",
    # one client address holding too much of the server, or a request from another site
    "too_many_connections",
    "too_many_rooms",
    "too_many_downloads",
    "body_timeout",
    "bad_origin",
    # data the server reads itself (a stored race log, a maze file): never sent to a client
    "bad_log",
    "bad_maze",
    "illegal_move",
]
"""Every code a `GameError` (and so an error reply) can carry."""

ERROR_CODES: frozenset[ErrorCode] = frozenset(get_args(ErrorCode))

SERVER_ONLY_CODES: frozenset[ErrorCode] = frozenset({"bad_log", "bad_maze", "illegal_move"})
"""Codes of errors raised reading the server's own data (race logs from the store, maze files in the
command-line tools, the base class of move refusals, which always name a precise code): no client
request can get one, so the protocol does not list them."""


class GameError(Exception):
    """A request the rules refuse; `code` is stable and safe to send to a client."""

    code: ErrorCode = "bad_payload"

    def __init__(self, message: str, code: ErrorCode | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        """The human-readable explanation."""
        return str(self.args[0])


class BadSettings(GameError, ValueError):
    """Maze or room settings out of range or of the wrong kind."""

    code: ErrorCode = "bad_settings"


class BadMaze(GameError, ValueError):
    """A maze in exchange form that cannot be read."""

    code: ErrorCode = "bad_maze"


class IllegalMove(GameError, ValueError):
    """A move the maze does not allow: `out_of_bounds`, `wall`, `not_adjacent` or `bad_direction`."""

    code: ErrorCode = "illegal_move"
