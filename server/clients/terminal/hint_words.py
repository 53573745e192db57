"""What the terminal says of the racer's own hint: the direction to take, and how far the way it marks
(○) goes. In a room whose hints show the way only to the next junction (`hint_reveal`), the marked way
stops there, or after a few steps, and the line says so. One whole sentence a case, filled in here."""

from server.maze.directions import direction_between
from server.maze.model import Cell


def way_on_line(method: str, way: tuple[Cell, ...], cut: str | None) -> str:
    """The line of a hint that found a way on: `way` is the marked way from the racer's cell."""
    if len(way) < 2:
        return f"hint ({method}): you are on the exit"
    direction = direction_between(way[0], way[1])
    where = direction.value if direction is not None else "on"
    steps = len(way) - 1
    if cut == "junction":
        if steps == 1:
            return f"hint ({method}): go {where}; 1 step to the next junction (○)"
        return f"hint ({method}): go {where}; {steps} steps to the next junction (○)"
    if cut == "steps":
        return f"hint ({method}): go {where}; the first {steps} steps of the way are marked ○"
    if steps == 1:
        return f"hint ({method}): go {where}; 1 step to the exit (○)"
    return f"hint ({method}): go {where}; {steps} steps to the exit (○)"


def back_up_line(method: str, back_to: str, way: tuple[Cell, ...], cut: str | None) -> str:
    """The line of a hint with no way on: `back_to` is the cell to back up to as typed ("" for none),
    `way` the marked trail back."""
    if not back_to:
        return f"hint ({method}): no way on without backing up; no way found"
    if cut is not None:
        return (
            f"hint ({method}): no way on without backing up; back up to {back_to},"
            f" the first {len(way) - 1} steps back are marked ○"
        )
    return f"hint ({method}): no way on without backing up; back up to {back_to} (○)"
