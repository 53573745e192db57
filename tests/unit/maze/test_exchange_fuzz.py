"""Whatever text arrives, an import gives a maze or a `BadImport`, never another error (the HTTP edge
turns a `BadImport` into a clear reply; anything else would be a 500). Hand-edited mazes (loops, walled-in
cells, openings anywhere on the border) survive every round trip too."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from server.maze.exchange import IMPORT_FORMATS, BadImport, export_maze, import_maze
from server.maze.generation import MazeSpec
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS
from server.maze.model import Maze
from tests.unit.maze.exchange_support import gap_candidates, hand_edited, swapped

TEXTS = st.text(alphabet="01 \t\r\n#.SEx2", max_size=400)
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.floats(allow_nan=True)
    | st.text('01{}[]"', max_size=12),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(
            st.sampled_from(["grid", "entrance", "exit", "directions", "rows", "cols", "x"]),
            inner,
            max_size=6,
        )
    ),
    max_leaves=30,
)


def readable_or_refused(text: str, fmt: str) -> None:
    """Import `text`: a maze, or a `BadImport` with a whole place (line and column, 1 or more) or none."""
    error: BadImport | None = None
    try:
        maze = import_maze(text, fmt)
    except BadImport as caught:
        error = caught
    if error is None:
        assert isinstance(maze, Maze)
        return
    assert str(error)
    place = (error.line, error.column)
    assert place == (None, None) or min(p or 0 for p in place) >= 1


@settings(max_examples=300, deadline=None)
@given(text=TEXTS, fmt=st.sampled_from(IMPORT_FORMATS))
def test_any_text_reads_as_a_maze_or_a_bad_import(text: str, fmt: str) -> None:
    readable_or_refused(text, fmt)


@settings(max_examples=200, deadline=None)
@given(value=JSON_VALUES)
def test_any_json_reads_as_a_maze_or_a_bad_import(value: object) -> None:
    readable_or_refused(json.dumps(value), "json")


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), fmt=st.sampled_from(IMPORT_FORMATS), noise=st.integers(0, 3))
def test_a_good_file_with_one_entry_changed_reads_or_is_refused_at_a_place(
    seed: int, fmt: str, noise: int
) -> None:
    rng = random.Random(seed)
    directions = 8 if fmt == "blocks" else rng.choice((4, 8)) if fmt == "json" else 4
    spec = MazeSpec("backtracker", rng.randint(2, 6), rng.randint(2, 6), seed, directions=directions)
    text = export_maze(hand_edited(spec, rng, 3), fmt).decode()
    chars = list(text)
    for _ in range(noise + 1):
        chars[rng.randrange(len(chars))] = rng.choice("01 #.SE\n")
    readable_or_refused("".join(chars), fmt)


def test_hand_edited_mazes_survive_every_round_trip() -> None:
    rng = random.Random(9)
    for k in range(200):
        directions = 4 if k % 2 else 8
        algorithms = ALGORITHMS if directions == 4 else EIGHT_DIRECTION_ALGORITHMS
        spec = MazeSpec(
            algorithms[k % len(algorithms)], rng.randint(2, 10), rng.randint(2, 10), k, directions=directions
        )
        maze = hand_edited(spec, rng, rng.randint(0, 40))
        for fmt in ("matrix", "ascii", "json") if directions == 4 else ("blocks", "json"):
            back = import_maze(export_maze(maze, fmt).decode(), fmt)
            if fmt in ("matrix", "blocks"):
                unit = 2 if fmt == "matrix" else 3
                if min(gap_candidates(maze.entrance, maze, unit)) > max(
                    gap_candidates(maze.exit, maze, unit)
                ):
                    assert back == swapped(maze)
                    continue
            assert back == maze, (spec, fmt)
