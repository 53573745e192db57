"""The bots' brains (server/bots): every kind finishes every generator's mazes within the move cap,
stepping only through open passages, and finds the exit under fog reading only what it saw; the host's
bot request is checked."""

import pytest

from server.bots import (
    BOT_KINDS,
    bot_name,
    make_bot,
)
from server.errors import BadSettings
from server.maze.generation import MazeSpec
from server.maze.generators import ALGORITHMS, PERFECT
from server.room.bot_spec import MAX_SPEED, BotSpec
from tests.unit.bots.bot_races import FOG_KINDS, check_bounds, combinations, race, spec_id

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
