"""The race analysis against hand-checked races: small hand-drawn mazes, hand-written logs, and the
answers worked out by hand in the comments (never by calling the function); then properties over random
mazes and random walks."""

import random
from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from server.analysis.race import analyse_race
from server.analysis.race_records import DeadEndVisit, HintReport, Segment, WrongTurn
from server.analysis.wire import analysis_json, unpack_cells
from server.maze.model import Cell, Maze
from server.maze.walls import Walls, owner_and_kind
from server.room.racelog import RaceLog
from server.room.results import ResultRow
from tests.unit.support import mazes, specs


def picture(*lines: str) -> list[str]:
    """A wall matrix drawn with # (wall) and . (passage)."""
    return [line.replace("#", "1").replace(".", "0") for line in lines]


def joined(rows: int, cols: int, pairs: Iterable[tuple[Cell, Cell]], directions: int = 4) -> Walls:
    """Passage arrays with exactly `pairs` open (diagonal pairs need 8 directions)."""
    walls = Walls.closed(rows * cols, directions)
    for (ar, ac), (br, bc) in pairs:
        passage = owner_and_kind(ar * cols + ac, br * cols + bc, cols)
        assert passage is not None
        owner, kind = passage
        walls.kinds()[kind][owner] = 1
    return walls


def row(pid: str, rank: int, time: int | None, hints: int = 0, penalty_each: int = 5000) -> ResultRow:
    """A result row with what the analysis reads; the rest as the server would fill it."""
    return {
        "id": pid, "name": pid.title(), "colour": "#0072B2", "rank": rank, "time": time,
        "penalty": hints * penalty_each, "total": None if time is None else time + hints * penalty_each,
        "moves": 0, "hints": hints, "route": 0, "shortest": 0, "efficiency": None, "dnf": time is None,
        "distance": 0, "progress": 0.0, "cell": None, "on_shortest": None,
    }  # fmt: skip


Step = tuple[int, str, Cell | tuple[str, bool]]
"""(race ms, player, a cell moved into, or (method, found) for a hint)."""


def log_of(cols: int, steps: Iterable[Step]) -> RaceLog:
    log = RaceLog(cols)
    for t, who, what in steps:
        if isinstance(what[0], str):
            method, found = what
            log.add_hint(t, who, str(method), bool(found))
        else:
            log.add_move(t, who, (int(what[0]), int(what[1])))
    return log


# A perfect 2 x 4 maze, entrance (0,0), exit (1,3):
#   (0,0)-(0,1)-(0,2)-(0,3)      the way: (0,0) (0,1) (1,1) (1,2) (1,3), 4 steps
#           |                    dead ends: {(0,2), (0,3)} off (0,1), depth 2
#   (1,0)-(1,1)-(1,2)-(1,3)                 {(1,0)} off (1,1), depth 1
PERFECT = Maze.from_matrix(
    picture(
        "#########",
        "#.......#",
        "###.#####",
        "#.......#",
        "#########",
    ),
    (0, 0),
    (1, 3),
)
PERFECT_RACE: list[Step] = [
    (500, "bob", (0, 1)),
    (800, "bob", ("bfs", True)),  # on the way: saves nothing we can count
    (1000, "ann", (0, 1)),
    (1000, "bob", (1, 1)),
    (1000, "cy", (0, 1)),
    (1500, "bob", (1, 2)),
    (2000, "ann", (0, 2)),  # the first wrong turn, and into the first dead end
    (2000, "bob", (1, 3)),  # Bob finishes first
    (2000, "cy", (1, 1)),
    (2500, "ann", ("dfs", False)),  # at (0,2), which cuts (0,3) off; she never walks it
    (3000, "ann", (0, 1)),  # out again: 1000 ms, depth 1, 2 steps
    (3000, "cy", (1, 0)),  # Cy's wrong turn; he stays there until the race ends
    (4000, "ann", (1, 1)),
    (5000, "ann", (1, 0)),
    (6000, "ann", (1, 1)),  # out: 1000 ms, depth 1, 2 steps
    (7000, "ann", (1, 2)),
    (8000, "ann", (1, 3)),
]


