"""What a bot may know of the maze: a `Sight`, with or without fog.

A bot reads nothing but its sight, so the same strategy races a maze it can see whole (`FullSight`) and a
maze under fog (`FogSight`), and under fog it cannot cheat: asking for the passages of a cell it has not
seen raises `UnknownCell`. Cells are flat indices `r * cols + c` (the maze's own form; `Maze.cell` turns
one back into (row, column)).

Under fog the caller (the room) keeps one `seen` bytearray per racer, a byte per cell, 1 once seen, and
after every move marks what the racer sees from its new cell: `reveal` does that (every cell within
`vision` steps along open passages). A seen cell's passages are all known, so an open neighbour of a known
cell may itself be unknown: the bot may enter it, and learns its passages when it stands there.
"""

from collections.abc import Sequence
from typing import Protocol

from server.maze.model import Cell


class UnknownCell(LookupError):
    """A bot asked for the passages of a cell it has not seen: a defect of the bot, never of the player."""


class Sight(Protocol):
    """All a bot may read of the maze."""

    @property
    def cols(self) -> int:
        """Columns of the maze (cell `i` is at row `i // cols`, column `i % cols`)."""
        ...

    @property
    def size(self) -> int:
        """Number of cells."""
        ...

    @property
    def directions(self) -> int:
        """4, or 8 when cells may also join at their corners (a room setting, known to everyone)."""
        ...

    @property
    def here(self) -> int:
        """The cell the bot stands on (always known)."""
        ...

    @property
    def exit(self) -> int | None:
        """The exit's cell, or None while the bot does not know where it is."""
        ...

    def known(self, index: int) -> bool:
        """Whether the bot knows cell `index` (and so may ask for its passages)."""
        ...

    def open_neighbours(self, index: int) -> tuple[int, ...]:
        """The cells joined to known cell `index` (E, S, W, N, SE, SW, NW, NE order); `UnknownCell` for a
        cell the bot does not know."""
        ...

    def distance_to_exit(self, index: int) -> int | None:
        """Moves from cell `index` to the exit by the shortest way (-1 if there is none), or None when the
        bot does not know the maze well enough to tell: only a full sight knows it."""
        ...


class Passages(Protocol):
    """The part of a `Maze` a sight reads (a `Maze` is one; tests wrap one to watch what is read)."""

    @property
    def cols(self) -> int: ...

    @property
    def size(self) -> int: ...

    @property
    def directions(self) -> int: ...

    @property
    def exit(self) -> Cell: ...

    def index(self, cell: Cell) -> int: ...

    def neighbours(self, index: int) -> tuple[int, ...]: ...


class _MazeSight:
    """What both sights read straight off the maze: its shape, where the bot stands and the exit (None
    while a fog bot has not seen it)."""

    __slots__ = ("_exit", "_here", "_maze")

    _maze: Passages
    _here: int
    _exit: int | None

    @property
    def cols(self) -> int:
        return self._maze.cols

    @property
    def size(self) -> int:
        return self._maze.size

    @property
    def directions(self) -> int:
        return self._maze.directions

    @property
    def here(self) -> int:
        return self._here

    @property
    def exit(self) -> int | None:
        return self._exit


class FullSight(_MazeSight):
    """The whole maze, no fog: what every bot sees in a clear race, and the `shortest` bot always.

    `distances` is the race's distance field (`distances.distances_to_exit`, which the room already has
    from `build_course`): handed in, not computed, because a sight is built for every move.
    """

    __slots__ = ("_distances",)

    def __init__(self, maze: Passages, position: Cell, distances: Sequence[int]) -> None:
        if len(distances) != maze.size:
            raise ValueError(f"distances has {len(distances)} cells, the maze {maze.size}")
        self._maze = maze
        self._here = maze.index(position)
        self._exit = maze.index(maze.exit)
        self._distances = distances

    def known(self, index: int) -> bool:
        return 0 <= index < self._maze.size

    def open_neighbours(self, index: int) -> tuple[int, ...]:
        if not 0 <= index < self._maze.size:
            raise UnknownCell(f"cell {index} is outside the maze")
        return self._maze.neighbours(index)

    def distance_to_exit(self, index: int) -> int | None:
        return self._distances[index]


class FogSight(_MazeSight):
    """The seen part of the maze: cell `i` is known when `seen[i]` is 1, and the bot's own cell always.

    It reads the maze only through `neighbours` of known cells, and the exit's position: known once
    seen, or from the start when `exit_shown` (a fog race that sends the maze's wire form with its
    entrance and exit shows everyone where the exit is; a bot then knows it too, and no more).
    `seen` is the caller's array, read as it is at each call, never written.
    """

    __slots__ = ("_seen",)

    def __init__(self, maze: Passages, seen: bytearray | bytes, position: Cell, *, exit_shown: bool) -> None:
        if len(seen) != maze.size:
            raise ValueError(f"seen has {len(seen)} cells, the maze {maze.size}")
        self._maze = maze
        self._seen = seen
        self._here = maze.index(position)
        exit = maze.index(maze.exit)
        self._exit = exit if exit_shown or self.known(exit) else None

    def known(self, index: int) -> bool:
        return index == self._here or (0 <= index < len(self._seen) and self._seen[index] == 1)

    def open_neighbours(self, index: int) -> tuple[int, ...]:
        if not self.known(index):
            raise UnknownCell(f"cell {index} has not been seen")
        return self._maze.neighbours(index)

    def distance_to_exit(self, index: int) -> int | None:
        return None


def reveal(maze: Passages, seen: bytearray, position: Cell, vision: int) -> list[int]:
    """Mark as seen every cell within `vision` steps of `position` along open passages (walls stop
    sight), the cell itself included; the newly seen cells, nearest first. What a fog race does after
    each move (and at the start), and what the tests simulate."""
    start = maze.index(position)
    fresh: list[int] = []
    if not seen[start]:
        seen[start] = 1
        fresh.append(start)
    layer: Sequence[int] = (start,)
    reached = {start}
    for _ in range(vision):
        ahead: list[int] = []
        for cell in layer:
            for neighbour in maze.neighbours(cell):
                if neighbour not in reached:
                    reached.add(neighbour)
                    ahead.append(neighbour)
                    if not seen[neighbour]:
                        seen[neighbour] = 1
                        fresh.append(neighbour)
        layer = ahead
    return fresh
