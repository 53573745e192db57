"""Shared helpers for the unit tests: Hypothesis strategies, a networkx oracle and path checks.

networkx is only a test oracle here: the game core never imports it.
"""

import itertools
import random
from collections.abc import Iterable, Sequence

import networkx as nx
from hypothesis import strategies as st

from server.maze.directions import Direction
from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import ALGORITHMS, BIASES, DEFAULT_BIAS, EIGHT_DIRECTION_ALGORITHMS, PERFECT
from server.maze.model import Cell, Maze
from server.maze.moves import apply_move
from server.maze.openings import OPENINGS
from server.maze.trail import Trail
from server.maze.walls import DIRECTION_COUNTS, Walls

SIDES = st.integers(min_value=2, max_value=12)
SEEDS = st.integers(min_value=0, max_value=MAX_SEED)
BRAIDS = st.one_of(st.sampled_from([0.0, 0.5, 1.0]), st.floats(min_value=0.0, max_value=1.0))


@st.composite
def specs(
    draw: st.DrawFn,
    algorithms: Sequence[str] = ALGORITHMS,
    braids: st.SearchStrategy[float] = BRAIDS,
    openings: Sequence[str] = OPENINGS,
    sides: st.SearchStrategy[int] = SIDES,
    directions: Sequence[int] = DIRECTION_COUNTS,
) -> MazeSpec:
    """A full maze description: any algorithm (growing-tree with any bias), rectangular sizes, braid,
    openings, and 4 or 8 directions where the algorithm has both."""
    algorithm = draw(st.sampled_from(algorithms))
    topologies = [count for count in directions if count == 4 or algorithm in EIGHT_DIRECTION_ALGORITHMS]
    return MazeSpec(
        algorithm=algorithm,
        rows=draw(sides),
        cols=draw(sides),
        seed=draw(SEEDS),
        braid=draw(braids),
        openings=draw(st.sampled_from(openings)),
        bias=draw(st.sampled_from(BIASES)) if algorithm == "growing-tree" else DEFAULT_BIAS,
        directions=draw(st.sampled_from(topologies)),
    )


perfect_specs = specs(algorithms=tuple(PERFECT), braids=st.just(0.0))
looped_specs = specs(algorithms=("classic", *PERFECT), braids=st.sampled_from([0.5, 1.0]))


def mazes(spec_strategy: st.SearchStrategy[MazeSpec] | None = None) -> st.SearchStrategy[Maze]:
    """Generated mazes from specs."""
    return (specs() if spec_strategy is None else spec_strategy).map(generate)


def graph(maze: Maze, blocked: Iterable[Cell] = ()) -> nx.Graph:
    """The maze's rooms and open walls as a networkx graph, read from `is_open` (diagonal passages too),
    minus `blocked` rooms."""
    g = nx.Graph()
    cells = [(r, c) for r in range(maze.rows) for c in range(maze.cols)]
    g.add_nodes_from(cells)
    for r, c in cells:
        for other in ((r, c + 1), (r + 1, c), (r + 1, c + 1), (r + 1, c - 1)):
            if maze.is_open((r, c), other):
                g.add_edge((r, c), other)
    g.remove_nodes_from([tuple(cell) for cell in blocked])
    return g


def oracle_distance(maze: Maze, start: Cell, blocked: Iterable[Cell] = ()) -> int | None:
    """Shortest number of steps from `start` to the exit avoiding `blocked`, by networkx; None if none."""
    g = graph(maze, [cell for cell in blocked if tuple(cell) != tuple(start)])
    if maze.exit not in g:
        return None
    try:
        return int(nx.shortest_path_length(g, tuple(start), maze.exit))
    except nx.NetworkXNoPath:
        return None


def assert_valid_path(
    maze: Maze, path: Sequence[Cell] | None, start: Cell, blocked: Iterable[Cell] = ()
) -> None:
    """`path` runs from `start` to the exit through open walls, without repeats or blocked rooms."""
    assert path is not None
    assert path[0] == tuple(start)
    assert path[-1] == maze.exit
    assert len(set(path)) == len(path), "a room is repeated"
    for a, b in itertools.pairwise(path):
        assert maze.is_open(a, b), f"{a} -> {b} is not an open step"
    forbidden = {tuple(cell) for cell in blocked} - {tuple(start)}
    assert not forbidden & set(path), "the path enters a blocked room"


def brute_back_to(maze: Maze, trail: Sequence[Cell]) -> int | None:
    """The hint rule by brute force: walking back from the end, the first trail index k from which the
    exit can be reached with trail[:k] blocked; None when there is none."""
    for k in range(len(trail) - 1, -1, -1):
        g = graph(maze, trail[:k])
        if maze.exit in g and nx.has_path(g, trail[k], maze.exit):
            return k
    return None


def random_trail(maze: Maze, rng: random.Random, steps: int, stop_at_exit: bool = True) -> Trail:
    """A trail from random legal moves from the entrance (popping and cutting as a player would)."""
    trail = Trail([maze.entrance])
    for _ in range(steps):
        if stop_at_exit and trail.current == maze.exit:
            break
        here = trail.current
        options = [d for d in Direction if maze.is_open(here, d.step(here))]
        if not options:
            break
        apply_move(maze, trail, rng.choice(options))
    return trail


def open_maze(
    rows: int, cols: int, entrance: Cell = (0, 0), exit: Cell | None = None, directions: int = 4
) -> Maze:
    """A maze with every inner wall open (lots of loops), diagonals too in 8 directions."""
    walls = Walls.closed(rows * cols, directions)
    for flags in walls.kinds():
        flags[:] = b"\x01" * (rows * cols)
    walls.close_outer_walls(cols)
    return Maze.from_walls(rows, cols, walls, entrance, exit or (rows - 1, cols - 1))


def serpentine(rows: int, cols: int) -> Maze:
    """A one-corridor maze snaking left to right, then right to left, row by row; exit bottom-right."""
    east = bytearray(b"\x01") * (rows * cols)
    east[cols - 1 :: cols] = bytes(rows)
    south = bytearray(rows * cols)
    for r in range(rows - 1):
        south[r * cols + (cols - 1 if r % 2 == 0 else 0)] = 1
    return Maze(rows, cols, bytes(east), bytes(south), (0, 0), (rows - 1, cols - 1))


# A 3 x 3 maze with one loop round the middle, for the trail's cut rule and for hints that must back up:
#   (0,0) - (0,1)   (0,2)
#     |       |       |
#   (1,0) - (1,1) - (1,2)
#     |               |
#   (2,0) - (2,1)   (2,2)
LOOP = (
    "1111111",
    "1000101",
    "1010101",
    "1000001",
    "1011101",
    "1000101",
    "1111111",
)


def oracle_bottlenecks(maze: Maze) -> set[Cell]:
    """Articulation points of the entrance's component whose removal cuts the entrance from the exit."""
    g = graph(maze)
    s, t = maze.entrance, maze.exit
    part = g.subgraph(nx.node_connected_component(g, s))
    return {
        cell
        for cell in nx.articulation_points(part)
        if cell not in (s, t) and not nx.has_path(part.subgraph(set(part) - {cell}), s, t)
    }
