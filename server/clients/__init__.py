"""Clients of the server: the terminal client and the maze command-line tool. They use the maze library,
the room rules' typed events and the wire protocol, never the server's runtime or edges."""
