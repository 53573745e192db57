"""The difficulty card and the shortest-route results in the core: the card's wire form, that it is built
with the course (never on the event loop), and which finished routes are shortest ones."""

import json
import random

from server.maze.difficulty import analyse
from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.paths import all_paths, count_shortest
from server.maze.race_card import MAX_EXACT_NUMBER, built_card, card_for, card_of, count_json
from server.room.records import RaceRecord
from server.room.results import on_shortest
from server.room.room import Room
from server.room.settings import parse_settings
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id
from tests.mazes import T0, shortest_path


def test_counts_are_json_numbers_while_javascript_holds_them_exactly_and_digits_beyond() -> None:
    assert count_json(0) == 0
    assert count_json(MAX_EXACT_NUMBER) == MAX_EXACT_NUMBER
    assert count_json(MAX_EXACT_NUMBER + 1) == str(2**53)
    huge = 3**200
    assert count_json(huge) == str(huge)
    assert int(json.loads(json.dumps(count_json(huge)))) == huge  # exact through JSON


def test_the_card_is_the_analysis_with_bottlenecks_counted_not_listed() -> None:
    maze = generate(MazeSpec("classic", 150, 150, 7))
    found = analyse(maze)
    card = card_for(maze)
    assert card == {
        "cells": 22_500,
        "solution_length": found.solution_length,
        "dead_ends": found.dead_ends,
        "dead_end_share": round(found.dead_end_share, 4),
        "decision_points": found.decision_points,
        "longest_dead_end": found.longest_dead_end,
        "shortest_paths": str(found.shortest_paths),  # some 10^36: far beyond 2^53
        "bottlenecks": len(found.bottlenecks),
    }
    assert found.shortest_paths > MAX_EXACT_NUMBER
    assert json.loads(json.dumps(card)) == card
    perfect = generate(MazeSpec("backtracker", 10, 10, 3))
    assert card_for(perfect)["shortest_paths"] == 1


def test_the_course_builds_the_card_with_the_maze_so_the_loop_only_looks_it_up() -> None:
    spec = MazeSpec("wilson", 150, 150, 11)
    assert built_card(generate(spec)) is None  # a maze made elsewhere has none until asked
    maze, _ = build_course(spec)
    card = built_card(maze)
    assert card is not None
    assert card == card_for(maze)
    assert card_of(maze) is card  # looked up, not measured again


def room_racing(settings: dict[str, object]) -> tuple[Room, Maze, list[str]]:
    room = Room("abcdefghjk", parse_settings(settings), random.Random(5), T0, countdown=1.0)
    ids = [room.join(n, "player", None, T0, new_token=new_player_token())[0].id for n in ("Ann", "Bob")]
    room.set_ready(ids[1], True)
    spec = room.prepare_start(ids[0])
    maze, distances = build_course(spec)
    room.start(ids[0], spec, maze, distances, T0, race_id=new_race_id())
    started = room.tick(T0 + 1.0)
    assert [e.t for e in started] == ["started"]
    assert started[0].d["difficulty"] == card_for(maze)
    return room, maze, ids


def test_a_longer_loop_free_route_is_no_shortest_route_and_the_results_say_so() -> None:
    room, maze, (ann, bob) = room_racing({"algorithm": "classic"})
    start = maze.index(maze.entrance)
    shortest = shortest_path(maze)
    longer = next(p for p in all_paths(maze, start, limit=200).paths if len(p) > len(shortest))
    t = T0 + 2.0
    for cell in shortest[1:]:
        room.move(ann, cell, t)
    events = []
    for index in longer[1:]:
        events += room.move(bob, maze.cell(index), t + 1)[1]
    over = next(e for e in events if e.t == "race_over")
    rows = {row["id"]: row for row in over.d["results"]}
    assert (rows[ann]["on_shortest"], rows[ann]["route"]) == (True, len(shortest) - 1)
    assert (rows[bob]["on_shortest"], rows[bob]["route"]) == (False, len(longer) - 1)
    count = count_shortest(maze, start).count
    assert over.d["shortest_routes"] == count_json(count)
    assert over.d["difficulty"] == card_for(maze)
    record = room.take_finished_race()
    assert record is not None
    assert record.difficulty == card_for(maze)
    assert [row["on_shortest"] for row in record.results] == [True, False]


def test_a_racer_who_did_not_finish_has_no_shortest_route_flag() -> None:
    assert on_shortest(18, 18, dnf=False) is True
    assert on_shortest(20, 18, dnf=False) is False
    assert on_shortest(18, 18, dnf=True) is None
    room, maze, (ann, _) = room_racing({"time_limit": 30})
    room.move(ann, shortest_path(maze)[1], T0 + 2.0)
    over = next(e for e in room.tick(T0 + 1.0 + 31) if e.t == "race_over")
    assert [row["on_shortest"] for row in over.d["results"]] == [None, None]


def test_a_rescued_race_from_before_the_card_still_loads() -> None:
    room, maze, (ann, bob) = room_racing({})
    for cell in shortest_path(maze)[1:]:
        room.move(ann, cell, T0 + 2.0)
    room.leave(bob, T0 + 3.0)
    record = room.take_finished_race()
    assert record is not None
    data = record.to_json()
    assert data["difficulty"] == card_for(maze)
    assert RaceRecord.from_json(data) == record
    del data["difficulty"]  # a rescue file written before the card
    old = RaceRecord.from_json(data)
    assert old.difficulty is None
    assert old.results == record.results
