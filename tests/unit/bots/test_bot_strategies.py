"""What each bot's strategy does, step by step (a stack, Tremaux's marks, nearest unseen rooms, a hand
on the wall), and the fog's sight: it answers only for cells seen."""

import networkx as nx
import pytest

from server.bots import (
    BOT_KINDS,
    FogSight,
    FullSight,
    UnknownCell,
    make_bot,
    reveal,
)
from server.bots.wall import WallBot
from server.maze.generation import MazeSpec
from server.maze.model import Cell
from tests.unit.bots.bot_races import combinations, maze_of, race, spec_id

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