def test_a_perfect_race_with_a_winner_a_hint_in_a_dead_end_and_a_racer_who_never_finished() -> None:
    results = [row("bob", 1, 2000, hints=1), row("ann", 2, 8000, hints=1), row("cy", 3, None)]
    analysis = analyse_race(PERFECT, log_of(4, PERFECT_RACE), results, 60_000)
    assert analysis.winner == "bob"
    assert analysis.shortest_path == (0, 1, 5, 6, 7)
    assert analysis.checkpoints == (3, 2, 1, 0)  # 4 steps, so 4 checkpoints: distance left 3, 2, 1, 0
    assert analysis.bottlenecks == ((0, 1), (1, 1), (1, 2))  # every cell of a perfect maze's way
    bob, ann, cy = analysis.players

    assert (bob.finished, bob.end_ms, bob.moves, bob.route) == (True, 2000, 4, (0, 1, 5, 6, 7))
    assert (bob.penalty_ms, ann.penalty_ms, cy.penalty_ms) == (5000, 5000, 0)  # the results' penalty
    assert bob.dead_ends == ()
    assert bob.first_wrong_turn is None
    assert bob.hints == (HintReport(800, "bfs", True, (0, 1), 5000, True, None, None, None),)
    assert bob.splits == (500, 1000, 1500, 2000)
    assert bob.biggest_loss is None  # the winner loses nothing against themselves
    assert bob.bottleneck_splits == (500, 1000, 1500)

    assert ann.route == (0, 1, 2, 1, 5, 4, 5, 6, 7)
    assert ann.dead_ends == (
        DeadEndVisit((0, 2), (0, 1), 2000, 3000, 1000, 1, 2, "dead_end"),
        DeadEndVisit((1, 0), (1, 1), 5000, 6000, 1000, 1, 2, "dead_end"),
    )
    assert ann.dead_end_ms == 2000
    assert ann.first_wrong_turn == WrongTurn(2000, (0, 1), (0, 2))
    # (0,2) cuts (0,3) off: 1 cell never walked, 2 steps, at her pace so far (2500 ms / 2 moves) 2500 ms
    assert ann.hints == (HintReport(2500, "dfs", False, (0, 2), 5000, False, 1, 2, 2500),)
    assert ann.splits == (1000, 4000, 7000, 8000)
    assert ann.segments == (
        Segment(1, 1000, 500, 500, True),
        Segment(2, 3000, 500, 2500, True),
        Segment(3, 3000, 500, 2500, True),
        Segment(4, 1000, 500, 500, True),
    )
    assert ann.biggest_loss == Segment(2, 3000, 500, 2500, True)  # the earlier of two equal losses
    assert ann.bottleneck_splits == (1000, 4000, 7000)

    assert (cy.finished, cy.end_ms) == (False, 60_000)
    assert cy.dead_ends == (DeadEndVisit((1, 0), (1, 1), 3000, None, 57_000, 1, 1, "dead_end"),)
    assert cy.first_wrong_turn == WrongTurn(3000, (1, 1), (1, 0))
    assert cy.splits == (1000, 2000, None, None)
    assert cy.segments[-1] == Segment(3, 58_000, 500, 57_500, False)  # timed to the race's end
    assert cy.biggest_loss == cy.segments[-1]
    assert cy.bottleneck_splits == (1000, 2000, None)


def test_stepping_back_along_the_way_is_a_wrong_turn_but_no_dead_end() -> None:
    steps: list[Step] = [(1000, "fay", (0, 1)), (2000, "fay", (0, 0)), (3000, "fay", (0, 1))]
    (fay,) = analyse_race(PERFECT, log_of(4, steps), [row("fay", 1, None)], 30_000).players
    assert fay.first_wrong_turn == WrongTurn(2000, (0, 1), (0, 0))
    assert fay.dead_ends == ()
    assert fay.splits == (1000, None, None, None)  # back at (0,0) and on again: still the first arrival
    assert analyse_race(PERFECT, log_of(4, steps), [row("fay", 1, None)], 30_000).winner is None
    assert fay.segments[-1].winners_ms is None  # nobody finished: nothing to lose against


