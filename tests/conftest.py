"""Fixtures every test package can use: the real services under tests/services."""

import inspect
from pathlib import Path

import pytest

pytest_plugins = ["tests.services.postgres"]


BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run in their worker's session event loop, where its one Chromium lives
    (tests/browser/conftest.py). `make test` spreads every test over two workers (pytest-xdist): each
    worker starts one Chromium for the browser tests it is given."""
    for item in items:
        if not item.path.is_relative_to(BROWSER_TESTS):
            continue
        if isinstance(item, pytest.Function) and inspect.iscoroutinefunction(item.function):
            # first, before the plain mark pytest-asyncio's auto mode gave it at collection
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)
