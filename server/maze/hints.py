"""Hints (the original exercise's help, docs/origins.md): a way on from where the player stands, without
backing up.

The search starts at the player's cell with every other trail cell blocked. When it fails, the hint
names `back_to`: the nearest trail cell, walking back, from which a way to the exit exists that does not
cross the rest of the trail, so the player knows how far to back up.

A hint is asked for as a `HintJob` and answered by `solve`: the job holds everything the search needs in
a few compact fields (no `Maze`), and the answer keeps its cell lists packed (`PackedCells`), so the
server can send the job to a worker process and put the answer on the wire without converting a cell.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from server.errors import GameError
from server.maze.hint_answer import Hint
from server.maze.model import Cell, Maze
from server.maze.solvers import SEARCH_METHODS, CellGraph, search_cells
from server.maze.tree_hints import TreeIndex, tree_back_up, tree_of, tree_search
from server.maze.walls import opening_steps, side_masks
from server.maze.wire import PackedCells

HINT_METHODS: tuple[str, ...] = (*SEARCH_METHODS, "random")


@dataclass(frozen=True)
class HintJob:
    """One hint's search, complete: the maze's graph, the trail (entrance first, the player's cell
    last), the search to run (dfs, dfs-recursive, bfs or astar) and whether to record the explored order."""

    graph: CellGraph
    trail: PackedCells
    method: str
    record_order: bool
    frontier: bytes | None = None
    """In a fog race: the graph holds only the passages between cells the asker has seen, and this says,
    for each seen cell, 1 + the side (bit number) of an open passage into an unseen cell (0 for none),
    so that a hint with no known way out can say where to explore (`fog_job`)."""

    @classmethod
    def of(cls, maze: Maze, trail: Sequence[Cell], method: str, record_order: bool = False) -> "HintJob":
        """The job for a player on `trail` in `maze`; refuses an empty trail or an unknown search."""
        if not trail:
            raise GameError("a hint needs the player's trail", code="bad_payload")
        if method not in SEARCH_METHODS:
            raise GameError(f"hint method must be one of {', '.join(HINT_METHODS)}", code="bad_method")
        cols = maze.cols
        cells = PackedCells.pack((r * cols + c for r, c in trail), maze.size, cols)
        return cls(CellGraph.of(maze), cells, method, record_order)


def fog_job(maze: Maze, trail: Sequence[Cell], seen: bytes | bytearray, method: str, record: bool) -> HintJob:
    """The job of a fog racer's hint: only what they have seen is searched.

    Whole-array integer arithmetic keeps a passage when both its cells are seen (a flag byte is 0 or 1,
    so AND of the arrays read as big integers is AND per cell), as `walls.side_masks` does for the masks.
    """
    job = HintJob.of(maze, trail, method, record)
    size, cols = maze.size, maze.cols
    seen_int = int.from_bytes(seen, "big")
    kept = []
    for flags, offset in zip(maze.kinds(), (1, cols, cols + 1, cols - 1), strict=False):
        beyond = int.from_bytes(bytes(seen[offset:]) + bytes(offset), "big")  # seen[i + offset] at i
        kept.append((int.from_bytes(flags, "big") & seen_int & beyond).to_bytes(size, "big"))
    known = side_masks(kept, cols)
    unknown_sides = (int.from_bytes(maze.open_sides, "big") ^ int.from_bytes(known, "big")) & (seen_int * 255)
    frontier = bytearray(unknown_sides.to_bytes(size, "big")).translate(_LOWEST_SIDE)
    graph = CellGraph(cols, known, job.graph.exit, maze.directions)
    return HintJob(graph, job.trail, job.method, record, bytes(frontier))


_LOWEST_SIDE = bytes((mask & -mask).bit_length() for mask in range(256))
"""For an open-sides mask, 1 + the number of its lowest set bit (0 for none)."""


def choose_method(method: str, rng: random.Random) -> str:
    """The search to run for a requested hint method; `random` is dfs or bfs, drawn from `rng`."""
    if method == "random":
        return "dfs" if rng.random() < 0.5 else "bfs"
    if method not in SEARCH_METHODS:
        raise GameError(f"hint method must be one of {', '.join(HINT_METHODS)}", code="bad_method")
    return method


def hint(
    maze: Maze,
    trail: Sequence[Cell],
    method: str,
    rng: random.Random,
    record_order: bool = False,
) -> Hint:
    """Search from the trail's last cell with the rest of the trail blocked; say where to back up to."""
    return way_on(maze, trail, choose_method(method, rng), record_order)


