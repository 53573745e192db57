"""The clear check's tokens: what one vouches for comes back only under the key that signed it, for the
maze it names, of the kind asked for, within its time; everything else is `bad_check`."""

import pytest

from server.errors import GameError
from server.http.check_tokens import CHECK_SECONDS, CLEARED_SECONDS, Ticket, read, sign, token_key

KEY = token_key("secret of one database")
NOW = 1_800_000_000.0
PRINT = "ab" * 32


def refusal(key: bytes, token: object, kind: str = "check", now: float = NOW) -> str:
    with pytest.raises(GameError) as refused:
        read(key, token, kind, PRINT, now)  # type: ignore[arg-type]
    assert refused.value.code == "bad_check"
    return refused.value.message


def test_a_ticket_comes_back_as_it_was_signed() -> None:
    ticket = Ticket("cleared", PRINT, NOW, 12_345)
    assert read(KEY, sign(KEY, ticket), "cleared", PRINT, NOW + 60) == ticket


def test_the_key_is_derived_per_purpose_and_secret() -> None:
    assert token_key("a") != token_key("b")
    assert token_key("a") != token_key("a", b"another purpose")


@pytest.mark.parametrize(
    ("token", "words"),
    [
        (None, "token is needed"),
        ("", "token is needed"),
        (7, "token is needed"),
        ("x" * 401, "token is needed"),
        ("no-dot", "not one this server gave"),
        ("é.é", "token is needed"),
    ],
)
def test_what_is_no_token_is_refused(token: object, words: str) -> None:
    assert words in refusal(KEY, token)


def test_another_key_or_a_changed_payload_is_refused() -> None:
    token = sign(KEY, Ticket("check", PRINT, NOW))
    assert "not one this server gave" in refusal(token_key("another database"), token)
    payload, _, signature = token.partition(".")
    forged = sign(token_key("mine"), Ticket("cleared", PRINT, NOW, 1)).partition(".")[0]
    assert "not one this server gave" in refusal(KEY, f"{forged}.{signature}")
    assert "not one this server gave" in refusal(KEY, f"{payload}.{signature[:-2]}")


def test_the_kind_the_maze_and_the_time_must_fit() -> None:
    check = sign(KEY, Ticket("check", PRINT, NOW))
    assert "not a passed clear check" in refusal(KEY, check, kind="cleared")
    other = sign(KEY, Ticket("check", "cd" * 32, NOW))
    assert "another maze" in refusal(KEY, other)
    assert read(KEY, check, "check", PRINT, NOW + CHECK_SECONDS).at == NOW
    assert "expired" in refusal(KEY, check, now=NOW + CHECK_SECONDS + 1)
    cleared = sign(KEY, Ticket("cleared", PRINT, NOW, 5))
    assert read(KEY, cleared, "cleared", PRINT, NOW + CLEARED_SECONDS).clear_ms == 5
    assert "expired" in refusal(KEY, cleared, kind="cleared", now=NOW + CLEARED_SECONDS + 1)
    assert "not one this server gave" in refusal(KEY, check, now=NOW - 3600)  # from the future
