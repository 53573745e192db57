"""The 0/1 exchange forms of a maze (0 passage, 1 wall), as the original exercises draw them
(docs/origins.md).

4 directions: a (2R+1) x (2C+1) matrix, cell (r, c) at (2r+1, 2c+1) and the wall between two
cells at the entry between them. 8 directions: a (3R) x (3C) matrix where cell (r, c) is the
3 x 3 block centred on (3r+1, 3c+1); the centre is 0 and each of its 8 border entries is 0 exactly when
the passage that way is open, so the two blocks of a passage both show it and must agree.

The functions read and write raw passage arrays (`walls.Walls`), so `maze.Maze` can use them both ways.
"""

from collections.abc import Sequence

from server.errors import BadMaze
from server.maze.walls import MIN_SIDE, Walls, check_size, inner_sides, side_masks

# Where each mask bit (E, S, W, N, SE, SW, NW, NE) sits in a 3 x 3 block, as (row, column) in the block.
_BLOCK_SPOTS = ((1, 2), (2, 1), (1, 0), (0, 1), (2, 2), (2, 0), (0, 0), (0, 2))


def _block_lines(mask: int) -> tuple[str, str, str]:
    block = [["1", "1", "1"], ["1", "0", "1"], ["1", "1", "1"]]
    for bit, (r, c) in enumerate(_BLOCK_SPOTS):
        if mask >> bit & 1:
            block[r][c] = "0"
    top, middle, bottom = ("".join(line) for line in block)
    return top, middle, bottom


_BLOCKS = tuple(_block_lines(mask) for mask in range(256))
_MASK_OF_BLOCK = {"".join(lines): mask for mask, lines in enumerate(_BLOCKS)}
"""Each valid 3 x 3 block (its three lines joined) to its open-sides mask; a block not here is malformed."""
_FLAG_OF_BIT = tuple(bytes(mask >> bit & 1 for mask in range(256)) for bit in range(8))


def blocks_of(rows: int, cols: int, kinds: Sequence[bytes]) -> list[str]:
    """The (3R) x (3C) block form of an 8-direction maze's passage arrays."""
    masks = side_masks(kinds, cols)
    lines: list[str] = []
    for r in range(rows):
        row = [_BLOCKS[mask] for mask in masks[r * cols : (r + 1) * cols]]
        lines.extend("".join(block[part] for block in row) for part in range(3))
    return lines


def read_blocks(matrix: Sequence[str]) -> tuple[int, int, Walls]:
    """(rows, cols, walls) of the block form; refuses malformed blocks and passages the two blocks of a
    passage disagree about, or that leave the maze."""
    lines = _binary_lines(matrix)
    height, width = len(lines), len(lines[0])
    if height < 3 * MIN_SIDE or height % 3 or width < 3 * MIN_SIDE or width % 3:
        raise BadMaze("the 8-direction matrix needs 3R rows and 3C columns, at least 6 each")
    rows, cols = height // 3, width // 3
    check_size(rows, cols)
    masks = bytearray(rows * cols)
    for r in range(rows):
        top, middle, bottom = lines[3 * r : 3 * r + 3]
        for c in range(cols):
            span = slice(3 * c, 3 * c + 3)
            mask = _MASK_OF_BLOCK.get(top[span] + middle[span] + bottom[span])
            if mask is None:
                raise BadMaze(f"cell {[r, c]} is marked as a wall (its block's centre is 1)")
            masks[r * cols + c] = mask
    inside = inner_sides(rows * cols, cols, 8)
    if any(mask & ~within for mask, within in zip(masks, inside, strict=True)):
        raise BadMaze("the outer wall must be closed (a border block opens out of the maze)")
    walls = Walls(*(bytearray(masks.translate(_FLAG_OF_BIT[bit])) for bit in (0, 1, 4, 5)))
    agreed = side_masks(walls.kinds(), cols)
    if agreed != masks:
        index = next(i for i in range(len(masks)) if agreed[i] != masks[i])
        raise BadMaze(
            f"cell {list(divmod(index, cols))} and a neighbour disagree about a passage between them"
        )
    return rows, cols, walls


def grid_of(rows: int, cols: int, kinds: Sequence[bytes]) -> list[str]:
    """The (2R+1) x (2C+1) form of a 4-direction maze's east and south arrays."""
    east, south = kinds[0], kinds[1]
    border = "1" * (2 * cols + 1)
    lines = [border]
    for r in range(rows):
        base = r * cols
        cell_line = ["1"]
        wall_line = ["1"]
        for c in range(cols):
            cell_line.append("0")
            cell_line.append("0" if east[base + c] else "1")
            wall_line.append("0" if south[base + c] else "1")
            wall_line.append("1")
        lines.append("".join(cell_line))
        lines.append("".join(wall_line))
    return lines


def read_grid(matrix: Sequence[str]) -> tuple[int, int, Walls]:
    """(rows, cols, walls) of the (2R+1) x (2C+1) form; refuses ragged, non-binary or unwalled ones."""
    height = len(matrix)
    if height < 2 * MIN_SIDE + 1 or height % 2 == 0:
        raise BadMaze("the matrix needs an odd number of rows, at least 5")
    lines = _binary_lines(matrix)
    width = len(lines[0])
    if width < 2 * MIN_SIDE + 1 or width % 2 == 0:
        raise BadMaze("the matrix needs an odd number of columns, at least 5")
    if set(lines[0]) != {"1"} or set(lines[-1]) != {"1"}:
        raise BadMaze("the outer wall must be closed (top and bottom rows all 1)")
    if any(line[0] != "1" or line[-1] != "1" for line in lines):
        raise BadMaze("the outer wall must be closed (first and last columns all 1)")
    rows, cols = height // 2, width // 2
    check_size(rows, cols)
    walls = Walls.closed(rows * cols)
    east, south = walls.east, walls.south
    for r in range(rows):
        cell_line, wall_line = lines[2 * r + 1], lines[2 * r + 2]
        for c in range(cols):
            if cell_line[2 * c + 1] != "0":
                raise BadMaze(f"cell {[r, c]} is marked as a wall")
            east[r * cols + c] = cell_line[2 * c + 2] == "0"
            south[r * cols + c] = wall_line[2 * c + 1] == "0"
    return rows, cols, walls


def _binary_lines(matrix: Sequence[str]) -> list[str]:
    """The matrix's lines, checked to be strings of 0 and 1 of one length."""
    if isinstance(matrix, str) or not matrix or not isinstance(matrix[0], str):
        raise BadMaze("the matrix must be a list of strings of 0 and 1")
    width = len(matrix[0])
    for line in matrix:
        if not isinstance(line, str) or len(line) != width or line.strip("01"):
            raise BadMaze("every matrix row must be a string of 0 and 1 of the same length")
    return list(matrix)
