"""Names: normalised, visible, not too wide, and unique by what they look like; every script welcome."""

import pytest

from server.errors import GameError
from server.room.names import NAME_MAX_COLUMNS, clean_name, display_width, name_key, unique_name

LOOKALIKES_OF_ALICE = [
    "\u0410lice",  # Cyrillic capital A
    "\uff21\uff4c\uff49\uff43\uff45",  # fullwidth letters
    "\U0001d400\U0001d425\U0001d422\U0001d41c\U0001d41e",  # mathematical bold
    "AIice",  # capital I for l
    "A1ice",  # digit one for l
    "alice",
]

REFUSED = {
    "Alice + Hangul filler": "Alice\u3164",
    "Hangul filler alone": "\u3164",
    "halfwidth Hangul filler": "\uffa0\uffa0",
    "braille blanks": "\u2800\u2800\u2800",
    "marks only": "\u0301\u0302\u0303",
    "a leading mark": "\u0301Alice",
    "Zalgo": "A" + "\u0301\u0302\u0303\u0304\u0305\u0306\u0307" * 3 + "lice",
    "20 bismillah ligatures": "\ufdfd" * 20,
    "one bismillah ligature": "\ufdfd",
    "a zero-width joiner": "Al\u200dice",
    "a variation selector": "Alice\ufe0f",
    "11 Chinese characters": "张" * 11,
    "21 Latin letters": "a" * 21,
    "empty": "   ",
}

WELCOME = [
    "张伟",
    "王小明",
    "さくら",
    "山田太郎",
    "محمد",
    "فاطمة الزهراء",
    "अनुराधा",
    "राहुल शर्मा",
    "Иван",
    "Zoë",
    "Nguyễn Văn An",
    "สมชาย",
    "བཀྲ་ཤིས",
    "김민준",
    "Ольга",
    "אברהם",
    "Ἀλέξανδρος",
]


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_invisible_marks_only_stacked_and_wide_names_are_refused(name: str) -> None:
    with pytest.raises(GameError) as refused:
        clean_name(name)
    assert refused.value.code == "bad_name"


@pytest.mark.parametrize("name", WELCOME)
def test_names_in_every_script_are_welcome(name: str) -> None:
    assert clean_name(name) == name
    assert display_width(name) <= NAME_MAX_COLUMNS


def test_names_are_normalised_nfkc() -> None:
    assert clean_name("\uff21\uff4c\uff49\uff43\uff45") == "Alice"
    assert clean_name("\U0001d400lice") == "Alice"
    assert clean_name("  Ana \u3000 Lu ") == "Ana Lu"  # ideographic space folds like any space


def test_a_wide_character_counts_two_columns() -> None:
    assert display_width("张伟") == 4
    assert clean_name("张" * 10) == "张" * 10  # 20 columns: the most
    assert display_width("Zoe\u0308") == 3  # a combining mark takes no column


@pytest.mark.parametrize("lookalike", LOOKALIKES_OF_ALICE)
def test_lookalikes_share_a_key(lookalike: str) -> None:
    assert name_key(lookalike) == name_key("Alice")


def test_different_names_keep_different_keys() -> None:
    keys = {name_key(name) for name in [*WELCOME, "Alice", "Alina", "Bob"]}
    assert len(keys) == len(WELCOME) + 3


def test_a_lookalike_gets_a_number_in_a_room() -> None:
    assert unique_name("\u0410lice", ["Alice"]) == "\u0410lice 2"
    assert unique_name("Alice", ["Alice", "alice 2"]) == "Alice 3"
    assert unique_name("Bob", ["Alice"]) == "Bob"
    long = "x" * 20
    assert unique_name(long, [long]) == "x" * 18 + " 2"
    wide = "张" * 10
    assert unique_name(wide, [wide]) == "张" * 9 + " 2"
