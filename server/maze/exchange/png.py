"""A PNG picture of a maze (export only), written with zlib and struct: the 0/1 matrix (the blocks in 8
directions) with every entry a square of pixels, walls black and passages white, the entrance's cell and
gap green and the exit's red, as the original exercise draws walls as black blocks.

An 8-bit palette image: four colours, one byte a pixel before compression; a 150 x 150 maze is a 903 x 903
picture of some 20 KB.
"""

import struct
import zlib

from server.errors import BadMaze
from server.maze.exchange.gaps import gap_spots, open_gaps
from server.maze.model import Maze

PALETTE = bytes((255, 255, 255, 0, 0, 0, 46, 160, 67, 207, 34, 46))
"""Passage white, wall black, entrance green, exit red (palette indices 0 to 3)."""
_INDEX = bytes.maketrans(b"01", b"\x00\x01")
MAX_PIXELS_A_SIDE = 1024
"""An entry is as many pixels as keep the picture within this (at least 1, at most 16)."""


def write_png(maze: Maze) -> bytes:
    """The PNG file's bytes."""
    unit = 3 if maze.directions == 8 else 2
    try:
        lines = open_gaps(maze, maze.to_matrix(), unit)
    except BadMaze:  # an opening inside the maze: no gap to open, its colour still marks it
        lines = maze.to_matrix()
    height, width = len(lines), len(lines[0])
    entries = [bytearray(line.encode("ascii").translate(_INDEX)) for line in lines]
    for colour, cell in ((2, maze.entrance), (3, maze.exit)):
        entries[unit * cell[0] + 1][unit * cell[1] + 1] = colour
        for row, index in gap_spots(cell, maze.rows, maze.cols, unit, height, width):
            if entries[row][index] == 0:
                entries[row][index] = colour
    scale = max(1, min(16, MAX_PIXELS_A_SIDE // max(height, width)))
    raw = bytearray()
    for line in entries:
        pixels = bytearray(len(line) * scale)
        for offset in range(scale):
            pixels[offset::scale] = line
        raw += (b"\x00" + pixels) * scale  # filter type 0 (none) before each scanline
    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 3, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", PALETTE),
            _chunk(b"IDAT", zlib.compress(bytes(raw), 6)),  # level 9 is 12 times slower for 20 % less
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
