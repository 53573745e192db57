"""The compact wire form of a maze for the browser: the passages a cell owns, packed and base64-encoded.

In 4 directions bit 2i of the packed bits is 1 when cell i opens east, bit 2i+1 when it opens south;
in 8 directions bits 4i..4i+3 are east, south, southeast and southwest. Bits are packed least significant
first (bit k lives in byte k >> 3 at position k & 7). A 100 x 100 maze is 2,500 bytes (5,000 in 8
directions), 3,336 characters of base64. `web/js/model/maze.js` mirrors `decode_maze`. Cell lists (hint paths
and explored orders) travel as `PackedCells`: flat indices packed two bytes a cell, base64-encoded.
"""

import array
import base64
import binascii
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from server.errors import BadMaze, BadSettings
from server.maze.model import Cell, Maze
from server.maze.walls import Walls

_TO_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
_FROM_DIGITS = bytes.maketrans(b"01", b"\x00\x01")
_TYPECODES = {array.array(code).itemsize: code for code in "LIH"}
"""The array type code of each unsigned width in bytes (2 and 4 exist wherever CPython runs)."""


def pack_walls(maze: Maze) -> bytes:
    """The interleaved passage bits of every cell (E, S, then SE, SW in 8 directions), packed LSB-first."""
    kinds = maze.kinds()
    bits = bytearray(len(kinds) * maze.size)
    for kind, flags in enumerate(kinds):
        bits[kind :: len(kinds)] = flags
    digits = bits.translate(_TO_DIGITS)[::-1]  # most significant first, as int() reads them
    return int(digits, 2).to_bytes((len(bits) + 7) // 8, "little")


def unpack_walls(packed: bytes, size: int, directions: int = 4) -> Walls:
    """The passage arrays from packed bits; inverse of `pack_walls`."""
    per_cell = directions // 2
    if len(packed) != (per_cell * size + 7) // 8:
        raise BadMaze("wall bits do not match the maze size")
    digits = format(int.from_bytes(packed, "little"), f"0{8 * len(packed)}b")[::-1]
    bits = digits.encode("ascii").translate(_FROM_DIGITS)[: per_cell * size]
    arrays = [bytearray(bits[kind::per_cell]) for kind in range(per_cell)]
    if directions == 8:
        return Walls(*arrays)
    return Walls(arrays[0], arrays[1], bytearray(), bytearray())


class MazeJson(TypedDict):
    """A maze on the wire: its size, entrance and exit, its topology, and the passages packed (see above)."""

    rows: int
    cols: int
    entrance: list[int]
    exit: list[int]
    directions: int
    walls: str
    seen: NotRequired[str]
    """In a fog race, to a racer: the cells they have seen, as a bitset (`fog.bitset`); the walls of the
    others are zeroed."""


def encode_maze(maze: Maze) -> MazeJson:
    """The JSON-ready wire form."""
    return {
        "rows": maze.rows,
        "cols": maze.cols,
        "entrance": list(maze.entrance),
        "exit": list(maze.exit),
        "directions": maze.directions,
        "walls": base64.b64encode(pack_walls(maze)).decode("ascii"),
    }


def decode_maze(data: Mapping[str, Any]) -> Maze:
    """A maze from its wire form (`directions` missing means 4); refuses malformed input with `BadMaze`."""
    try:
        rows, cols = int(data["rows"]), int(data["cols"])
        entrance = (int(data["entrance"][0]), int(data["entrance"][1]))
        exit = (int(data["exit"][0]), int(data["exit"][1]))
        directions = data.get("directions", 4)
        packed = base64.b64decode(data["walls"], validate=True)
    except (KeyError, IndexError, TypeError, ValueError, OverflowError, binascii.Error) as error:
        raise BadMaze(f"malformed wire maze: {error}") from None  # OverflowError: JSON's Infinity
    if type(directions) is not int or directions not in (4, 8):  # not 8.0, not True
        raise BadMaze("malformed wire maze: directions must be 4 or 8")
    walls = unpack_walls(packed, rows * cols, directions)
    try:
        return Maze.from_walls(rows, cols, walls, entrance, exit)
    except BadSettings as error:  # a size out of range is malformed wire data too
        raise BadMaze(f"malformed wire maze: {error}") from None


@dataclass(frozen=True)
class PackedCells:
    """A list of cells (a hint's path or explored order) as flat indices `r * cols + c`, packed.

    Each index is a little-endian unsigned integer of `width` bytes: 2 when the maze has at most 65,536
    cells (every cell a race allows), 4 above. Packed once where the list is made, a 22,500-cell order
    crosses a process boundary as one bytes object and goes on the wire as one base64 string: encoding
    it is a copy, where a JSON list of [r, c] pairs costs milliseconds to walk and dump.
    `web/js/model/maze.js` mirrors `to_wire` in `decodeCells`.
    """

    data: bytes
    cols: int
    width: int

    @staticmethod
    def width_for(size: int) -> int:
        """Bytes an index takes in a maze of `size` cells."""
        return 2 if size <= 1 << 16 else 4

    @classmethod
    def pack(cls, indices: Iterable[int], size: int, cols: int) -> "PackedCells":
        """Pack flat cell indices of a maze with `size` cells and `cols` columns."""
        width = cls.width_for(size)
        packed = array.array(_TYPECODES[width], indices)
        if sys.byteorder == "big":
            packed.byteswap()
        return cls(packed.tobytes(), cols, width)

    @classmethod
    def from_wire(cls, text: str, size: int, cols: int) -> "PackedCells":
        """Cells from the base64 text `to_wire` makes; refuses text that is not whole cells of the maze."""
        width = cls.width_for(size)
        try:
            data = base64.b64decode(text, validate=True)
        except (TypeError, ValueError, binascii.Error) as error:
            raise BadMaze(f"malformed cell list: {error}") from None
        cells = cls(data, cols, width)
        if len(data) % width or any(index >= size for index in cells.indices()):
            raise BadMaze("the cell list does not fit the maze")
        return cells

    def indices(self) -> list[int]:
        """The flat cell indices, in order."""
        packed = array.array(_TYPECODES[self.width], self.data)
        if sys.byteorder == "big":
            packed.byteswap()
        return packed.tolist()

    def cells(self) -> tuple[Cell, ...]:
        """The cells as (row, column)."""
        cols = self.cols
        return tuple(divmod(index, cols) for index in self.indices())

    def at(self, position: int) -> Cell:
        """The cell at `position` (negative counts from the end), without unpacking the rest."""
        count = len(self)
        if not -count <= position < count:
            raise IndexError("cell position out of range")
        offset = (position % count) * self.width
        return divmod(int.from_bytes(self.data[offset : offset + self.width], "little"), self.cols)

    def __len__(self) -> int:
        return len(self.data) // self.width

    def to_wire(self) -> str:
        """The base64 text the protocol sends."""
        return base64.b64encode(self.data).decode("ascii")
