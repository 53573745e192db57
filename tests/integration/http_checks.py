"""What every HTTP answer of the tests is checked for: the security headers, and the error form."""


def assert_security_headers(response: object) -> None:
    """Every answer is nosniff; a page (anything a browser may show as one) carries the page's policy,
    a script, style sheet or JSON answer does not: a browser takes the policy from the page alone."""
    headers = response.headers  # type: ignore[attr-defined]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Server"] == "MazeRace", "no version of Python or aiohttp for a stranger to look up"
    if response.content_type in ("text/javascript", "text/css", "application/json"):  # type: ignore[attr-defined]
        assert "Content-Security-Policy" not in headers
        return
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


def assert_error(status: int, body: object, expected_status: int, code: str) -> None:
    assert status == expected_status, body
    assert isinstance(body, dict)
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str)
    assert body["error"]["message"]
