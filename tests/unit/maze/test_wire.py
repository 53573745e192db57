"""The compact wire form of a maze: packed wall bits, base64, round trips and refusals."""

import base64
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.errors import BadMaze
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS
from server.maze.model import Maze
from server.maze.wire import decode_maze, encode_maze, pack_walls, unpack_walls
from tests.unit.support import mazes, specs

# 2 x 3 rooms: east = 1 1 0 / 1 0 0, south = 0 1 1 / 0 0 0
HAND = Maze.from_matrix(["1111111", "1000001", "1110101", "1000101", "1111111"], (0, 0), (1, 2))


def test_encode_shape() -> None:
    data = encode_maze(HAND)
    assert data == {
        "rows": 2,
        "cols": 3,
        "entrance": [0, 0],
        "exit": [1, 2],
        "directions": 4,
        "walls": data["walls"],
    }
    assert isinstance(data["walls"], str)


def test_bit_layout() -> None:
    """Bit 2i is room i's east wall, bit 2i+1 its south wall, least significant bit first."""
    # rooms 0..5: (east, south) = (1,0) (1,1) (0,1) (1,0) (0,0) (0,0)
    # bits 0..11 = 1 0 1 1 0 1 1 0 0 0 0 0 -> byte 0 = 0b01101101, byte 1 = 0
    assert pack_walls(HAND) == bytes([0b01101101, 0])
    assert base64.b64decode(encode_maze(HAND)["walls"]) == bytes([0b01101101, 0])


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 3), (5, 7), (10, 10)])
def test_packed_length(rows: int, cols: int) -> None:
    maze = generate(MazeSpec("classic", rows, cols, 1))
    assert len(pack_walls(maze)) == (2 * rows * cols + 7) // 8


@settings(max_examples=80, deadline=None)
@given(mazes(specs(sides=st.integers(2, 20))))
def test_round_trip(maze: Maze) -> None:
    data = encode_maze(maze)
    assert decode_maze(data) == maze
    assert decode_maze(json.loads(json.dumps(data))) == maze
    assert unpack_walls(pack_walls(maze), maze.size, maze.directions) == maze.walls()


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 300).flatmap(lambda n: st.tuples(st.just(n), st.binary(min_size=n, max_size=n))))
def test_pack_unpack_bits(case: tuple[int, bytes]) -> None:
    """Every bit pattern survives packing (the last column and row are zeroed to make a legal maze)."""
    size, noise = case
    cols = 2
    rows = max(2, (size + 1) // 2)
    east = bytearray(b & 1 for b in noise.ljust(rows * cols, b"\x00"))
    south = bytearray(b >> 1 & 1 for b in noise.ljust(rows * cols, b"\x00"))
    east[cols - 1 :: cols] = bytes(rows)
    south[(rows - 1) * cols :] = bytes(cols)
    maze = Maze(rows, cols, bytes(east), bytes(south), (0, 0), (rows - 1, cols - 1))
    unpacked = unpack_walls(pack_walls(maze), maze.size)
    assert (unpacked.east, unpacked.south) == (east, south)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 17), (17, 2), (13, 29), (100, 100), (37, 250)])
def test_round_trip_every_algorithm_and_shape(algorithm: str, rows: int, cols: int) -> None:
    maze = generate(MazeSpec(algorithm, rows, cols, 11, braid=0.3, openings="edges"))
    assert decode_maze(json.loads(json.dumps(encode_maze(maze)))) == maze


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("braid", [0.0, 1.0])
def test_hard_maze_fits_in_4_kib(algorithm: str, braid: float) -> None:
    maze = generate(MazeSpec(algorithm, 100, 100, 3, braid=braid, openings="edges"))
    encoded = json.dumps(encode_maze(maze)).encode()
    assert len(encoded) <= 4096
    assert len(encode_maze(maze)["walls"]) == 3336


def good() -> dict[str, Any]:
    return encode_maze(HAND)


def changed(**fields: Any) -> dict[str, Any]:
    data = good()
    data.update(fields)
    return data


def without(key: str) -> dict[str, Any]:
    data = good()
    del data[key]
    return data


def open_border_walls(east_bit: bool) -> str:
    # room 2 is (0, 2), the last column: set its east bit; room 3 is (1, 0), the last row: its south bit
    packed = bytearray(pack_walls(HAND))
    bit = 2 * 2 if east_bit else 2 * 3 + 1
    packed[bit >> 3] |= 1 << (bit & 7)
    return base64.b64encode(bytes(packed)).decode()


MALFORMED: dict[str, Any] = {
    "not a dict": [1, 2, 3],
    "none": None,
    "a string": "maze",
    "empty": {},
    "no rows": without("rows"),
    "no cols": without("cols"),
    "no entrance": without("entrance"),
    "no exit": without("exit"),
    "no walls": without("walls"),
    "rows not a number": changed(rows="two"),
    "rows none": changed(rows=None),
    "rows a list": changed(rows=[2]),
    "rows too small": changed(rows=1, cols=6),
    "rows zero": changed(rows=0, cols=6),
    "too large": changed(rows=1001, cols=2),
    "too large, walls to match": changed(
        rows=1001, cols=2, exit=[1000, 1], walls=base64.b64encode(bytes(501)).decode()
    ),
    "size mismatch": changed(rows=3),
    "entrance short": changed(entrance=[0]),
    "entrance not a list": changed(entrance=5),
    "entrance letters": changed(entrance=["a", "b"]),
    "entrance outside": changed(entrance=[2, 0]),
    "exit outside": changed(exit=[0, 3]),
    "exit negative": changed(exit=[-1, 0]),
    "entrance is exit": changed(exit=[0, 0]),
    "walls not base64": changed(walls="!!!!"),
    "walls bad padding": changed(walls="bQ"),
    "walls not a string": changed(walls=12345),
    "walls none": changed(walls=None),
    "walls too short": changed(walls=base64.b64encode(b"\x01").decode()),
    "walls too long": changed(walls=base64.b64encode(b"\x01\x00\x00").decode()),
    "open east border": changed(walls=open_border_walls(east_bit=True)),
    "open south border": changed(walls=open_border_walls(east_bit=False)),
}


@pytest.mark.parametrize("data", list(MALFORMED.values()), ids=list(MALFORMED))
def test_malformed_wire_data_raises_bad_maze(data: Any) -> None:
    with pytest.raises(BadMaze):
        decode_maze(data)


def test_good_wire_data_decodes() -> None:
    assert decode_maze(good()) == HAND


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["rows", "cols", "entrance", "exit", "walls"]),
        st.one_of(
            st.integers(-3, 12),
            st.text(max_size=8),
            st.lists(st.integers(-2, 5), max_size=3),
            st.none(),
            st.binary(max_size=6).map(lambda b: base64.b64encode(b).decode()),
        ),
    )
)
def test_arbitrary_wire_data_decodes_or_raises_bad_maze(data: dict[str, Any]) -> None:
    try:
        maze = decode_maze(data)
    except BadMaze:
        return
    assert encode_maze(maze)["rows"] == int(data["rows"])
