"""`parse_public_url`: what `--public-url` accepts, and how it normalises it."""

import pytest

from server.http.room_links import BadPublicUrl, parse_public_url


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://maze.example", "https://maze.example"),
        ("https://maze.example/", "https://maze.example"),
        (" http://maze.example:8080/games/ ", "http://maze.example:8080/games"),
        ("https://[2001:db8::1]:8443", "https://[2001:db8::1]:8443"),
    ],
)
def test_good_public_urls_lose_only_the_trailing_slash(text: str, expected: str) -> None:
    assert parse_public_url(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "", "maze.example", "ftp://maze.example", "https://", "https://maze.example:0",
        "https://maze.example:99999", "https://maze.example:port", "https://user@maze.example",
        "https://maze.example/?q=1", "https://maze.example/#top", "javascript:alert(1)",
    ],
)  # fmt: skip
def test_bad_public_urls_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(BadPublicUrl) as refused:
        parse_public_url(text)
    assert isinstance(refused.value, ValueError)
    assert repr(text) in str(refused.value)