def way_on(maze: Maze, trail: Sequence[Cell], search_method: str, record_order: bool = False) -> Hint:
    """`hint` with the search already chosen (one of SEARCH_METHODS), reading the maze's tree if any."""
    return solve(HintJob.of(maze, trail, search_method, record_order), tree_of(maze))


TREE_METHODS = frozenset({"dfs", "bfs"})
"""The searches a maze's tree answers without searching."""


def solve(job: HintJob, tree: TreeIndex | None = None) -> Hint:
    """Answer a hint job: pure and self-contained, so it runs in any process.

    Given the maze's `tree` (a perfect maze), dfs and bfs answers, and where to back up to, are read off
    it (`tree_hints`), exactly as the searches would find them, in microseconds; everything else is
    searched.
    """
    graph, cols, size = job.graph, job.graph.cols, job.graph.size
    trail = job.trail.indices()
    here, start = trail[-1], divmod(trail[-1], cols)
    if tree is not None and (
        job.frontier is not None or tree.root != trail[0] or not tree.holds_trail(trail)
    ):
        tree = None  # a fog racer's graph is not the maze's tree
    read = tree_search(tree, job.method, here, graph.exit) if tree is not None else None
    if read is not None:
        path = PackedCells(read.path, cols, 2) if read.path is not None else None
        order = PackedCells(read.order, cols, 2) if job.record_order else None
        explored = read.explored
    else:
        result = search_cells(graph, job.method, here, trail[:-1], job.record_order)
        path = PackedCells.pack(result.path, size, cols) if result.path is not None else None
        order = PackedCells.pack(result.order, size, cols) if result.order is not None else None
        explored = result.explored
    if path is not None:
        return Hint(job.method, start, explored, path, order, None)
    back = tree_back_up(tree, trail, graph.exit) if tree is not None else _back_up(graph, trail)
    back_cells = PackedCells.pack(reversed(trail[back:]), size, cols) if back is not None else None
    explore = None
    if back is None and job.frontier is not None:
        route = _to_frontier(graph, job.frontier, here)
        explore = PackedCells.pack(route, size, cols) if route is not None else None
    return Hint(job.method, start, explored, None, order, back_cells, explore)


def _to_frontier(graph: CellGraph, frontier: bytes, here: int) -> list[int] | None:
    """The shortest way through known passages from `here` to a seen cell with an open passage into an
    unseen one, and that one step on; None when everything reachable is seen (the exit then is not
    reachable, which a solvable maze rules out)."""
    open_sides, steps = graph.open_sides, graph.steps
    parent = {here: here}
    queue = [here]
    for cell in queue:
        if frontier[cell]:
            route = [cell + opening_steps(graph.cols)[1 << (frontier[cell] - 1)][0], cell]
            while route[-1] != here:
                route.append(parent[route[-1]])
            route.reverse()
            return route
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if neighbour not in parent:
                parent[neighbour] = cell
                queue.append(neighbour)
    return None


def back_up_index(maze: Maze, trail: Sequence[Cell]) -> int | None:
    """Index of the nearest trail cell (walking back) with a way on once the player backs up to it."""
    return _back_up(CellGraph.of(maze), [maze.index(cell) for cell in trail])


def _back_up(graph: CellGraph, trail: Sequence[int]) -> int | None:
    """`back_up_index` on flat indices.

    Backing up to trail cell k unblocks the cells after it, so k has a way on exactly when it touches the
    set of cells that reach the exit without crossing the trail. One BFS from the exit finds that set;
    then the trail is walked back once. (Cells after k cannot touch the set, or they would have been
    found first, so unblocking them does not grow it.)
    """
    open_sides, steps = graph.open_sides, graph.steps
    reaches_exit = bytearray(graph.size)
    on_trail = bytearray(graph.size)
    for cell in trail:
        on_trail[cell] = 1
    goal = graph.exit
    if on_trail[goal]:  # standing on the exit is a way on; the cells after it have it blocked
        return max(k for k, cell in enumerate(trail) if cell == goal)
    reaches_exit[goal] = 1
    queue = [goal]
    for cell in queue:
        for step in steps[open_sides[cell]]:
            neighbour = cell + step
            if not reaches_exit[neighbour] and not on_trail[neighbour]:
                reaches_exit[neighbour] = 1
                queue.append(neighbour)
    for k in range(len(trail) - 1, -1, -1):
        cell = trail[k]
        if any(reaches_exit[cell + step] for step in steps[open_sides[cell]]):
            return k
    return None
