"""What the terminal says of the racer's own hint, cut to the next junction or whole."""

from server.clients.terminal.hint_words import back_up_line, way_on_line

RIGHTWARDS = tuple((2, 2 + step) for step in range(7))


def test_a_cut_way_says_the_direction_and_how_far_the_marked_way_goes() -> None:
    six, one = way_on_line("bfs", RIGHTWARDS, "junction"), way_on_line("bfs", RIGHTWARDS[:2], "junction")
    assert six == "hint (bfs): go right; 6 steps to the next junction (○)"
    assert one == "hint (bfs): go right; 1 step to the next junction (○)"
    capped = way_on_line("dfs", RIGHTWARDS, "steps")
    assert capped == "hint (dfs): go right; the first 6 steps of the way are marked ○"


def test_a_whole_way_counts_the_steps_to_the_exit() -> None:
    assert way_on_line("astar", RIGHTWARDS, None) == "hint (astar): go right; 6 steps to the exit (○)"
    assert way_on_line("astar", RIGHTWARDS[:1], None) == "hint (astar): you are on the exit"


def test_a_back_up_names_where_to_back_up_to() -> None:
    back = ((3, 3), (2, 3), (1, 3))
    assert back_up_line("bfs", "1 4", back, "junction") == (
        "hint (bfs): no way on without backing up; back up to 1 4, the first 2 steps back are marked ○"
    )
    whole = back_up_line("bfs", "1 4", back, None)
    assert whole == "hint (bfs): no way on without backing up; back up to 1 4 (○)"
    assert back_up_line("bfs", "", (), None) == "hint (bfs): no way on without backing up; no way found"
