"""Fixtures every test package can use: the real services under tests/services."""

from pathlib import Path

import pytest

pytest_plugins = ["tests.services.postgres"]


BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`make test` runs the tests in two worker processes (pytest-xdist, `--dist loadgroup`); the browser
    tests are one group, so one worker takes them all and at most one Chromium runs at a time: two at
    once on a 2-core machine starve each other's frames and the servers they talk to."""
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.xdist_group("browser"))
