"""Display names: what a name may be, how wide it may be drawn, and when two names look the same.

A name is the only thing that tells racers apart on the screen and on the leaderboards, so it must be
seen (no invisible or marks-only names), fit beside the others (a capped display width, a wide East Asian
character counting two columns), and not pass for someone else's: two names are the same name when
their confusable skeletons are equal (Unicode TR39, with case folded), so "Alice" spelt with a
Cyrillic A or in fullwidth letters is "Alice" for a room's uniqueness and a board's rows. Letters of
every script stay welcome.

The skeleton comes from the `disarm` package, which ships Unicode's confusables table (TR39); this module
is the one place that knows it, so another implementation can take its place.
"""

import unicodedata
from typing import Literal

from disarm import skeleton_key

from server.errors import GameError

NAME_MAX_COLUMNS = 20
"""Widest a name may be drawn, in terminal columns: a wide (East Asian) character counts two, a
combining mark none, so 20 Latin letters or 10 Chinese characters."""

NAME_MAX_CHARS = 40
"""Most code points a name may hold after normalising (marks included): it bounds the work a name costs
whatever its width."""

MAX_MARKS_PER_LETTER = 4
"""Most combining marks on one base character: Thai, Hindi, Arabic or Tibetan need up to three or four;
a "Zalgo" stack of dozens draws over the names around it."""

BLANK_LETTERS = frozenset(
    {
        "\u115f",  # HANGUL CHOSEONG FILLER
        "\u1160",  # HANGUL JUNGSEONG FILLER
        "\u3164",  # HANGUL FILLER
        "\uffa0",  # HALFWIDTH HANGUL FILLER
        "\u2800",  # BRAILLE PATTERN BLANK
        "\u17b4",  # KHMER VOWEL INHERENT AQ
        "\u17b5",  # KHMER VOWEL INHERENT AA
        "\u034f",  # COMBINING GRAPHEME JOINER
    }
)
"""Characters that are letters, symbols or marks to Unicode but draw nothing (the default-ignorable code
points outside the format category, which `unicodedata` does not name): a name holding one would look
like another name, or like no name at all. Variation selectors are refused by range (`_draws_nothing`)."""

EXTRA_WIDE = {"\ufdfd": 22, "\ufdfe": 14, "\ufdff": 9}
"""Arabic ligatures that spell a whole phrase in one character with no compatibility form to normalise
to (the others, U+FDFA and U+FDFB, become their letters under NFKC): counted as the letters they draw."""


def clean_name(raw: object) -> str:
    """A display name: NFKC-normalised, trimmed, inner white space folded; something visible, at most
    `NAME_MAX_COLUMNS` wide. A `GameError` (`bad_name`) says what is wrong."""
    if not isinstance(raw, str):
        raise GameError("name must be text", code="bad_name")
    if len(raw) > 4 * NAME_MAX_CHARS:
        raise GameError(f"name must be at most {NAME_MAX_COLUMNS} characters", code="bad_name")
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise GameError("name must not be empty", code="bad_name")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise GameError("name must hold printable, visible characters only", code="bad_name")
    check_visible(name, "name", "bad_name")
    if len(name) > NAME_MAX_CHARS or display_width(name) > NAME_MAX_COLUMNS:
        raise GameError(f"name must be at most {NAME_MAX_COLUMNS} characters wide", code="bad_name")
    return name


def display_width(text: str) -> int:
    """Columns `text` takes on a terminal (and about as much on a page): wide and full-width characters
    two, combining marks none, the phrase ligatures as many as they spell."""
    width = 0
    for ch in text:
        if ch in EXTRA_WIDE:
            width += EXTRA_WIDE[ch]
        elif unicodedata.category(ch) in ("Mn", "Me"):
            continue
        else:
            width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def name_key(name: str) -> str:
    """What a name looks like: its confusable skeleton, case folded. Names with equal keys are one name
    (in a room, on a leaderboard)."""
    return skeleton_key(name, digit_policy="tr39")


def unique_name(name: str, taken: list[str]) -> str:
    """`name`, or with a number after it (" 2", " 3"...), so it looks like none of `taken`; shortened to
    stay within `NAME_MAX_COLUMNS` with the number."""
    keys = {name_key(other) for other in taken}
    unique, n = name, 2
    while name_key(unique) in keys:
        suffix = f" {n}"
        unique = _fit(name, NAME_MAX_COLUMNS - len(suffix)) + suffix
        n += 1
    return unique


def _fit(name: str, columns: int) -> str:
    """The longest start of `name` at most `columns` wide (marks stay with their letter)."""
    end = len(name)
    while end and display_width(name[:end]) > columns:
        end -= 1
    while 0 < end < len(name) and unicodedata.category(name[end])[0] == "M":
        end -= 1  # do not cut a letter from its marks: drop the letter too
    return name[:end].rstrip()


def _draws_nothing(ch: str) -> bool:
    return ch in BLANK_LETTERS or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def check_visible(text: str, what: str, code: Literal["bad_name", "bad_title"]) -> None:
    """Text others read under someone's name (a name, a published maze's title) must be seen: no
    character that draws nothing, a visible base character, and no character carrying a stack of marks
    that draws over the lines around it. A `GameError` (`code`) says what is wrong with `what`."""
    if any(_draws_nothing(ch) for ch in text):
        raise GameError(f"{what} must hold printable, visible characters only", code=code)
    if all(unicodedata.category(ch)[0] == "M" or ch == " " for ch in text):
        raise GameError(f"{what} must have a letter, digit or sign, not marks only", code=code)
    if unicodedata.category(text[0])[0] == "M":
        raise GameError(f"{what} must not begin with a combining mark", code=code)
    marks = 0
    for ch in text:
        marks = marks + 1 if unicodedata.category(ch)[0] == "M" else 0
        if marks > MAX_MARKS_PER_LETTER:
            raise GameError(f"{what} must have at most {MAX_MARKS_PER_LETTER} marks on a letter", code=code)