def test_an_eight_direction_race() -> None:
    # 3 x 3, the way runs diagonally (0,0) -> (1,1) -> (2,2); off (1,1) hang two branches:
    # (0,1)-(0,2)-(1,2) (depth 1, 2, 3) and (2,1)-(2,0)-(1,0)
    pairs = [
        ((0, 0), (1, 1)), ((1, 1), (2, 2)), ((1, 1), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (1, 2)),
        ((1, 1), (2, 1)), ((2, 1), (2, 0)), ((2, 0), (1, 0)),
    ]  # fmt: skip
    maze = Maze.from_walls(3, 3, joined(3, 3, pairs, 8), (0, 0), (2, 2))
    steps: list[Step] = [
        (100, "dee", (1, 1)),
        (200, "dee", (0, 1)),  # wrong turn, into the branch
        (300, "dee", (0, 2)),
        (350, "dee", ("astar", False)),  # (0,2) cuts (1,2) off: 1 cell, 2 steps at 350 / 3 ms a move
        (400, "dee", (0, 1)),
        (500, "dee", (1, 1)),  # out: 300 ms, deepest (0,2) at depth 2, 4 steps
        (600, "dee", (2, 2)),
    ]
    analysis = analyse_race(maze, log_of(3, steps), [row("dee", 1, 600, hints=1, penalty_each=9000)], 600)
    (dee,) = analysis.players
    assert analysis.shortest_path == (0, 4, 8)
    assert analysis.bottlenecks == ((1, 1),)
    assert dee.dead_ends == (DeadEndVisit((0, 1), (1, 1), 200, 500, 300, 2, 4, "dead_end"),)
    assert dee.first_wrong_turn == WrongTurn(200, (1, 1), (0, 1))
    assert dee.hints == (HintReport(350, "astar", False, (0, 2), 9000, False, 1, 2, 233),)
    assert dee.splits == (100, 600)
    assert dee.bottleneck_splits == (100,)


def test_a_braided_race_tells_a_detour_from_a_dead_end() -> None:
    # 3 x 4, entrance (0,0), exit (0,3); the way is the top row (3 steps);
    # (0,1)-(1,1)-(1,2)-(0,2) is a longer way round (a detour), (0,0)-(1,0)-(2,0) a dead end;
    # (1,3), (2,3), (2,2), (2,1) hang off the exit
    maze = Maze.from_matrix(
        picture(
            "#########",
            "#.......#",
            "#.#.#.#.#",
            "#.#...#.#",
            "#.#####.#",
            "#.#.....#",
            "#########",
        ),
        (0, 0),
        (0, 3),
    )
    steps: list[Step] = [
        (500, "eve", (1, 0)),  # wrong turn, into the dead end
        (1000, "eve", (2, 0)),
        (1500, "eve", (1, 0)),
        (2000, "eve", (0, 0)),  # out: 1500 ms, depth 2, 4 steps
        (2500, "eve", (0, 1)),
        (3000, "eve", (1, 1)),  # into the detour
        (3500, "eve", (1, 2)),
        (3700, "eve", ("bfs", True)),  # (1,2) cuts nothing off: (1,1) reaches the way round it
        (4000, "eve", (0, 2)),  # out: 1000 ms, depth 1, 3 steps
        (4500, "eve", (0, 3)),
    ]
    analysis = analyse_race(maze, log_of(4, steps), [row("eve", 1, 4500, hints=1)], 4500)
    (eve,) = analysis.players
    assert analysis.shortest_path == (0, 1, 2, 3)
    assert analysis.bottlenecks == ((0, 1), (0, 2))  # where the loop leaves and rejoins the way
    assert eve.dead_ends == (
        DeadEndVisit((1, 0), (0, 0), 500, 2000, 1500, 2, 4, "dead_end"),
        DeadEndVisit((1, 1), (0, 1), 3000, 4000, 1000, 1, 3, "detour"),
    )
    assert eve.first_wrong_turn == WrongTurn(500, (0, 0), (1, 0))
    assert eve.hints == (HintReport(3700, "bfs", True, (1, 2), 5000, False, 0, 0, 0),)
    assert eve.splits == (2500, 4000, 4500)
    assert eve.bottleneck_splits == (2500, 4000)


