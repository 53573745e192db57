"""A published maze's short code: the first characters of a fingerprint of the maze itself, so identical
mazes get the same code on any process and nothing needs a counter.

The fingerprint is the SHA-256 of a canonical byte form (rows, cols, directions, entrance, exit, the packed
passages of `wire.pack_walls`), shown in lowercase Crockford base32 (no i, l, o or u, so a code read aloud
or typed is hard to get wrong). Eight characters are 40 bits: two different mazes share a code about once
in 10^12 pairs; the store takes a longer prefix when one does.
"""

import hashlib
import re
import struct

from server.errors import BadSettings
from server.maze.model import Maze
from server.maze.wire import pack_walls

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
SHARE_CODE = re.compile(r"^[0-9a-hjkmnp-tv-z]{8,16}\Z")
"""A whole share code: anchored at the very end of the text (`$` would also match before a final line
break, letting "code\\n" through to the store and into messages)."""
MIN_LENGTH, MAX_LENGTH = 8, 16
_VERSION = b"mazerace-maze-1\n"


def canonical_bytes(maze: Maze) -> bytes:
    """The bytes the fingerprint hashes: a version line, the size, topology and openings as big-endian
    16-bit numbers, then the packed passages."""
    (er, ec), (xr, xc) = maze.entrance, maze.exit
    head = struct.pack(">HHHHHHH", maze.rows, maze.cols, maze.directions, er, ec, xr, xc)
    return _VERSION + head + pack_walls(maze)


def fingerprint(maze: Maze) -> str:
    """The hex SHA-256 of the maze's canonical bytes."""
    return hashlib.sha256(canonical_bytes(maze)).hexdigest()


def share_code(maze: Maze, length: int = MIN_LENGTH) -> str:
    """The first `length` (8 to 16) base32 characters of the fingerprint."""
    if isinstance(length, bool) or not isinstance(length, int) or not MIN_LENGTH <= length <= MAX_LENGTH:
        raise BadSettings(f"a share code is {MIN_LENGTH} to {MAX_LENGTH} characters long")
    value = int(fingerprint(maze), 16)
    top = value >> (256 - 5 * length)  # the first 5 * length bits, most significant first
    return "".join(ALPHABET[top >> (5 * (length - 1 - k)) & 31] for k in range(length))
