"""Fixtures every test package can use: the real services under tests/services."""

import contextlib
import inspect
import warnings
from pathlib import Path

import pytest

from tests.cluster.netns import unavailable
from tests.cluster.netns_hub import NetworkError, hub

pytest_plugins = ["tests.services.postgres"]


BROWSER_TESTS = Path(__file__).parent / "browser"
HUB = pytest.StashKey[contextlib.ExitStack]()


def pytest_sessionstart(session: pytest.Session) -> None:
    """The simulated machines' hub, made by the process that outlives every test worker before any
    worker starts a Chromium (which fails its requests in flight when the root namespace's addresses
    change: tests/cluster/netns_hub.py), when this machine can simulate networks at all."""
    if hasattr(session.config, "workerinput") or unavailable() is not None:
        return
    stack = session.config.stash[HUB] = contextlib.ExitStack()
    try:
        stack.enter_context(hub())
    except NetworkError as error:  # each simulated network tries again, and fails with the reason
        warnings.warn(f"the simulated machines' hub could not be made: {error}", stacklevel=1)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The hub removed once every worker, and its Chromium, has finished."""
    stack = session.config.stash.get(HUB, None)
    if stack is not None:
        stack.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run in their worker's session event loop, where its one Chromium lives
    (tests/browser/conftest.py). `make test` spreads every test over its workers (pytest-xdist): each
    worker starts one Chromium for the browser tests it is given."""
    for item in items:
        if not item.path.is_relative_to(BROWSER_TESTS):
            continue
        if isinstance(item, pytest.Function) and inspect.iscoroutinefunction(item.function):
            # first, before the plain mark pytest-asyncio's auto mode gave it at collection
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)
