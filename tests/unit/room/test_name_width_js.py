"""The front page measures a name as the server does, so it stops a name the server would refuse before
the player leaves for the room (web/js/common/name-width.js against server/room/names.py).

The page knows the wide blocks only, not Unicode's whole width table: it may count a wide character
(an emoji) narrow and let the server refuse the name on the room page, but it must never count a
character wider than the server does, or it would stop a name the server takes."""

import json
import random
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from server.errors import GameError
from server.room.names import NAME_MAX_CHARS, NAME_MAX_COLUMNS, clean_name, display_width

NODE = shutil.which("node")
MEASURE = Path(__file__).with_name("name_widths.mjs")
LIMITS = {"max_columns": NAME_MAX_COLUMNS, "max_chars": NAME_MAX_CHARS}

SCRIPTS = {
    "Latin": (0x41, 0x24F),
    "Greek and Cyrillic": (0x370, 0x4FF),
    "Hangul jamo": (0x1100, 0x115F),
    "Kana": (0x3041, 0x30FF),
    "CJK": (0x4E00, 0x9FFF),
    "Hangul": (0xAC00, 0xD7A3),
    "full-width forms": (0xFF01, 0xFF60),
}
"""The scripts the page must measure exactly as the server does."""


def page_measures(names: list[str]) -> list[tuple[int, bool, bool]]:
    assert NODE is not None, "node is missing: the web client's checks need it (npm ci)"
    printed = subprocess.run(
        [NODE, str(MEASURE), json.dumps(LIMITS)],
        input=json.dumps(names),
        capture_output=True,
        text=True,
        check=True,
    )
    return [(int(columns), bool(wide), bool(mark)) for columns, wide, mark in json.loads(printed.stdout)]


def server_columns(text: str) -> int:
    return display_width(" ".join(unicodedata.normalize("NFKC", text).split()))


def drawable(code: int) -> bool:
    return unicodedata.category(chr(code))[0] not in "CZ"


def is_mark(ch: str) -> bool:
    return unicodedata.category(ch) in ("Mn", "Me")


def test_the_page_never_counts_a_character_wider_than_the_server() -> None:
    """Every character both Unicode versions (Python's and Node's) class alike as a mark or not: a
    version may make a mark of a letter (U+1171E, an Ahom sign, between Python 3.11's and Node 20's)."""
    characters = [chr(c) for c in range(0x21, sys.maxunicode + 1) if drawable(c)]
    measured = page_measures(characters)
    wider = [
        f"U+{ord(ch):04X}"
        for ch, (columns, _, mark) in zip(characters, measured, strict=True)
        if columns > server_columns(ch) and mark == is_mark(ch)
    ]
    assert not wider, f"counted wider by the page than by the server: {wider[:20]}"


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_page_measures_every_character_of_the_common_scripts_as_the_server(script: str) -> None:
    low, high = SCRIPTS[script]
    characters = [chr(c) for c in range(low, high + 1) if drawable(c)]
    measured = page_measures(characters)
    differ = [
        f"U+{ord(ch):04X}"
        for ch, (columns, _, _) in zip(characters, measured, strict=True)
        if columns != server_columns(ch)
    ]
    assert not differ, f"{script}: measured otherwise by the page: {differ[:20]}"


def test_the_page_stops_exactly_the_names_the_server_refuses_for_their_width() -> None:
    pick = random.Random(7)
    letters = [chr(c) for low, high in SCRIPTS.values() for c in range(low, high + 1) if drawable(c)]
    names = ["".join(pick.choices(letters, k=pick.randint(1, 24))) for _ in range(2000)]
    names += ["很" * 10, "很" * 11, "a" * 20, "a" * 21, "\uff37" * 20, "很" * 9 + "ab", "很" * 9 + "abc"]
    names += ["a\u0316\u0317" * 13, "a\u0316\u0317" * 14]  # 39 and 42 code points, 13 and 14 wide
    for name, (_, too_wide, _) in zip(names, page_measures(names), strict=True):
        try:
            clean_name(name)
        except GameError as error:
            if "wide" in str(error):
                assert too_wide, f"{name!r}: the server refuses it for its width, the page lets it go"
            continue  # refused for another reason (a blank letter, too many marks): the server says so
        assert not too_wide, f"{name!r}: the server takes it, the page stops it"
