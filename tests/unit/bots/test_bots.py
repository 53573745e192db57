"""The bots' brains (server/bots): every kind finishes every generator's mazes within the move cap,
stepping only through open passages; under fog they read nothing they have not seen; their state survives
a JSON round trip mid-race; equal seeds make equal races; the host's bot request is checked.

The races are driven here as a room will drive them: build the sight, ask for a step, apply it, and under
fog reveal what the new cell shows (`reveal`). Races never time anything (speed is for tests/bench/bots.py).
"""

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx
import pytest

from server.bots import (
    BOT_KINDS,
    BadBotState,
    Bot,
    FogSight,
    FullSight,
    Sight,
    UnknownCell,
    bot_from_json,
    bot_name,
    make_bot,
    reveal,
)
from server.bots.common import pack_bytes, pack_cells
from server.bots.wall import WallBot
from server.errors import BadSettings
from server.maze.distances import distances_to_exit
from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS, PERFECT
from server.maze.model import Cell, Maze
from server.room.bot_spec import MAX_SPEED, BotSpec
from server.room.racelog import move_cap
from server.room.settings import WHOLE_BOUNDS

LONGEST_RACE = WHOLE_BOUNDS["time_limit"][1]
"""The move cap the tests hold bots to is that of the longest race a room allows (3600 s): at 100 x 100
that is 20,000 moves, and any explorer may need up to 2 * (cells - 1) of them in a perfect maze. A 600 s
race allows 12,010; tests/bench/bots.py prints how many races would need more."""

FOG_KINDS = ("dfs", "wall", "tremaux", "bfs")
"""The kinds that explore under fog (the `shortest` bot is given the whole maze by design)."""


def combinations(sizes: Sequence[int], braids: Sequence[float] = (0.0, 1.0)) -> list[MazeSpec]:
    """One maze spec per generator, size, braid and topology the generator has."""
    return [
        MazeSpec(algorithm, size, size, seed=size * 7 + 1, braid=braid, directions=directions)
        for size in sizes
        for algorithm in ALGORITHMS
        for directions in (4, 8)
        if directions == 4 or algorithm in EIGHT_DIRECTION_ALGORITHMS
        for braid in braids
    ]


def spec_id(spec: MazeSpec) -> str:
    return f"{spec.algorithm}-{spec.rows}-{spec.directions}d-braid{spec.braid:g}"


@functools.lru_cache(maxsize=256)
def maze_of(spec: MazeSpec) -> tuple[Maze, tuple[int, ...]]:
    maze = generate(spec)
    return maze, tuple(distances_to_exit(maze))


class Watched:
    """A maze as `FogSight` reads it, which fails the test if the passages of a cell the racer has not seen
    are ever asked for (the sight's own `UnknownCell` check is the bot's guard; this one guards the sight)."""

    def __init__(self, maze: Maze, seen: bytearray) -> None:
        self.maze, self.seen = maze, seen
        self.cols, self.size, self.directions, self.exit = maze.cols, maze.size, maze.directions, maze.exit

    def index(self, cell: Cell) -> int:
        return self.maze.index(cell)

    def neighbours(self, index: int) -> tuple[int, ...]:
        if not self.seen[index]:
            raise AssertionError(f"the passages of unseen cell {self.maze.cell(index)} were read")
        return self.maze.neighbours(index)


@dataclass
class Racer:
    """A bot racing one maze, as a room drives it; `path` is every cell it stood on, the entrance first."""

    maze: Maze
    distances: Sequence[int]
    bot: Bot
    vision: int | None = None
    exit_shown: bool = True

    def __post_init__(self) -> None:
        self.path: list[Cell] = [self.maze.entrance]
        self.seen = bytearray(self.maze.size)
        if self.vision is not None:
            reveal(self.maze, self.seen, self.maze.entrance, self.vision)

    @property
    def moves(self) -> int:
        return len(self.path) - 1

    def sight(self) -> Sight:
        here = self.path[-1]
        if self.vision is None or self.bot.kind == "shortest":  # as the room does: it knows the maze
            return FullSight(self.maze, here, self.distances)
        return FogSight(Watched(self.maze, self.seen), self.seen, here, exit_shown=self.exit_shown)

    def step(self) -> None:
        here = self.path[-1]
        step = self.bot.next_step(self.sight())
        assert step is not None, f"{self.bot.kind} bot gave up at {here} after {self.moves} moves"
        assert self.maze.is_open(here, step), f"{self.bot.kind} bot walked through a wall {here} -> {step}"
        self.path.append(step)
        if self.vision is not None:
            reveal(self.maze, self.seen, step, self.vision)

    def run(self, limit: int) -> "Racer":
        """Step until the exit, failing past `limit` moves."""
        while self.path[-1] != self.maze.exit:
            assert self.moves < limit, f"{self.bot.kind} bot is still racing after {limit} moves"
            self.step()
        return self


