"""A hint's cells packed for the wire and for the worker processes: they round trip, refuse what does
not fit the maze, and cross a process boundary in a few bytes a room."""

import base64
import pickle

import pytest

from server.errors import BadMaze
from server.maze.generation import MazeSpec, generate
from server.maze.hints import HintJob, solve, way_on
from server.maze.wire import PackedCells

# --- packed cell lists ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "cols", "width"), [(150, 150, 2), (256, 256, 2), (257, 256, 4), (1000, 1000, 4)]
)
def test_packed_rooms_round_trip(rows: int, cols: int, width: int) -> None:
    size = rows * cols
    indices = [0, 1, cols, size - 1, size // 2]
    packed = PackedCells.pack(indices, size, cols)
    assert packed.width == width
    assert len(packed.data) == width * len(indices)
    assert packed.indices() == indices
    assert packed.cells() == tuple(divmod(i, cols) for i in indices)
    assert [packed.at(k) for k in range(-5, 5)] == list(packed.cells() * 2)
    assert PackedCells.from_wire(packed.to_wire(), size, cols) == packed
    assert packed.data[:width] == bytes(width)  # little-endian: index 1 is 01 00 ...
    assert packed.data[width : 2 * width] == (1).to_bytes(width, "little")


def test_packed_rooms_refuse_what_does_not_fit() -> None:
    with pytest.raises(BadMaze):
        PackedCells.from_wire("not base64!", 100, 10)
    with pytest.raises(BadMaze):
        PackedCells.from_wire(base64.b64encode(b"\x01\x00\x02").decode(), 100, 10)  # half a cell
    with pytest.raises(BadMaze):
        PackedCells.from_wire(PackedCells.pack([100], 200, 10).to_wire(), 100, 10)  # outside the maze
    with pytest.raises(IndexError):
        PackedCells.pack([3], 100, 10).at(1)


def test_a_hint_crosses_a_process_boundary_in_a_few_bytes_a_room() -> None:
    """The job and the answer pickle to little more than their packed cells: no per-cell objects."""
    maze = generate(MazeSpec("prim", 150, 150, 3))
    job = HintJob.of(maze, [maze.entrance], "bfs", record_order=True)
    assert len(pickle.dumps(job)) < maze.size + 1000
    answer = solve(job)
    assert answer.order is not None
    assert answer.explored > maze.size // 2
    assert len(pickle.dumps(answer)) < 2 * (answer.explored + len(answer.path or ())) + 1000
    assert pickle.loads(pickle.dumps(answer)) == answer
    assert answer == way_on(maze, [maze.entrance], "bfs", record_order=True)
