"""The maze editor's figures: `make bench ARGS=editor`.

The maze library's part (the card, the publishing checks, share codes and file formats) is in
`tests/bench/maze_card.py`; the browser's figures join this section beside it.
"""

from tests.bench import maze_card

TITLE = "the maze editor: the live card, publishing checks, share codes and file formats"


def run(quick: bool) -> None:
    maze_card.run(quick)
