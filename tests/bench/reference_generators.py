"""The reference implementation's maze generators (`tests.bench.reference`), one per core algorithm,
each written the obvious way on the rooms matrix of `tests.bench.reference_grid`.

Its own module because twelve generators are most of the reference: beside them the searches and the
registry would not fit one module.
"""

import itertools
import random

from tests.bench.reference_grid import Matrix, Room, closed_matrix, neighbours, open_wall, reachable


def classic(rows: int, cols: int, rng: random.Random) -> Matrix:
    """The exercise's fill moved to rooms: every inner wall stands with probability 1/3; redraw until
    solvable."""
    while True:
        matrix = closed_matrix(rows, cols)
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols and rng.random() >= 1 / 3:
                    open_wall(matrix, (r, c), (r, c + 1))
                if r + 1 < rows and rng.random() >= 1 / 3:
                    open_wall(matrix, (r, c), (r + 1, c))
        if reachable(matrix, (0, 0), (rows - 1, cols - 1)):
            return matrix


def backtracker(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Randomised depth-first search with a list stack of (r, c) tuples."""
    matrix = closed_matrix(rows, cols)
    visited = [[False] * cols for _ in range(rows)]
    start = (rng.randrange(rows), rng.randrange(cols))
    visited[start[0]][start[1]] = True
    stack = [start]
    while stack:
        room = stack[-1]
        fresh = [n for n in neighbours(rows, cols, room) if not visited[n[0]][n[1]]]
        if not fresh:
            stack.pop()
            continue
        nxt = rng.choice(fresh)
        open_wall(matrix, room, nxt)
        visited[nxt[0]][nxt[1]] = True
        stack.append(nxt)
    return matrix


def prim(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Randomised Prim with a wall list: take a random listed wall; open it if it leads somewhere new."""
    matrix = closed_matrix(rows, cols)
    visited = [[False] * cols for _ in range(rows)]
    start = (rng.randrange(rows), rng.randrange(cols))
    visited[start[0]][start[1]] = True
    walls = [(start, n) for n in neighbours(rows, cols, start)]
    while walls:
        room, nxt = walls.pop(rng.randrange(len(walls)))
        if visited[nxt[0]][nxt[1]]:
            continue
        open_wall(matrix, room, nxt)
        visited[nxt[0]][nxt[1]] = True
        for other in neighbours(rows, cols, nxt):
            if not visited[other[0]][other[1]]:
                walls.append((nxt, other))
    return matrix


def kruskal(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Randomised Kruskal: a shuffled list of every inner wall and a dict union-find over the rooms."""
    matrix = closed_matrix(rows, cols)
    parent = {(r, c): (r, c) for r in range(rows) for c in range(cols)}

    def find(room: Room) -> Room:
        root = room
        while parent[root] != root:
            root = parent[root]
        while parent[room] != root:  # path compression
            parent[room], room = root, parent[room]
        return root

    walls = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                walls.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                walls.append(((r, c), (r + 1, c)))
    rng.shuffle(walls)
    for a, b in walls:
        root_a, root_b = find(a), find(b)
        if root_a != root_b:
            parent[root_b] = root_a
            open_wall(matrix, a, b)
    return matrix


def division(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Recursive division on the matrix: start with no inner walls, split chambers with a one-gap wall."""
    matrix = closed_matrix(rows, cols)
    for i in range(1, 2 * rows):
        for j in range(1, 2 * cols):
            if i % 2 != j % 2:  # a wall cell between two rooms
                matrix[i][j] = 0

    def divide(top: int, left: int, height: int, width: int) -> None:
        if height < 2 or width < 2:
            return
        if height > width or (height == width and rng.random() < 0.5):
            cut = rng.randrange(height - 1)  # the wall goes below room row top + cut
            gap = left + rng.randrange(width)
            i = 2 * (top + cut) + 2
            for c in range(left, left + width):
                if c != gap:
                    matrix[i][2 * c + 1] = 1
            divide(top, left, cut + 1, width)
            divide(top + cut + 1, left, height - cut - 1, width)
        else:
            cut = rng.randrange(width - 1)  # the wall goes east of room column left + cut
            gap = top + rng.randrange(height)
            j = 2 * (left + cut) + 2
            for r in range(top, top + height):
                if r != gap:
                    matrix[2 * r + 1][j] = 1
            divide(top, left, height, cut + 1)
            divide(top, left + cut + 1, height, width - cut - 1)

    divide(0, 0, rows, cols)
    return matrix


def wilson(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Wilson's algorithm: random walks kept in a list, loops erased by slicing the list back."""
    matrix = closed_matrix(rows, cols)
    in_tree = [[False] * cols for _ in range(rows)]
    in_tree[rng.randrange(rows)][rng.randrange(cols)] = True
    for r in range(rows):
        for c in range(cols):
            if in_tree[r][c]:
                continue
            path = [(r, c)]
            while not in_tree[path[-1][0]][path[-1][1]]:
                nxt = rng.choice(neighbours(rows, cols, path[-1]))
                if nxt in path:
                    path = path[: path.index(nxt) + 1]  # erase the loop
                else:
                    path.append(nxt)
            for a, b in itertools.pairwise(path):
                open_wall(matrix, a, b)
                in_tree[a[0]][a[1]] = True
    return matrix


def aldous_broder(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Aldous-Broder: a random walk of (r, c) tuples; open the wall into every room met for the first time."""
    matrix = closed_matrix(rows, cols)
    visited = [[False] * cols for _ in range(rows)]
    room = (rng.randrange(rows), rng.randrange(cols))
    visited[room[0]][room[1]] = True
    left = rows * cols - 1
    while left:
        nxt = rng.choice(neighbours(rows, cols, room))
        if not visited[nxt[0]][nxt[1]]:
            visited[nxt[0]][nxt[1]] = True
            open_wall(matrix, room, nxt)
            left -= 1
        room = nxt
    return matrix


def hunt_and_kill(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Hunt-and-kill: walk to random unvisited neighbours; when stuck, scan every room from the top left
    for an unvisited one beside a visited one."""
    matrix = closed_matrix(rows, cols)
    visited = [[False] * cols for _ in range(rows)]
    room: Room | None = (0, 0)
    visited[0][0] = True
    while room is not None:
        fresh = [n for n in neighbours(rows, cols, room) if not visited[n[0]][n[1]]]
        if fresh:
            nxt = rng.choice(fresh)
            open_wall(matrix, room, nxt)
            visited[nxt[0]][nxt[1]] = True
            room = nxt
            continue
        room = None
        for r, c in itertools.product(range(rows), range(cols)):
            if visited[r][c]:
                continue
            old = [n for n in neighbours(rows, cols, (r, c)) if visited[n[0]][n[1]]]
            if old:
                open_wall(matrix, (r, c), rng.choice(old))
                visited[r][c] = True
                room = (r, c)
                break
    return matrix


def growing_tree(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Growing tree, newest cell first, with a list of active (r, c) tuples (the backtracker's bias)."""
    matrix = closed_matrix(rows, cols)
    visited = [[False] * cols for _ in range(rows)]
    start = (rng.randrange(rows), rng.randrange(cols))
    visited[start[0]][start[1]] = True
    active = [start]
    while active:
        room = active[-1]
        fresh = [n for n in neighbours(rows, cols, room) if not visited[n[0]][n[1]]]
        if not fresh:
            active.remove(room)
            continue
        nxt = rng.choice(fresh)
        open_wall(matrix, room, nxt)
        visited[nxt[0]][nxt[1]] = True
        active.append(nxt)
    return matrix


def sidewinder(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Sidewinder: the top row open; below, runs east closed by a passage north from one of their rooms."""
    matrix = closed_matrix(rows, cols)
    for c in range(cols - 1):
        open_wall(matrix, (0, c), (0, c + 1))
    for r in range(1, rows):
        run: list[Room] = []
        for c in range(cols):
            run.append((r, c))
            if c + 1 < cols and rng.random() < 0.5:
                open_wall(matrix, (r, c), (r, c + 1))
            else:
                member = rng.choice(run)
                open_wall(matrix, member, (member[0] - 1, member[1]))
                run = []
    return matrix


def binary_tree(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Binary tree: every room opens north or west by a coin toss (only the way that exists at the edge)."""
    matrix = closed_matrix(rows, cols)
    for r in range(rows):
        for c in range(cols):
            ways = [room for room in ((r - 1, c), (r, c - 1)) if room[0] >= 0 and room[1] >= 0]
            if ways:
                open_wall(matrix, (r, c), rng.choice(ways))
    return matrix


def eller(rows: int, cols: int, rng: random.Random) -> Matrix:
    """Eller's algorithm with a dict of set labels per row, relabelling every member on a merge."""
    matrix = closed_matrix(rows, cols)
    label = {c: c for c in range(cols)}
    fresh = itertools.count(cols)
    for r in range(rows):
        last = r == rows - 1
        for c in range(cols - 1):
            if label[c] != label[c + 1] and (last or rng.random() < 0.5):
                open_wall(matrix, (r, c), (r, c + 1))
                old = label[c + 1]
                for k in range(cols):
                    if label[k] == old:
                        label[k] = label[c]
        if last:
            break
        members: dict[int, list[int]] = {}
        for c in range(cols):
            members.setdefault(label[c], []).append(c)
        below = {}
        for name, columns in members.items():
            down = [c for c in columns if rng.random() < 0.5] or [rng.choice(columns)]
            for c in down:
                open_wall(matrix, (r, c), (r + 1, c))
                below[c] = name
        label = {c: below[c] if c in below else next(fresh) for c in range(cols)}
    return matrix
