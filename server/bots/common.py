"""What the strategies share: the seed's direction order, the exit-ward ordering of moves, and the packed
forms their JSON state uses.

A bot draws nothing at random while it races: its seed fixes, once, an order of the eight directions that
breaks every tie. So a bot's whole state is plain data (no `random.Random` state to carry), and a rebuilt
bot continues exactly.
"""

import base64
import binascii
import functools
import random
import sys
import zlib
from array import array
from collections.abc import Iterable, Mapping

from server.bots.sight import Sight
from server.errors import GameError
from server.maze.generation import MAX_SEED
from server.maze.model import Cell
from server.maze.walls import SIDE_BITS, opening_steps


class BadBotState(GameError, ValueError):
    """A saved bot state that cannot be read (the server's own snapshot data, never a client's)."""

    code = "bad_log"


SIDE_OF_DELTA: dict[Cell, int] = {
    (0, 1): 0,
    (1, 0): 1,
    (0, -1): 2,
    (-1, 0): 3,
    (1, 1): 4,
    (1, -1): 5,
    (-1, -1): 6,
    (-1, 1): 7,
}
"""The side (bit of the open-sides mask, `walls.SIDE_BITS` order) of a step (row, column) between two
neighbouring cells."""


@functools.lru_cache(maxsize=64)
def sides_by_step(cols: int) -> dict[int, int] | None:
    """The side of each index step `b - a` in a maze `cols` wide, or None when two sides share a step
    (two columns: south-west's step is east's)."""
    steps = opening_steps(cols)[(1 << len(SIDE_BITS)) - 1]
    return dict(zip(steps, range(len(steps)), strict=True)) if len(set(steps)) == len(steps) else None


def side_between(a: int, b: int, cols: int) -> int:
    """The side of cell `a` that leads to its neighbour `b`."""
    table = sides_by_step(cols)
    if table is not None:
        return table[b - a]
    (ar, ac), (br, bc) = divmod(a, cols), divmod(b, cols)
    return SIDE_OF_DELTA[(br - ar, bc - ac)]


def check_seed(seed: object) -> int:
    """A bot's seed: a whole number in the range of maze seeds."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BadBotState(f"a bot's seed must be a whole number from 0 to {MAX_SEED}")
    return seed


def side_ranks(seed: int) -> tuple[int, ...]:
    """For each side, its place in the seed's order of the directions (lower is tried first)."""
    order = list(range(len(SIDE_BITS)))
    random.Random(seed).shuffle(order)
    ranks = [0] * len(order)
    for place, side in enumerate(order):
        ranks[side] = place
    return tuple(ranks)


def distance(a: int, b: int, cols: int, diagonal: bool) -> int:
    """Moves between two cells with no walls in the way: Chebyshev with diagonal moves, else Manhattan."""
    (ar, ac), (br, bc) = divmod(a, cols), divmod(b, cols)
    dr, dc = abs(ar - br), abs(ac - bc)
    return max(dr, dc) if diagonal else dr + dc


def exit_first(sight: Sight, here: int, cells: Iterable[int], ranks: tuple[int, ...]) -> list[int]:
    """Neighbours of `here` in the order an explorer tries them: nearest the exit as the crow flies first
    when the exit's place is known (the original exercises' explorers try east first, towards the exit on the
    east side), ties and an unknown exit in the seed's direction order."""
    cols, goal = sight.cols, sight.exit
    sides = {cell: side_between(here, cell, cols) for cell in cells}
    diagonal = sight.directions == 8
    if goal is None:
        return sorted(sides, key=lambda cell: ranks[sides[cell]])
    return sorted(sides, key=lambda cell: (distance(cell, goal, cols, diagonal), ranks[sides[cell]]))


# ----- packed state -----------------------------------------------------------------------------------


def pack_bytes(data: bytes | bytearray) -> str:
    """A byte array (flags, marks) as compressed base64: a 100 x 100 maze's flags take a few hundred
    characters, not the 50 kB a JSON list would."""
    return base64.b64encode(zlib.compress(bytes(data))).decode("ascii")


def _inflate(text: str, most: int, what: str) -> bytes:
    """Base64 then zlib, never inflating past `most` bytes (a state can name at most every cell once)."""
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(base64.b64decode(text, validate=True), most + 1)
    except (binascii.Error, zlib.error, ValueError) as error:
        raise BadBotState(f"{what} cannot be read: {error}") from error
    if len(raw) > most or not inflater.eof:
        raise BadBotState(f"{what} holds more than the maze has cells")
    return raw


def unpack_bytes(text: object, size: int, what: str, top: int = 1) -> bytearray:
    """The inverse of `pack_bytes`, checked: exactly `size` bytes, none above `top`."""
    if not isinstance(text, str):
        raise BadBotState(f"{what} must be a base64 string, not {type(text).__name__}")
    raw = _inflate(text, size, what)
    if len(raw) != size or (raw and max(raw) > top):
        raise BadBotState(f"{what} must hold {size} values from 0 to {top}")
    return bytearray(raw)


def pack_cells(cells: Iterable[int]) -> str:
    """A list of cell indices (a stack, a route) as compressed base64 of little-endian uint32."""
    column = array("I", cells)
    if sys.byteorder == "big":
        column.byteswap()
    return pack_bytes(column.tobytes())


def unpack_cells(text: object, size: int, what: str) -> list[int]:
    """The inverse of `pack_cells`, checked: every index a cell of a `size`-cell maze."""
    if not isinstance(text, str):
        raise BadBotState(f"{what} must be a base64 string, not {type(text).__name__}")
    raw = _inflate(text, 4 * size, what)
    if len(raw) % 4:
        raise BadBotState(f"{what} is not a list of cells")
    column = array("I")
    column.frombytes(raw)
    if sys.byteorder == "big":
        column.byteswap()
    if any(cell >= size for cell in column):
        raise BadBotState(f"{what} names a cell outside the maze")
    return column.tolist()


def field(data: Mapping[str, object], key: str, kind: str) -> object:
    """`data[key]`, or a clear error naming the bot kind whose state lacks it."""
    if key not in data:
        raise BadBotState(f"a {kind} bot's state lacks {key!r}")
    return data[key]


NOWHERE = -1
"""A cell index that is no cell: where a bot stood before its first step."""


def size_and_last(data: Mapping[str, object], kind: str) -> tuple[int, int]:
    """The fields every exploring bot's state has: the maze's size and the cell it stood in last."""
    size = whole(data, "size", kind, 0, 1 << 31)
    return size, whole(data, "last", kind, NOWHERE, size - 1)


def whole(data: Mapping[str, object], key: str, kind: str, low: int, high: int) -> int:
    """A whole-number field of a state, within low..high."""
    value = field(data, key, kind)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadBotState(f"{key!r} of a {kind} bot's state must be a whole number from {low} to {high}")
    return value
