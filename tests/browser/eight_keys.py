"""The keys and the geometry of moving through an 8-direction maze in the page: the arrow keys for
straight steps, the diagonal keys in turn, the step between two cells, a shortest way, and the canvas's
pixels at points."""

from collections import deque

from server.maze.model import Cell, Maze

STRAIGHT = {(0, 1): "ArrowRight", (0, -1): "ArrowLeft", (1, 0): "ArrowDown", (-1, 0): "ArrowUp"}


DIAGONAL_KEYS = (  # taken in turn: the keypad by position, the letters beside WASD, the NumLock-off names
    {(-1, -1): "Numpad7", (-1, 1): "Numpad9", (1, -1): "Numpad1", (1, 1): "Numpad3"},
    {(-1, -1): "q", (-1, 1): "e", (1, -1): "z", (1, 1): "c"},
    {(-1, -1): "Home", (-1, 1): "PageUp", (1, -1): "End", (1, 1): "PageDown"},
)


def delta(a: Cell, b: Cell) -> tuple[int, int]:
    return b[0] - a[0], b[1] - a[1]


def way(maze: Maze, start: Cell, goal: Cell) -> list[Cell]:
    """A shortest way over every open side, diagonals included (breadth first)."""
    before: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            break
        for dr, dc in FACING:
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt not in before and maze.in_bounds(nxt) and maze.is_open(cell, nxt):
                before[nxt] = cell
                queue.append(nxt)
    path = [goal]
    while (prev := before[path[-1]]) is not None:
        path.append(prev)
    return path[::-1]


PIXELS_AT = """([canvas, hook, points]) => {
  const ctx = document.getElementById(canvas).getContext('2d');
  return points.map(([x, y]) => {
    const [px, py] = window[hook].canvasPoint(x, y);
    return [...ctx.getImageData(Math.round(px), Math.round(py), 1, 1).data];
  });
}"""


FACING = {
    (0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up",
    (-1, -1): "up-left", (-1, 1): "up-right", (1, -1): "down-left", (1, 1): "down-right",
}  # fmt: skip
"""The facing of every step, straight and diagonal (a way is searched over all of them)."""
