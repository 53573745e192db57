"""The difficulty card and the shortest routes through a real server and real Socket.IO clients: the card
comes with the race's start (never before), to players and spectators alike, in the snapshot of a
racing or finished room and in the results; the results say how many shortest routes the maze had and
whose route was one; a count beyond what JSON readers hold exactly comes as its digits."""

from server.maze.paths import all_paths, count_shortest
from server.maze.race_card import MAX_EXACT_NUMBER, card_for
from server.maze.wire import decode_maze
from tests.mazes import shortest_path

from .conftest import Harness, start_race


async def test_the_card_comes_with_the_start_and_the_results_name_the_shortest_routes(arena: Harness) -> None:
    code = await arena.create_room(algorithm="classic")  # loops: a route can be loop-free yet longer
    ann, bob, watcher = await arena.client(), await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await bob.join(code, "Bob")
    await watcher.join(code, "", role="spectator")
    assert "difficulty" not in watcher.snapshot  # nothing of the maze before the race starts
    maze = await start_race(ann, bob)
    card = card_for(maze)
    for client in (ann, bob, watcher):
        countdown = await client.wait_for("countdown")
        assert "difficulty" not in countdown["d"]
        started = (await client.wait_for("started"))["d"]
        assert started["difficulty"] == card
    assert card["solution_length"] == len(shortest_path(maze)) - 1
    racing = await watcher.resync()
    assert racing["phase"] == "racing"
    assert racing["difficulty"] == card
    assert "shortest_routes" not in racing  # the count of routes comes with the results

    start = maze.index(maze.entrance)
    shortest = shortest_path(maze)
    longer = next(p for p in all_paths(maze, start, limit=200).paths if len(p) > len(shortest))
    await ann.walk(shortest[1:])
    await bob.walk(maze.cell(i) for i in longer[1:])

    count = count_shortest(maze, start).count
    assert count <= MAX_EXACT_NUMBER  # a 10 x 10 maze's count is a plain JSON number
    for client in (ann, bob, watcher):
        over = (await client.wait_for("race_over"))["d"]
        assert over["shortest_routes"] == count == card["shortest_paths"]
        assert over["difficulty"] == card
        rows = {row["id"]: row for row in over["results"]}
        assert (rows[ann.id]["on_shortest"], rows[ann.id]["route"]) == (True, len(shortest) - 1)
        assert (rows[bob.id]["on_shortest"], rows[bob.id]["route"]) == (False, len(longer) - 1)
    finished = await watcher.resync()
    assert finished["phase"] == "finished"
    assert finished["difficulty"] == card
    assert finished["shortest_routes"] == count
    assert [row["on_shortest"] for row in finished["results"]] == [True, False]


async def test_a_count_beyond_what_javascript_holds_exactly_comes_as_its_digits(arena: Harness) -> None:
    code = await arena.create_room(preset="custom", rows=150, cols=150, algorithm="classic")
    host = await arena.client()
    await host.join(code, "Ann")
    maze = await start_race(host)
    started = (await host.wait_for("started"))["d"]
    count = count_shortest(maze, maze.index(maze.entrance)).count
    assert count > MAX_EXACT_NUMBER  # open areas: some 10^36 shortest ways across 150 x 150 cells
    assert started["difficulty"]["shortest_paths"] == str(count)
    assert started["difficulty"]["cells"] == 22_500
    assert decode_maze(started["maze"]) == maze
