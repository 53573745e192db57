"""Helpers for the exchange and card tests: hand-edited mazes and a PNG reader."""

import random
import struct
import zlib

from server.maze.generation import MazeSpec, generate
from server.maze.model import Cell, Maze


def hand_edited(spec: MazeSpec, rng: random.Random, edits: int) -> Maze:
    """A generated maze with `edits` random passages opened or closed and its openings moved to random
    border cells, as a player's edits leave one (unsolvable ones included)."""
    maze = generate(spec)
    walls = maze.walls()
    kinds = walls.kinds()
    for _ in range(edits):
        flags = kinds[rng.randrange(len(kinds))]
        flags[rng.randrange(maze.size)] = rng.randrange(2)
    walls.close_outer_walls(maze.cols)
    border = [
        (r, c)
        for r in range(maze.rows)
        for c in range(maze.cols)
        if r in (0, maze.rows - 1) or c in (0, maze.cols - 1)
    ]
    entrance, exit = rng.sample(border, 2)
    return Maze.from_walls(maze.rows, maze.cols, walls, entrance, exit)


def read_png(data: bytes) -> tuple[int, int, bytes, list[bytes]]:
    """(width, height, palette, rows of palette indices) of an 8-bit palette PNG without filters."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    offset = 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length : offset + 12 + length])
        assert crc == zlib.crc32(kind + body)
        chunks[kind] = chunks.get(kind, b"") + body
        offset += 12 + length
    width, height, depth, colour, _, _, _ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 3)
    raw = zlib.decompress(chunks[b"IDAT"])
    rows = [raw[k * (width + 1) : (k + 1) * (width + 1)] for k in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, chunks[b"PLTE"], [row[1:] for row in rows]


def swapped(maze: Maze) -> Maze:
    """The same maze with entrance and exit exchanged."""
    return Maze.from_walls(maze.rows, maze.cols, maze.walls(), maze.exit, maze.entrance)


def gap_candidates(cell: Cell, maze: Maze, unit: int) -> list[tuple[int, int]]:
    """Every matrix spot where a gap beside `cell` may go (written out here, apart from the code)."""
    height, width = unit * maze.rows + (1 if unit == 2 else 0), unit * maze.cols + (1 if unit == 2 else 0)
    r, c = cell
    spots = []
    if r == 0:
        spots.append((0, unit * c + 1))
    if r == maze.rows - 1:
        spots.append((height - 1, unit * c + 1))
    if c == 0:
        spots.append((unit * r + 1, 0))
    if c == maze.cols - 1:
        spots.append((unit * r + 1, width - 1))
    return spots
