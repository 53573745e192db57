"""Hints in perfect mazes read off the maze's tree instead of searched: the same answers, in microseconds.

A perfect maze (every generator but classic, without braid) is a tree, and a trail, which never holds a
cell twice, is then the tree path from the entrance to the player. Blocking it leaves the player exactly
their subtree (the maze rooted at the entrance), so:

- the way on exists when the exit is in that subtree, and is the tree path down to it;
- depth-first search (children east, south, west, north, as `solvers._dfs` pushes them) expands the
  subtree in preorder: a contiguous run of the maze's preorder, cut after the exit;
- breadth-first search expands it level by level, and within a level in preorder (a FIFO queue keeps
  the order of the parents, then of the children): the maze's own breadth-first order from the
  entrance, from the player on, keeping the subtree's cells;
- stuck, the cell to back up to is the deepest trail cell that is an ancestor of the exit.

One pass over the maze (`TreeIndex.of`, cached per maze and entrance) makes that readable for every
hint of the race. A* keeps its real search (its heap order has no such shortcut). The unit tests check
every answer against the real searches.
"""

import array
import bisect
import itertools
import sys
import weakref
from dataclasses import dataclass

from server.maze.model import SIDE_COUNT, Maze
from server.maze.solvers import CellGraph

MAX_ROOMS = 1 << 16
"""Larger mazes (only the maze tools make them) are searched: keys pack cells into 16 bits."""
LITTLE_ENDIAN = sys.byteorder == "little"


@dataclass(frozen=True)
class TreeIndex:
    """A perfect maze rooted at its entrance: parents, preorder, subtree sizes, depths, level order."""

    root: int
    parent: array.array  # type: ignore[type-arg]
    """Each cell's parent cell (the root's is -1)."""
    position: array.array  # type: ignore[type-arg]
    """Each cell's place in the preorder."""
    subtree: array.array  # type: ignore[type-arg]
    """Each cell's subtree size."""
    depth: array.array  # type: ignore[type-arg]
    deepest: array.array  # type: ignore[type-arg]
    """The depth of the deepest cell in each cell's subtree."""
    preorder: array.array  # type: ignore[type-arg]
    """The cells in preorder (uint16)."""
    level_order: array.array  # type: ignore[type-arg]
    """Preorder positions of the cells in breadth-first order from the root (by depth, then preorder)."""
    level_cells: array.array  # type: ignore[type-arg]
    """The cells in that order (uint16)."""
    level_place: array.array  # type: ignore[type-arg]
    """Each cell's place in `level_order`."""
    level_end: array.array  # type: ignore[type-arg]
    """For each depth, the place in `level_order` after its last cell."""
    exit_path: bytes
    """The tree path from the root to the exit, packed as little-endian uint16."""

    @staticmethod
    def of(graph: CellGraph, root: int) -> "TreeIndex | None":
        """The index of a perfect maze of at most MAX_ROOMS cells; None for any other maze."""
        size = graph.size
        if (
            not LITTLE_ENDIAN
            or size > MAX_ROOMS
            or sum(graph.open_sides.translate(SIDE_COUNT)) != 2 * (size - 1)
        ):
            return None  # a connected maze is a tree exactly when it has size - 1 passages
        open_sides, steps = graph.open_sides, graph.steps
        parent = array.array("i", [-1]) * size
        depth = array.array("I", [0]) * size
        queue = [root]  # breadth-first from the root: parents and depths, cells by depth
        for cell in queue:
            up, below = parent[cell], depth[cell] + 1
            for step in steps[open_sides[cell]]:
                child = cell + step
                if child != up:
                    if len(queue) == size:
                        return None  # a loop: not a tree after all (then it is not connected)
                    parent[child] = cell
                    depth[child] = below
                    queue.append(child)
        if len(queue) != size:
            return None
        order: list[int] = []
        stack = [root]
        while stack:  # preorder, children east, south, west, north
            cell = stack.pop()
            order.append(cell)
            up = parent[cell]
            stack.extend(child for step in reversed(steps[open_sides[cell]]) if (child := cell + step) != up)
        position = array.array("I", [0]) * size
        for place, cell in enumerate(order):
            position[cell] = place
        subtree = array.array("I", [1]) * size
        deepest = array.array("I", depth)
        for cell in reversed(order[1:]):
            up = parent[cell]
            subtree[up] += subtree[cell]
            deepest[up] = max(deepest[up], deepest[cell])
        # A FIFO queue keeps the parents' order, and a cell's children come in preorder: breadth-first
        # order is by depth, then preorder, so each subtree's cells are a run within every level.
        level_place = array.array("I", [0]) * size
        level_end = array.array("I", [0]) * (depth[queue[-1]] + 1)
        for place, cell in enumerate(queue):
            level_place[cell] = place
            level_end[depth[cell]] = place + 1
        path = [graph.exit]
        while path[-1] != root:
            path.append(parent[path[-1]])
        path.reverse()
        return TreeIndex(
            root, parent, position, subtree, depth, deepest, array.array("H", order),
            array.array("H", (position[cell] for cell in queue)), array.array("H", queue),
            level_place, level_end, array.array("H", path).tobytes(),
        )  # fmt: skip

    def holds_trail(self, trail: list[int]) -> bool:
        """Whether `trail` is the tree path from the root down to its last cell (every game trail is)."""
        parent = self.parent
        return trail[0] == self.root and all(parent[b] == a for a, b in itertools.pairwise(trail))

    def leads_to(self, cell: int, target: int) -> bool:
        """Whether `target` is in the subtree of `cell`."""
        start: int = self.position[cell]
        return bool(start <= self.position[target] < start + self.subtree[cell])