def race(
    spec: MazeSpec, kind: str, vision: int | None = None, seed: int = 5, exit_shown: bool = True
) -> Racer:
    maze, distances = maze_of(spec)
    racer = Racer(maze, distances, make_bot(kind, seed), vision, exit_shown)
    return racer.run(move_cap(spec.rows, spec.cols, LONGEST_RACE))


def check_bounds(racer: Racer) -> None:
    """What each strategy promises about its length, whatever the maze."""
    maze, kind, moves = racer.maze, racer.bot.kind, racer.moves
    if kind in ("dfs", "bfs") or (kind == "wall" and maze.open_wall_count() == maze.size - 1):
        assert moves <= 2 * (maze.size - 1)
    if kind == "tremaux":
        assert moves <= 2 * maze.open_wall_count()
    if kind == "shortest" and racer.vision is None:
        assert moves == racer.distances[maze.index(maze.entrance)]


# ----- every kind finishes every maze --------------------------------------------------------------------


@pytest.mark.parametrize("kind", BOT_KINDS)
@pytest.mark.parametrize("spec", combinations((10, 50)), ids=spec_id)
def test_every_kind_finishes_every_maze(spec: MazeSpec, kind: str) -> None:
    check_bounds(race(spec, kind))


def big_rotation() -> list[tuple[MazeSpec, str]]:
    """At 100 x 100, every kind races every generator once, the form (perfect or braided, 4 or 8
    directions) turning with the kind, so each kind meets every form and each generator several: all
    combinations would add about a minute (tests/bench/bots.py races them all)."""
    races = []
    for number, algorithm in enumerate(ALGORITHMS):
        forms = [spec for spec in combinations((100,)) if spec.algorithm == algorithm]
        races += [(forms[(number + k) % len(forms)], kind) for k, kind in enumerate(BOT_KINDS)]
    return races


@pytest.mark.parametrize(
    ("spec", "kind"), big_rotation(), ids=[f"{spec_id(s)}-{k}" for s, k in big_rotation()]
)
def test_every_kind_finishes_big_mazes(spec: MazeSpec, kind: str) -> None:
    check_bounds(race(spec, kind))


@pytest.mark.parametrize("kind", FOG_KINDS)
@pytest.mark.parametrize("vision", [1, 3])
@pytest.mark.parametrize("spec", combinations((10, 50)), ids=spec_id)
def test_explorers_finish_under_fog_reading_only_what_they_saw(
    spec: MazeSpec, vision: int, kind: str
) -> None:
    check_bounds(race(spec, kind, vision))


@pytest.mark.parametrize("kind", FOG_KINDS)
@pytest.mark.parametrize("vision", [1, 3])
@pytest.mark.parametrize(
    "spec",
    [
        MazeSpec("backtracker", 100, 100, seed=3),
        MazeSpec("kruskal", 100, 100, seed=3, braid=1.0, directions=8),
        MazeSpec("wilson", 100, 100, seed=3, braid=0.5),
    ],
    ids=spec_id,
)
def test_explorers_finish_big_mazes_under_fog(spec: MazeSpec, vision: int, kind: str) -> None:
    check_bounds(race(spec, kind, vision))


@pytest.mark.parametrize("kind", FOG_KINDS)
@pytest.mark.parametrize("spec", combinations((10,)), ids=spec_id)
def test_explorers_find_an_exit_they_are_not_shown(spec: MazeSpec, kind: str) -> None:
    """With the exit hidden until seen they search in the seed's direction order alone."""
    check_bounds(race(spec, kind, vision=1, exit_shown=False))


def test_shortest_bot_walks_a_shortest_path_in_eight_directions() -> None:
    spec = MazeSpec("prim", 30, 30, seed=2, braid=1.0, directions=8)
    racer = race(spec, "shortest")
    assert racer.moves == racer.distances[racer.maze.index(racer.maze.entrance)]


# ----- what each strategy does ---------------------------------------------------------------------------


