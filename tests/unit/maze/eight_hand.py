"""What the 8-direction tests share: a hand-drawn maze (2 x 3 cells, one pair of crossing diagonals) in
its 3 x 3 block matrix, that matrix with one entry changed, and the grid where every cell has 8
neighbours."""

import networkx as nx

from server.maze.model import Maze

# 2 x 3 cells, a spanning tree with one pair of crossing diagonals between columns 1 and 2:
#
#   (0,0) - (0,1)   (0,2)          passages: (0,0)-(0,1) east     (0,0)-(1,0) south
#     |          \ /                         (0,1)-(1,2) southeast (0,2)-(1,1) southwest (they cross)
#     |           X                          (1,1)-(1,2) east
#     |          / \
#   (1,0)   (1,1) - (1,2)
#
# Each cell is a 3 x 3 block, centre 0; a border entry is 0 where the passage that way is open.
HAND = (
    "111111111",
    "100001101",
    "101110011",
    "101110011",
    "101100001",
    "111111111",
)
HAND_ENTRANCE, HAND_EXIT = (0, 0), (0, 2)


def hand() -> Maze:
    return Maze.from_matrix(HAND, HAND_ENTRANCE, HAND_EXIT, directions=8)


def edited(line: int, column: int, value: str, lines: tuple[str, ...] = HAND) -> list[str]:
    """HAND with one entry changed."""
    changed = list(lines)
    changed[line] = changed[line][:column] + value + changed[line][column + 1 :]
    return changed


def king_graph(rows: int, cols: int) -> nx.Graph:
    """Every cell joined to its 8 neighbours."""
    g = nx.grid_2d_graph(rows, cols)
    g.add_edges_from(((r, c), (r + 1, c + 1)) for r in range(rows - 1) for c in range(cols - 1))
    g.add_edges_from(((r, c), (r + 1, c - 1)) for r in range(rows - 1) for c in range(1, cols))
    return g