@dataclass(frozen=True)
class TreeSearch:
    """A search answered from the tree: packed path (or None), explored count, packed order."""

    path: bytes | None
    explored: int
    order: bytes


_INDEXES: "weakref.WeakKeyDictionary[Maze, TreeIndex | None]" = weakref.WeakKeyDictionary()
"""Each live maze's index (or None: not a tree), kept as long as the maze is."""


def tree_of(maze: Maze) -> TreeIndex | None:
    """The maze's tree rooted at its entrance, built on first use (a 150 x 150 maze takes up to 0.2 s,
    so the server builds it with the maze, off the event loop) and kept while the maze lives."""
    try:
        return _INDEXES[maze]
    except KeyError:
        pass
    index = TreeIndex.of(CellGraph.of(maze), maze.index(maze.entrance))
    _INDEXES[maze] = index
    return index


def keep_tree(maze: Maze, tree: TreeIndex | None) -> None:
    """Keep `tree` as `maze`'s (built elsewhere, such as in the worker process that made the maze)."""
    _INDEXES[maze] = tree


def built_tree(maze: Maze) -> TreeIndex | None:
    """The maze's tree if it is built already (never builds: for the event loop)."""
    return _INDEXES.get(maze)


def tree_search(tree: TreeIndex, method: str, here: int, goal: int) -> TreeSearch | None:
    """What `solvers.search_cells(method)` finds from `here` with the tree path to it blocked, for dfs
    and bfs; None for other methods."""
    start = tree.position[here]
    end = start + tree.subtree[here]
    found = tree.leads_to(here, goal)
    path = tree.exit_path[2 * tree.depth[here] :] if found else None
    if method == "dfs":
        stop = tree.position[goal] + 1 if found else end
        return TreeSearch(path, stop - start, tree.preorder[start:stop].tobytes())
    if method == "bfs":
        # The subtree's cells are one run within each level of the level order: two bisections a level.
        order, cells = tree.level_order, tree.level_cells
        level_end, first = tree.level_end, tree.depth[here]
        last = tree.depth[goal] if found else tree.deepest[here]
        taken = array.array("H")
        for level in range(first, last + 1):
            begin, stop = level_end[level - 1] if level else 0, level_end[level]
            i = bisect.bisect_left(order, start, begin, stop)
            j = (
                tree.level_place[goal] + 1
                if found and level == last
                else bisect.bisect_left(order, end, i, stop)
            )
            taken.extend(cells[i:j])
        return TreeSearch(path, len(taken), taken.tobytes())
    return None


def tree_back_up(tree: TreeIndex, trail: list[int], goal: int) -> int | None:
    """`hints.back_up_index` in a tree: the deepest trail cell with the exit in its subtree."""
    for k in range(len(trail) - 1, -1, -1):
        if tree.leads_to(trail[k], goal):
            return k
    return None
