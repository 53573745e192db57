"""MazeSpec: bad specs are refused, and the bounds are accepted."""

import pytest
from hypothesis import given, settings

from server.errors import BadSettings
from server.maze.generation import MAX_SEED, MazeSpec
from tests.unit.support import SIDES

# --- MazeSpec ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"algorithm": "nope"},
        {"algorithm": "Classic"},
        {"rows": 1},
        {"cols": 1001},
        {"rows": 5.0},
        {"cols": True},
        {"seed": -1},
        {"seed": MAX_SEED + 1},
        {"seed": 1.5},
        {"seed": True},
        {"seed": "7"},
        {"braid": -0.1},
        {"braid": 1.01},
        {"braid": float("nan")},
        {"braid": float("inf")},
        {"braid": True},
        {"braid": "0.5"},
        {"openings": "middle"},
        {"bias": "oldest"},
        {"bias": "random"},  # a growing-tree setting only: kruskal takes none
        {"algorithm": "growing-tree", "bias": "Newest"},
        {"algorithm": "growing-tree", "bias": None},
    ],
    ids=repr,
)
def test_bad_specs_are_refused(kwargs: dict[str, object]) -> None:
    fields: dict[str, object] = {"algorithm": "kruskal", "rows": 5, "cols": 5, "seed": 1}
    fields.update(kwargs)
    with pytest.raises(BadSettings):
        MazeSpec(**fields)  # type: ignore[arg-type]


@given(SIDES, SIDES)
@settings(max_examples=10, deadline=None)
def test_spec_bounds_accepted(rows: int, cols: int) -> None:
    MazeSpec("classic", rows, cols, 0)
    MazeSpec("wilson", rows, cols, MAX_SEED, braid=1, openings="edges")
