"""The live rooms of one process: the registry, the room clock, the bot driver, and the searches that
run in worker processes. Between the pure rules below and the edges above."""
