"""Persistence fixtures: a real SQLite file per test, opened through the real `Store`, and an HTTP session."""

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from server.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where this test's database file lives (not created yet)."""
    return tmp_path / "data" / "mazerace.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    """An open store on a fresh file, closed at teardown."""
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    """An HTTP session for the test's requests to its server processes."""
    async with aiohttp.ClientSession() as session:
        yield session
