"""The compact wire form of a maze for the browser: two wall bits a room, packed and base64-encoded.

Bit 2i of the packed bits is 1 when room i opens east, bit 2i+1 when it opens south; bits are packed
least significant first (bit k lives in byte k >> 3 at position k & 7). A 100 x 100 maze is 2,500 bytes,
3,336 characters of base64. `web/js/maze.js` mirrors `decode_maze`.
"""

import base64
import binascii
from typing import Any

from server.game.errors import BadMaze, BadSettings
from server.game.maze import Maze

_TO_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
_FROM_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


def pack_walls(maze: Maze) -> bytes:
    """The interleaved east/south bits of every room, packed LSB-first."""
    bits = bytearray(2 * maze.size)
    bits[0::2] = maze.east
    bits[1::2] = maze.south
    digits = bits.translate(_TO_DIGITS)[::-1]  # most significant first, as int() reads them
    return int(digits, 2).to_bytes((len(bits) + 7) // 8, "little")


def unpack_walls(packed: bytes, size: int) -> tuple[bytes, bytes]:
    """(east, south) flags from packed bits; inverse of `pack_walls`."""
    if len(packed) != (2 * size + 7) // 8:
        raise BadMaze("wall bits do not match the maze size")
    digits = format(int.from_bytes(packed, "little"), f"0{8 * len(packed)}b")[::-1]
    bits = digits.encode("ascii").translate(_FROM_DIGITS)[: 2 * size]
    return bits[0::2], bits[1::2]


def encode_maze(maze: Maze) -> dict[str, Any]:
    """The JSON-ready wire form."""
    return {
        "rows": maze.rows,
        "cols": maze.cols,
        "entrance": list(maze.entrance),
        "exit": list(maze.exit),
        "walls": base64.b64encode(pack_walls(maze)).decode("ascii"),
    }


def decode_maze(data: dict[str, Any]) -> Maze:
    """A maze from its wire form; refuses malformed input with `BadMaze`."""
    try:
        rows, cols = int(data["rows"]), int(data["cols"])
        entrance = (int(data["entrance"][0]), int(data["entrance"][1]))
        exit = (int(data["exit"][0]), int(data["exit"][1]))
        packed = base64.b64decode(data["walls"], validate=True)
    except (KeyError, IndexError, TypeError, ValueError, binascii.Error) as error:
        raise BadMaze(f"malformed wire maze: {error}") from None
    east, south = unpack_walls(packed, rows * cols)
    try:
        return Maze(rows, cols, east, south, entrance, exit)
    except BadSettings as error:  # a size out of range is malformed wire data too
        raise BadMaze(f"malformed wire maze: {error}") from None