def test_dfs_bot_probes_pushes_and_pops_like_a_stack() -> None:
    """Every move enters a cell it never stood on, or steps back to the cell it came from."""
    racer = race(MazeSpec("wilson", 30, 30, seed=4, braid=0.5), "dfs", vision=1)
    stack: list[Cell] = [racer.path[0]]
    visited = {racer.path[0]}
    for cell in racer.path[1:]:
        if cell in visited:
            assert len(stack) > 1
            assert cell == stack[-2], f"dfs stepped to {cell}, neither new nor back"
            stack.pop()
        else:
            stack.append(cell)
            visited.add(cell)


def test_tremaux_bot_walks_no_passage_more_than_twice() -> None:
    racer = race(MazeSpec("classic", 30, 30, seed=4, directions=8), "tremaux", vision=1, exit_shown=False)
    walked: dict[frozenset[Cell], int] = {}
    for a, b in zip(racer.path, racer.path[1:], strict=False):
        walked[frozenset((a, b))] = walked.get(frozenset((a, b)), 0) + 1
    assert max(walked.values()) <= 2
    assert any(count == 2 for count in walked.values())


def test_bfs_bot_walks_each_time_to_a_nearest_room_it_has_not_stood_on() -> None:
    """Checked against networkx: from each new cell, the next new cell is at the smallest distance of
    any cell not yet stood on, and the bot walks straight there."""
    spec = MazeSpec("kruskal", 20, 20, seed=6, braid=1.0)
    racer = race(spec, "bfs")
    maze = racer.maze
    graph = nx.Graph((maze.cell(i), maze.cell(j)) for i in range(maze.size) for j in maze.neighbours(i))
    visited = {racer.path[0]}
    origin = 0
    for at, cell in enumerate(racer.path):
        if cell in visited:
            continue
        lengths = nx.single_source_shortest_path_length(graph, racer.path[origin])
        nearest = min(length for cell, length in lengths.items() if cell not in visited)
        assert at - origin == lengths[cell] == nearest
        visited.add(cell)
        origin = at


def test_wall_bot_keeps_its_hand_on_the_outer_wall_in_four_directions() -> None:
    """In a 4-direction maze the walls are a plane drawing: the right hand never comes round in a circle."""
    for spec in combinations((10, 30)):
        if spec.directions == 4:
            racer = race(spec, "wall")
            assert isinstance(racer.bot, WallBot)
            assert not racer.bot.fell_back, spec_id(spec)


def test_wall_bot_that_walks_in_a_circle_finishes_by_tremaux() -> None:
    """Crossing diagonals with loops can send the right hand round an island for ever: the bot notices
    (the same cell with the same heading twice) and finishes by Trémaux's rule."""
    fell_back = []
    for seed in range(12):
        racer = race(MazeSpec("backtracker", 20, 20, seed=seed, braid=1.0, directions=8), "wall", seed=seed)
        assert isinstance(racer.bot, WallBot)
        fell_back.append(racer.bot.fell_back)
    assert any(fell_back), "no maze here sends the right hand round in a circle any more"


def test_explorers_step_into_the_exit_when_it_opens_beside_them() -> None:
    spec = MazeSpec("backtracker", 10, 10, seed=1)
    maze, distances = maze_of(spec)
    beside = maze.cell(maze.neighbours(maze.index(maze.exit))[0])
    for kind in BOT_KINDS:
        assert make_bot(kind, 3).next_step(FullSight(maze, beside, distances)) == maze.exit


# ----- fog -----------------------------------------------------------------------------------------------


def test_fog_sight_answers_only_for_cells_seen() -> None:
    maze, _ = maze_of(MazeSpec("backtracker", 10, 10, seed=1))
    seen = bytearray(maze.size)
    sight = FogSight(maze, seen, maze.entrance, exit_shown=False)
    here = maze.index(maze.entrance)
    assert sight.known(here)
    assert sight.open_neighbours(here) == maze.neighbours(here)
    assert sight.exit is None
    assert sight.distance_to_exit(here) is None
    neighbour = maze.neighbours(here)[0]
    assert not sight.known(neighbour)
    with pytest.raises(UnknownCell):
        sight.open_neighbours(neighbour)
    seen[neighbour] = 1
    assert sight.open_neighbours(neighbour) == maze.neighbours(neighbour)
    assert FogSight(maze, seen, maze.entrance, exit_shown=True).exit == maze.index(maze.exit)


