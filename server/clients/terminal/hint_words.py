"""What the terminal says of the racer's own hint: the direction to take, and how far the way it marks
(○) goes. In a room whose hints show the way only to the next junction (`hint_reveal`), the marked way
stops there, or after a few steps, and the line says so. One whole sentence a case, from the catalogue
of `words` (the method and the direction by their catalogue names)."""

from server.clients.terminal.labels import direction_name, method_name
from server.clients.terminal.messages import ENGLISH, Messages
from server.maze.directions import direction_between
from server.maze.model import Cell


def way_on_line(method: str, way: tuple[Cell, ...], cut: str | None, words: Messages = ENGLISH) -> str:
    """The line of a hint that found a way on: `way` is the marked way from the racer's cell."""
    named = method_name(method, words)
    if len(way) < 2:
        return words("hint.on_exit", method=named)
    direction = direction_between(way[0], way[1])
    where = direction_name(direction, words) if direction is not None else "?"
    steps = len(way) - 1
    if cut == "junction":
        return words("hint.to_junction", method=named, direction=where, count=steps)
    if cut == "steps":
        return words("hint.first_steps", method=named, direction=where, count=steps)
    return words("hint.to_exit", method=named, direction=where, count=steps)


def back_up_line(
    method: str, back_to: str, way: tuple[Cell, ...], cut: str | None, words: Messages = ENGLISH
) -> str:
    """The line of a hint with no way on: `back_to` is the cell to back up to as typed ("" for none),
    `way` the marked trail back."""
    named = method_name(method, words)
    if not back_to:
        return words("hint.no_way", method=named)
    if cut is not None:
        return words("hint.back_up_first", method=named, cell=back_to, count=len(way) - 1)
    return words("hint.back_up", method=named, cell=back_to)
