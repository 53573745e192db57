"""Hints over the socket equal the core's hints; their limits, methods, penalties and privacy."""

from tests.mazes import dead_end_branch, shortest_path

from .conftest import Harness, start_race
from .hint_asks import HINT_KEYS, ask, core_hint, unpacked


async def test_recursive_dfs_hint_over_the_socket(arena: Harness) -> None:
    """A room may offer only the recursive search; its hint is searched by it (and logged under it), and
    equals the core's answer, which is the stack dfs's."""
    code = await arena.create_room(hint_limit=2, hint_methods=["dfs-recursive"], hint_reveal="whole")
    asker, rival = await arena.client(), await arena.client()
    await asker.join(code, "Asker")
    await rival.join(code, "Rival")
    maze = await start_race(asker, rival)
    answer = await ask(asker, maze, "dfs-recursive", order=True)
    assert answer["method"] == "dfs-recursive"
    assert answer["found"] is True
    assert answer["path"] == (await ask(asker, maze, "dfs-recursive", order=False))["path"]
    assert core_hint(maze, [list(maze.entrance)], "dfs")["path"] == unpacked(answer["path"], maze)
    assert await asker.refused("hint", {"method": "dfs"}) == "method_not_allowed"


async def test_socket_hints_match_the_core(arena: Harness) -> None:
    code = await arena.create_room(
        hint_limit=3, hint_penalty=2, hint_methods=["dfs", "bfs", "astar"], hint_reveal="whole"
    )
    asker, rival, watcher = await arena.client(), await arena.client(), await arena.client()
    await asker.join(code, "Asker")
    await rival.join(code, "Rival")
    await watcher.join(code, role="spectator")
    maze = await start_race(asker, rival)
    path = shortest_path(maze)
    at, branch = dead_end_branch(maze, path)

    # Stuck in a dead end: no way on without backing up, and the hint says where to back up to.
    await asker.walk(path[1 : at + 1] + branch)
    stuck = await ask(asker, maze, "dfs", order=True)
    assert (stuck["found"], stuck["next"], stuck["path"]) == (False, None, None)
    assert stuck["back_to"] == list(path[at])
    assert unpacked(stuck["back_path"], maze) == [list(c) for c in [*reversed(branch), path[at]]]
    assert (stuck["hints"], stuck["penalty"]) == (1, 2000)

    # Back on the shortest path: breadth-first finds the rest of it.
    await asker.walk([*branch[-2::-1], path[at]])
    found = await ask(asker, maze, "bfs", order=True)
    assert unpacked(found["path"], maze) == [list(c) for c in path[at:]]
    assert found["next"] == list(path[at + 1])
    assert (found["hints"], found["penalty"]) == (2, 4000)

    third = await ask(asker, maze, "astar", order=False)
    assert third["path"] == found["path"]  # a perfect maze has one way on
    assert (third["hints"], third["penalty"]) == (3, 6000)

    assert await asker.refused("hint", {"method": "bfs"}) == "no_hints_left"
    assert await asker.refused("hint", {"method": "random"}) == "method_not_allowed"
    assert await asker.refused("hint", {"method": "oracle"}) == "bad_method"
    assert await asker.refused("hint", {"method": 3}) == "bad_method"
    assert await asker.refused("hint", {"method": "bfs", "order": "yes"}) == "bad_payload"
    assert await asker.refused("hint", "bfs") == "bad_payload"
    me = await asker.me()
    assert (me["hints"], me["penalty"]) == (3, 6000)

    for client in (rival, watcher):
        await client.wait_for("hinted", lambda d: d["hints"] == 3)
        seen = client.of_type("hinted")
        assert [h["hints"] for h in seen] == [1, 2, 3]
        assert [h["penalty"] for h in seen] == [2000, 4000, 6000]
        for event in seen:
            assert "order" not in event
    for event, ack in zip(watcher.of_type("hinted"), (stuck, found, third), strict=True):
        assert {k: event[k] for k in HINT_KEYS} == {k: ack[k] for k in HINT_KEYS}  # a spectator sees it all

    await asker.walk(path[at + 1 :])
    await rival.walk(path[1:])
    over = await watcher.wait_for("race_over")
    row = next(r for r in over["d"]["results"] if r["id"] == asker.id)
    assert (row["hints"], row["penalty"]) == (3, 6000)
    assert row["total"] == row["time"] + 6000


