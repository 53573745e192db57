"""Eller's algorithm: one row at a time, keeping only which cells of the current row are already joined.

Each row first joins random neighbours that are in different sets (opening east walls), then every set
opens at least one wall south so that nothing is cut off; the last row joins every set still apart. The
memory is one row of set labels (with a union-find over them), which is why Eller can make endless mazes.
"""

import random

from server.maze.generators.grid import check_directions
from server.maze.walls import Walls

# A random byte below 128 is heads: exactly one half.
_HEADS = bytes(1 if value < 128 else 0 for value in range(256))


def carve(rows: int, cols: int, rng: random.Random, directions: int = 4) -> Walls:
    """Join sets across each row, carry every set down at least once, join the rest on the last row."""
    check_directions("eller", directions)
    size = rows * cols
    east = bytearray(size)
    south = bytearray(size)
    rand = rng.random
    parent = list(range(cols))  # union-find over set labels; a row's fresh cells take new labels
    labels = list(range(cols))
    for r in range(rows):
        row = r * cols
        last_row = r == rows - 1
        join = rng.randbytes(cols).translate(_HEADS) if not last_row else b"\x01" * cols
        roots = [0] * cols
        a = labels[0]
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        roots[0] = a
        for c in range(1, cols):
            b = labels[c]
            while parent[b] != b:
                parent[b] = b = parent[parent[b]]
            if a != b and join[c - 1]:
                east[row + c - 1] = 1
                parent[b] = a
                # cells left of c already in set b keep b as their label: the union-find finds a
            else:
                a = b
            roots[c] = a
        if last_row:
            break
        for c in range(cols):  # roots of earlier cells may have been merged since: settle them
            b = roots[c]
            while parent[b] != b:
                b = parent[b]
            roots[c] = b
        down = bytearray(rng.randbytes(cols).translate(_HEADS))
        groups: dict[int, list[int]] = {}
        for c in range(cols):
            members = groups.get(roots[c])
            if members is None:
                groups[roots[c]] = [c]
            else:
                members.append(c)
        for members in groups.values():
            if not any(down[c] for c in members):
                down[members[int(rand() * len(members))]] = 1
        south[row : row + cols] = down
        next_label = len(parent)
        for c in range(cols):
            if down[c]:
                labels[c] = roots[c]
            else:
                labels[c] = next_label
                parent.append(next_label)
                next_label += 1
    return Walls(east, south, bytearray(), bytearray())
