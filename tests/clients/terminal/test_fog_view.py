"""The terminal's room view in a fog race, fed a racer's move acks as the server sends them: the cells
an ack reveals are kept even when the room's own `moved` event came first (it often does), and the
rivals an ack names in sight show up where they stand, the others go out of sight."""

from server.clients.terminal.racer import Racer
from server.clients.terminal.room_view import RoomView
from server.maze.fog import FogMemory, fogged_maze, revealed
from server.maze.generation import MazeSpec, generate
from server.maze.wire import decode_maze


def test_a_move_ack_reveals_cells_and_places_the_rivals_in_sight() -> None:
    maze = generate(MazeSpec("backtracker", 6, 6, 3, directions=8))
    memory = FogMemory.at_start(maze, 1)
    wire = fogged_maze(maze, memory.seen)
    view = RoomView(you="p1", phase="racing")
    view.set_maze(wire)
    ana = Racer("p1", "ana", cell=maze.entrance, trail=[maze.entrance])
    bob = Racer("p2", "bob", cell=(5, 5), trail=[(5, 5)])
    view.players = [ana, bob]
    step = next(maze.cell(i) for i in range(maze.size) if memory.seen[i] and maze.cell(i) != maze.entrance)
    new = memory.look_from(maze, maze.index(step), 1)
    assert new
    ack = {"cell": list(step), "facing": "right", "trail_len": 2, "moves": 1}
    ack |= {"seen": revealed(maze, new)["cells"], "rivals": [{"id": "p2", "cell": [4, 4], "facing": "up"}]}
    ana.moved(ack, fog=False)  # the room's `moved` event for ana arrived before the ack
    view.own_move(ack)
    assert view.seen is not None
    assert all(view.seen[i] for i in new)
    assert view.maze is not None
    assert view.maze.walls().east == decode_maze(fogged_maze(maze, memory.seen)).walls().east
    assert (bob.cell, bob.trail) == ((4, 4), [(4, 4)])
    assert ana.cell == step

    view.own_move({**ack, "moves": 2, "seen": [], "rivals": []})  # walked away from bob standing still
    assert (bob.cell, bob.trail) == (None, [])