async def test_hint_moves_and_random_method(arena: Harness) -> None:
    code = await arena.create_room(hint_moves=True, hint_limit=2, hint_penalty=0, hint_methods=["random"])
    runner, watcher = await arena.client(), await arena.client()
    await runner.join(code, "Runner")
    await watcher.join(code, role="spectator")
    maze = await start_race(runner)
    path = shortest_path(maze)
    assert await runner.refused("hint", {"method": "bfs"}) == "method_not_allowed"
    ack = await runner.ok("hint", {"method": "random"})
    assert ack["method"] in ("dfs", "bfs")
    assert ack["next"] == list(path[1])
    assert ack["penalty"] == 0
    me = await runner.me()
    assert me["cell"] == list(path[1])
    assert me["moves"] == 1
    await watcher.wait_for("moved")
    kinds = [e["t"] for e in watcher.events if e["t"] in ("hinted", "moved")]
    assert kinds == ["hinted", "moved"]


async def test_zero_hint_limit(arena: Harness) -> None:
    code = await arena.create_room(hint_limit=0)
    runner = await arena.client()
    await runner.join(code, "Runner")
    await start_race(runner)
    assert await runner.refused("hint", {"method": "bfs"}) == "no_hints_left"
    assert (await runner.me())["penalty"] == 0


async def test_the_racer_is_shown_the_way_to_the_next_junction_and_a_spectator_the_whole_way(
    arena: Harness,
) -> None:
    """The default `hint_reveal`: the asker's ack and own `hinted` hold the way cut at the next junction
    (the core's cut), a spectator's `hinted` the whole way, a rival still racing no way at all."""
    code = await arena.create_room(preset="custom", rows=12, cols=12, hint_limit=3)  # custom: not ranked
    asker, rival, watcher = await arena.client(), await arena.client(), await arena.client()
    await asker.join(code, "Asker")
    await rival.join(code, "Rival")
    await watcher.join(code, role="spectator")
    maze = await start_race(asker, rival)
    path = shortest_path(maze)
    at, branch = dead_end_branch(maze, path)

    found = await ask(asker, maze, "bfs", order=True, reveal="junction")
    whole = core_hint(maze, [list(maze.entrance)], "bfs")
    shown = unpacked(found["path"], maze)
    assert shown is not None
    assert shown == whole["path"][: len(shown)]
    assert found["cut"] in ("junction", "steps")
    assert len(shown) < len(whole["path"]), "a 12 x 12 maze has a junction on the way from the entrance"
    assert unpacked(found["order"], maze) == whole["order"], "the search animation is not cut"

    await asker.walk(path[1 : at + 1] + branch)
    stuck = await ask(asker, maze, "dfs", order=False, reveal="junction")
    assert stuck["back_to"] == list(path[at]), "how far to back up is said whole"

    await watcher.wait_for("hinted", lambda d: d["hints"] == 2)
    seen = watcher.of_type("hinted")
    assert unpacked(seen[0]["path"], maze) == whole["path"]
    assert unpacked(seen[1]["back_path"], maze) == [list(c) for c in [*reversed(branch), path[at]]]
    assert [event["cut"] for event in seen] == [None, None]
    await asker.wait_for("hinted", lambda d: d["hints"] == 2)
    own = asker.of_type("hinted")
    assert [event["path"] for event in own] == [found["path"], None]
    assert own[1]["back_path"] == stuck["back_path"]
    await rival.wait_for("hinted", lambda d: d["hints"] == 2)
    assert all("path" not in event for event in rival.of_type("hinted"))