def test_the_wire_form_packs_routes_and_keeps_every_field() -> None:
    results = [row("bob", 1, 2000, hints=1), row("ann", 2, 8000, hints=1), row("cy", 3, None)]
    wire = analysis_json(analyse_race(PERFECT, log_of(4, PERFECT_RACE), results, 60_000))
    assert unpack_cells(wire["shortest_path"], 8, 4) == (0, 1, 5, 6, 7)
    bob, ann, cy = wire["players"]
    assert unpack_cells(ann["route"], 8, 4) == (0, 1, 2, 1, 5, 4, 5, 6, 7)
    assert ann["dead_ends"][0] == {
        "cell": [0, 2], "came_from": [0, 1], "entered": 2000, "left": 3000, "spent": 1000, "depth": 1,
        "steps": 2, "kind": "dead_end",
    }  # fmt: skip
    assert ann["hints"][0]["saved"] == 2500
    assert ann["biggest_loss"] == {"index": 2, "theirs": 3000, "winners": 500, "loss": 2500, "reached": True}
    assert cy["first_wrong_turn"] == {"t": 3000, "came_from": [1, 1], "cell": [1, 0]}
    assert wire["bottlenecks"] == [[0, 1], [1, 1], [1, 2]]
    assert bob["bottleneck_splits"] == [500, 1000, 1500]


def test_a_bots_analysis_carries_its_kind_and_a_persons_does_not() -> None:
    """A page names a bot in its own words from its kind, as it does a result row."""
    results = [row("bob", 1, 2000, hints=1), row("ann", 2, 8000, hints=1), row("cy", 3, None)]
    results[1]["bot"] = "dfs"
    analysis = analyse_race(PERFECT, log_of(4, PERFECT_RACE), results, 60_000)
    assert [p.bot for p in analysis.players] == [None, "dfs", None]
    bob, ann, cy = analysis_json(analysis)["players"]
    assert (ann.get("bot"), "bot" in bob, "bot" in cy) == ("dfs", False, False)


@settings(max_examples=80, deadline=None)
@given(maze=mazes(specs(sides=st.integers(min_value=2, max_value=9))), walk_seed=st.integers(0, 2**32 - 1))
def test_random_walks_keep_time_splits_and_wrong_turns_consistent(maze: Maze, walk_seed: int) -> None:
    rng = random.Random(walk_seed)
    log = RaceLog(maze.cols)
    results: list[ResultRow] = []
    duration = 0
    for k in range(3):
        pid, here, t, hints = f"p{k}", maze.index(maze.entrance), 0, 0
        finished = False
        for _ in range(rng.randrange(0, 4 * maze.size)):
            t += rng.randrange(0, 400)
            if rng.random() < 0.05:
                log.add_hint(t, pid, rng.choice(("dfs", "bfs", "astar")), rng.random() < 0.5)
                hints += 1
                continue
            here = rng.choice(maze.neighbours(here))
            log.add_move(t, pid, maze.cell(here))
            if maze.cell(here) == maze.exit:
                finished = True
                break
        duration = max(duration, t)
        results.append(row(pid, k + 1, t if finished else None, hints=hints))
    ranked = sorted(results, key=lambda r: (r["time"] is None, r["time"] or 0))
    for rank, r in enumerate(ranked, start=1):
        r["rank"] = rank
    analysis = analyse_race(maze, log, ranked, duration + rng.randrange(0, 1000))
    for player in analysis.players:
        assert player.dead_end_ms <= player.end_ms
        assert all(v.spent_ms >= 0 and v.depth >= 1 for v in player.dead_ends)
        reached = [s for s in player.splits if s is not None]
        assert reached == sorted(reached)
        assert list(player.splits[: len(reached)]) == reached  # once one is missed, every later one is
        passed = [s for s in player.bottleneck_splits if s is not None]
        assert passed == sorted(passed)
        if player.dead_ends:
            assert player.first_wrong_turn is not None
            assert player.first_wrong_turn.t_ms <= min(v.entered_ms for v in player.dead_ends)
        assert player.route[0] == maze.index(maze.entrance)
        assert len(player.route) == player.moves + 1
        if player.finished:
            assert player.splits[-1] == player.end_ms
        if player.id == analysis.winner:
            assert player.biggest_loss is None
    wire = analysis_json(analysis)
    assert [unpack_cells(p["route"], maze.size, maze.cols) for p in wire["players"]] == [
        p.route for p in analysis.players
    ]
