"""Identifiers read from URLs and packets are whole-string matches: `$` would let a trailing newline
through (`re.match("^x$", "x\\n")` matches), and the value would reach the store, caches and logs."""

import re

import pytest

from server.errors import GameError
from server.http.ghost_rooms import MEMBER_ID as GHOST_MEMBER_ID
from server.http.replays import RACE_ID
from server.http.static_assets import VERSION
from server.room.codes import ROOM_CODE
from server.sockets.payloads import MEMBER_ID, TOKEN, parse_member


@pytest.mark.parametrize(
    ("pattern", "valid"),
    [
        (RACE_ID, "A" * 16),
        (GHOST_MEMBER_ID, "p1"),
        (ROOM_CODE, "abcdefgh12"),
        (TOKEN, "t" * 20),
        (MEMBER_ID, "p2"),
        (VERSION, "0123456789ab/app.js"),
    ],
)
def test_a_trailing_newline_is_refused(pattern: re.Pattern[str], valid: str) -> None:
    assert pattern.match(valid)
    assert pattern.match(valid + "\n") is None


def test_a_member_id_with_a_newline_is_a_bad_payload() -> None:
    assert parse_member({"id": "p2"}) == "p2"
    with pytest.raises(GameError):
        parse_member({"id": "p2\n"})
