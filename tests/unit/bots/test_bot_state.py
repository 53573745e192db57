"""A bot's state: rebuilt from its JSON midway it makes the same moves; equal seeds make equal races;
a refused or foreign move is decided again; unreadable or oversized state is refused clearly."""

import json

import pytest

from server.bots import (
    BOT_KINDS,
    BadBotState,
    bot_from_json,
    make_bot,
)
from server.bots.common import pack_bytes, pack_cells
from server.maze.generation import MazeSpec
from server.room.racelog import move_cap
from tests.unit.bots.bot_races import (
    LONGEST_RACE,
    Racer,
    maze_of,
    race,
    spec_id,
)

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
