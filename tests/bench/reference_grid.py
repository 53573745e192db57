"""The rooms matrix the reference implementation (`tests.bench.reference`) works on: its types, the
steps between rooms, building and reading it room by room, and the exercise's solvability check.

Its own module because the reference's generators (`tests.bench.reference_generators`) and its searches
both stand on it, and the generators are too many to share a module with the searches.
"""

Room = tuple[int, int]
Matrix = list[list[int]]

STEPS: tuple[Room, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""East, south, west, north, as (row, column) steps between rooms."""


def closed_matrix(rows: int, cols: int) -> Matrix:
    """Every wall standing, every room open."""
    matrix = [[1] * (2 * cols + 1) for _ in range(2 * rows + 1)]
    for r in range(rows):
        for c in range(cols):
            matrix[2 * r + 1][2 * c + 1] = 0
    return matrix


def open_wall(matrix: Matrix, a: Room, b: Room) -> None:
    """Remove the wall between neighbouring rooms a and b."""
    matrix[a[0] + b[0] + 1][a[1] + b[1] + 1] = 0


def neighbours(rows: int, cols: int, room: Room) -> list[Room]:
    """The rooms next to `room` inside the maze, whatever the walls."""
    r, c = room
    found = []
    for dr, dc in STEPS:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            found.append((r + dr, c + dc))
    return found


def open_neighbours(matrix: Matrix, room: Room) -> list[Room]:
    """The rooms reachable from `room` in one step (the wall cell between them is 0)."""
    r, c = room
    found = []
    for dr, dc in STEPS:
        if matrix[2 * r + 1 + dr][2 * c + 1 + dc] == 0:  # the border is all 1, so no bounds check needed
            found.append((r + dr, c + dc))
    return found


def size_of(matrix: Matrix) -> tuple[int, int]:
    """(rows, cols) of rooms."""
    return len(matrix) // 2, len(matrix[0]) // 2


def reachable(matrix: Matrix, start: Room, goal: Room) -> bool:
    """The exercise's check that a maze can be solved: mark rooms from the start until the goal is seen."""
    rows, cols = size_of(matrix)
    seen = [[False] * cols for _ in range(rows)]
    seen[start[0]][start[1]] = True
    stack = [start]
    while stack:
        room = stack.pop()
        if room == goal:
            return True
        for nxt in open_neighbours(matrix, room):
            if not seen[nxt[0]][nxt[1]]:
                seen[nxt[0]][nxt[1]] = True
                stack.append(nxt)
    return False