def test_reveal_sees_along_open_passages_up_to_the_vision() -> None:
    spec = MazeSpec("kruskal", 15, 15, seed=2, braid=0.5, directions=8)
    maze, _ = maze_of(spec)
    centre = (7, 7)
    graph = nx.Graph((i, j) for i in range(maze.size) for j in maze.neighbours(i))
    for vision in (1, 3, 10):
        seen = bytearray(maze.size)
        fresh = reveal(maze, seen, centre, vision)
        within = nx.single_source_shortest_path_length(graph, maze.index(centre), cutoff=vision)
        assert sorted(fresh) == sorted(within) == [i for i in range(maze.size) if seen[i]]
        assert reveal(maze, seen, centre, vision) == []


# ----- state and determinism -----------------------------------------------------------------------------

ROUND_TRIP_SPECS = [
    MazeSpec("backtracker", 25, 25, seed=8, braid=1.0, directions=8),
    MazeSpec("prim", 25, 25, seed=8),
    MazeSpec("classic", 25, 25, seed=8, directions=8),
]


@pytest.mark.parametrize("vision", [None, 2])
@pytest.mark.parametrize("kind", BOT_KINDS)
@pytest.mark.parametrize("spec", ROUND_TRIP_SPECS, ids=spec_id)
def test_a_bot_rebuilt_from_json_midway_makes_the_same_moves(
    spec: MazeSpec, kind: str, vision: int | None
) -> None:
    maze, distances = maze_of(spec)
    limit = move_cap(spec.rows, spec.cols, LONGEST_RACE)
    whole = Racer(maze, distances, make_bot(kind, 11), vision).run(limit)
    for stop in sorted({0, 1, whole.moves // 3, whole.moves - 1}):
        racer = Racer(maze, distances, make_bot(kind, 11), vision)
        for _ in range(stop):
            racer.step()
        state = json.loads(json.dumps(racer.bot.to_json()))
        racer.bot = bot_from_json(state)
        assert racer.bot.to_json() == state
        assert racer.run(limit).path == whole.path, f"stopped after {stop} moves"


def test_a_wall_bot_rebuilt_after_falling_back_continues_by_tremaux() -> None:
    for seed in range(12):
        spec = MazeSpec("backtracker", 20, 20, seed=seed, braid=1.0, directions=8)
        maze, distances = maze_of(spec)
        whole = Racer(maze, distances, make_bot("wall", seed)).run(10_000)
        racer = Racer(maze, distances, make_bot("wall", seed))
        while not racer.bot.to_json().get("fallback"):
            if racer.path[-1] == maze.exit:
                break
            racer.step()
        else:
            racer.bot = bot_from_json(json.loads(json.dumps(racer.bot.to_json())))
            assert racer.run(10_000).path == whole.path
            return
    pytest.fail("no maze here sends the right hand round in a circle any more")


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_the_same_seed_makes_the_same_race_and_seeds_differ(kind: str) -> None:
    spec = MazeSpec("kruskal", 20, 20, seed=9, braid=0.5, directions=8)
    paths = [tuple(race(spec, kind, seed=seed).path) for seed in (1, 1, 2, 3, 4, 5)]
    assert paths[0] == paths[1]
    if kind != "wall":  # the right hand does not depend on the seed when the bot starts on the edge
        assert len(set(paths)) > 1


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_refused_move_is_decided_again_the_same(kind: str) -> None:
    """A move the room refuses leaves the bot where it was; asking again gives the same step and the race
    goes on as if nothing had happened."""
    spec = MazeSpec("wilson", 15, 15, seed=3, braid=0.5)
    maze, distances = maze_of(spec)
    whole = Racer(maze, distances, make_bot(kind, 2)).run(10_000)
    racer = Racer(maze, distances, make_bot(kind, 2))
    for _ in range(min(20, whole.moves - 1)):
        first = racer.bot.next_step(racer.sight())
        racer.step()
        assert racer.path[-1] == first
    assert racer.run(10_000).path == whole.path


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_bot_moved_by_someone_else_still_finishes(kind: str) -> None:
    spec = MazeSpec("kruskal", 15, 15, seed=3, braid=0.5, directions=8)
    maze, distances = maze_of(spec)
    racer = Racer(maze, distances, make_bot(kind, 2))
    for _ in range(10):
        racer.step()
    racer.path.append(maze.cell(maze.size // 2 + 3))  # not a neighbour: a jump the bot did not make
    racer.run(10_000)


@pytest.mark.parametrize(
    "state",
    [
        None,
        [],
        {"kind": "knight", "seed": 1},
        {"kind": "dfs", "seed": -1},
        {"kind": "dfs", "seed": True},
        {"kind": "dfs", "seed": 1, "size": 4, "last": -1, "stack": "!!", "visited": ""},
        {"kind": "tremaux", "seed": 1, "size": 4, "last": 9, "entry": -1, "marks": ""},
        {"kind": "wall", "seed": 1, "size": 4},
        {"kind": "wall", "seed": 1, "size": 1, "last": 0, "heading": 0, "arrivals": "", "fallback": {}},
    ],
)
def test_an_unreadable_bot_state_is_refused_clearly(state: object) -> None:
    with pytest.raises(BadBotState) as refused:
        bot_from_json(state)
    assert refused.value.code == "bad_log"


def test_packed_state_that_does_not_fit_the_maze_is_refused() -> None:
    racer = Racer(*maze_of(MazeSpec("prim", 10, 10, seed=1)), make_bot("dfs", 1))
    racer.step()
    state = dict(racer.bot.to_json())
    state["size"] = 99
    with pytest.raises(BadBotState, match=r"visited|stack"):
        bot_from_json(state)


def test_a_packed_field_never_inflates_past_the_maze() -> None:
    huge = pack_bytes(bytes(1_000_000))  # a kilobyte that inflates to a megabyte
    assert len(huge) < 2_000
    state = {"kind": "dfs", "seed": 1, "size": 4, "last": -1, "stack": pack_cells([]), "visited": huge}
    with pytest.raises(BadBotState, match="more than the maze has cells"):
        bot_from_json(state)


def test_a_100_by_100_bot_state_stays_small() -> None:
    spec = MazeSpec("backtracker", 100, 100, seed=3, braid=0.5)
    maze, distances = maze_of(spec)
    for kind in BOT_KINDS:
        racer = Racer(maze, distances, make_bot(kind, 1))
        for _ in range(3000):
            if racer.path[-1] == maze.exit:
                break
            racer.step()
        assert len(json.dumps(racer.bot.to_json())) < 8_000, kind


# ----- the host's request --------------------------------------------------------------------------------


def test_bot_kinds_and_names() -> None:
    assert BOT_KINDS == ("dfs", "wall", "tremaux", "bfs", "shortest")
    assert [bot_name(kind) for kind in BOT_KINDS] == [
        "DFS bot",
        "Wall bot",
        "Trémaux bot",
        "BFS bot",
        "Shortest bot",
    ]
    assert {make_bot(kind, 0).kind for kind in BOT_KINDS} == set(BOT_KINDS)


def test_a_bot_request_is_read_from_its_json() -> None:
    assert BotSpec.parse({"kind": "tremaux", "speed": 7}) == BotSpec("tremaux", 7)
    assert BotSpec.parse({"kind": "dfs", "speed": 5.0}).speed == 5
    assert BotSpec.parse(BotSpec("bfs", MAX_SPEED).to_json()) == BotSpec("bfs", 20)


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("dfs", "JSON object"),
        ({"kind": "dfs"}, "'speed'"),
        ({"speed": 3}, "'kind'"),
        ({"kind": "dfs", "speed": 3, "colour": "red"}, "unknown bot field 'colour'"),
        ({"kind": "knight", "speed": 3}, "dfs, wall, tremaux, bfs, shortest"),
        ({"kind": ["dfs"], "speed": 3}, "kind"),
        ({"kind": "dfs", "speed": 0}, "1 to 20"),
        ({"kind": "dfs", "speed": 21}, "1 to 20"),
        ({"kind": "dfs", "speed": 2.5}, "whole number"),
        ({"kind": "dfs", "speed": True}, "whole number"),
        ({"kind": "dfs", "speed": "5"}, "whole number"),
        ({"kind": "dfs", "speed": float("nan")}, "whole number"),
    ],
)
def test_a_bad_bot_request_gets_a_clear_error(payload: object, message: str) -> None:
    with pytest.raises(BadSettings, match=message) as refused:
        BotSpec.parse(payload)
    assert refused.value.code == "bad_settings"


def test_perfect_generators_are_all_raced() -> None:
    """The matrix above covers every generator: a new one joins it without a test edit."""
    raced = {spec.algorithm for spec in combinations((10,))}
    assert raced == set(ALGORITHMS) >= set(PERFECT)
