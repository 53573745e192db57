"""Fixtures shared by the unit tests."""

import pytest

from server.maze.model import Maze
from tests.unit.support import LOOP


@pytest.fixture
def loop() -> Maze:
    """The loop maze, entrance top left, exit bottom right."""
    return Maze.from_matrix(LOOP, (0, 0), (2, 2))
